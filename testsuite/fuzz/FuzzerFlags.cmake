# ZPLC_FUZZER=ON: build every zplc library for libFuzzer with ASan and
# UBSan (any UB stops the run), and add the zplc-fuzz target
# (testsuite/fuzz/). Needs clang (make fuzz configures build-fuzz with
# clang-22); the LLVM/MLIR libraries it links stay uninstrumented.
option(ZPLC_FUZZER "Build the libFuzzer target zplc-fuzz (clang only)" OFF)
if(ZPLC_FUZZER)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "ZPLC_FUZZER needs clang (e.g. CXX=clang++-22)")
  endif()
  # -O1 and line tables only: quicker to build than Release's -O3 -g
  # builds, and what libFuzzer's documentation recommends.
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined
                      -fno-sanitize-recover=all -fno-omit-frame-pointer
                      -O1 -gline-tables-only)
  add_link_options(-fsanitize=address,undefined)
endif()
