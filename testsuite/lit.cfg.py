# -*- Python -*- lit configuration for zplc: lit/ (FileCheck tests of each
# component) and e2e/ (compile a program, run it, compare its output).
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from zplc_lit_format import ShTestRequiringRun
from lit.llvm import llvm_config

config.name = "zplc"
# Run RUN lines with bash: the e2e tests check exit statuses with `$?`.
# Each test gets a TMPDIR of its own: Open MPI keeps its session directory
# there, and two jobs sharing one race (one removes it while the other
# creates its job's directory in it: "mkdir ... File exists").
private_tmpdir = ('export TMPDIR="$(mktemp -d /tmp/zplc-lit.XXXXXX)"; '
                  'trap \'rm -rf "$TMPDIR"\' EXIT')

# A file without a RUN line fails (zplc_lit_format.py).
config.test_format = ShTestRequiringRun(execute_external=True,
                                        preamble_commands=[private_tmpdir])
config.suffixes = [".zpl", ".mlir", ".test"]
# fuzz/crashes holds inputs, not tests: ctest's fuzz-replay compiles them
# all, and a lit test under lit/ states each one's diagnostic. package/ is a
# user's project that ctest's package-consumer builds.
config.excludes = ["unit", "fuzz", "package", "Inputs", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.zplc_obj_root, "testsuite")

# The sanitizer settings of make check-sanitize reach the compiled programs.
llvm_config.with_system_environment(["HOME", "TMPDIR", "ASAN_OPTIONS",
                                     "LSAN_OPTIONS", "UBSAN_OPTIONS"])
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
# Open MPI refuses root without these; CI and the dev machines run as root.
config.environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
config.environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
config.environment["OMPI_MCA_rmaps_base_oversubscribe"] = "1"
# zplc built with ASan+UBSan (make check-sanitize) compiles 5-10x slower:
# driver/compile-time.test's cap on one compile grows with it.
# Tests of resident memory say `UNSUPPORTED: sanitize`.
if getattr(config, "zplc_sanitize", "OFF").upper() in ("ON", "1", "TRUE", "YES"):
    config.environment["ZPLC_COMPILE_LIMIT_SECONDS"] = "600"
    config.available_features.add("sanitize")

bin_dir = os.path.join(config.zplc_obj_root, "bin")
config.substitutions.append(("%zplc", os.path.join(bin_dir, "zplc")))
config.substitutions.append(("%zpl-opt", os.path.join(bin_dir, "zpl-opt")))
config.substitutions.append(("%runtime_include",
                             os.path.join(config.zplc_src_root, "runtime", "include")))
config.substitutions.append(("%examples", os.path.join(config.zplc_src_root, "examples")))
# lit itself, to test this configuration: the lit running the suite.
config.substitutions.append(("%run-lit", sys.executable + " " + os.path.abspath(sys.argv[0])))
config.substitutions.append(("%test-exec-root", config.test_exec_root))
config.substitutions.append(("%mpirun", config.mpiexec + " --oversubscribe"))
