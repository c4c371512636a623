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

.PHONY: all deps configure build demo check paper clean

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

clean:
	rm -rf $(BUILD)
