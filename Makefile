# The two commands a user needs on a fresh machine:
#   make demo   installs what is missing, builds zplc, compiles and runs Jacobi
#   make check  the same set-up, then every test (unit, lit, end to end)

BUILD ?= build
LLVM_DIR ?= /usr/lib/llvm-22
CMAKE_FLAGS = -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DMLIR_DIR=$(LLVM_DIR)/lib/cmake/mlir \
  -DLLVM_EXTERNAL_LIT=$(LLVM_DIR)/bin/lit
JOBS ?= $(shell nproc)

# Open MPI refuses to run as root without these (CI runs as root).
export OMPI_ALLOW_RUN_AS_ROOT = 1
export OMPI_ALLOW_RUN_AS_ROOT_CONFIRM = 1

.PHONY: all deps configure build demo check paper nas check-sanitize check-multihost clean fuzz

all: build

deps:
	@bash scripts/install-deps.sh

$(BUILD)/build.ninja: | deps
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS)

configure: deps $(BUILD)/build.ninja

build: configure
	ninja -C $(BUILD) -j $(JOBS)

demo: build
	@bash scripts/demo.sh $(BUILD)

check: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	$(LLVM_DIR)/bin/lit -sv -j $(JOBS) $(BUILD)/testsuite

# Not part of check: regenerates docs/paper/ (minutes; installs
# python3-matplotlib if missing).
paper: build
	BUILD=$(BUILD) bash bench/paper/run.sh

# Not part of check: the NAS benchmarks of examples/nas verified at the larger
# NPB classes, serially and on 1 and 2 MPI ranks (make check verifies class
# S). make nas NAS_CLASSES="W A" also runs class A where a program has it.
NAS_CLASSES ?= W
nas: build
	@for c in $(NAS_CLASSES); do \
	  bash scripts/nas-verify.sh --build=$(BUILD) --class=$$c || exit 1; \
	done

# make fuzz [FUZZ_SECONDS=600]: builds the libFuzzer target (clang-22,
# ASan+UBSan) in build-fuzz and fuzzes the front end through C emission;
# see testsuite/fuzz/README.md.
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 600
fuzz:
	@bash scripts/install-deps.sh --fuzz
	cmake -S . -B $(FUZZ_BUILD) $(CMAKE_FLAGS) -DZPLC_FUZZER=ON \
	  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22
	ninja -C $(FUZZ_BUILD) -j $(JOBS) zplc-fuzz
	bash testsuite/fuzz/run-fuzzer.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

# ASan+UBSan build of zplc, runtime and back ends in its own directory; the
# lit suite (every example on every back end) and the unit tests run there,
# with the known false positives suppressed by the files in testsuite/sanitize.
# -O1: the level the sanitizers recommend, and quicker to compile than -O3.
SANITIZE_BUILD ?= build-sanitize
SANITIZE_DIR = $(CURDIR)/testsuite/sanitize
SANITIZE_ENV = ASAN_OPTIONS=include=$(SANITIZE_DIR)/asan.options \
  LSAN_OPTIONS=suppressions=$(SANITIZE_DIR)/lsan.supp:print_suppressions=0:fast_unwind_on_malloc=0 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

check-sanitize: deps
	cmake -S . -B $(SANITIZE_BUILD) $(CMAKE_FLAGS) -DZPLC_SANITIZE=ON \
	  "-DCMAKE_C_FLAGS_RELEASE=-O1 -DNDEBUG" "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG"
	ninja -C $(SANITIZE_BUILD) -j $(JOBS)
	cd $(SANITIZE_BUILD) && $(SANITIZE_ENV) ctest --output-on-failure -j $(JOBS)
	$(SANITIZE_ENV) $(LLVM_DIR)/bin/lit -sv -j $(JOBS) $(SANITIZE_BUILD)/testsuite

# MPI programs across emulated hosts (network namespaces; root only).
check-multihost: build
	@bash scripts/check-multihost.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD)
