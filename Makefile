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

.PHONY: all deps configure build demo check paper clean fuzz

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

clean:
	rm -rf $(BUILD)
