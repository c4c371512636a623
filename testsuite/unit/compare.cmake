# Runs CMD (and REF) and checks status, stderr, stdout. Command lines are
# passed with '|' between arguments. Variables:
#   CMD            the command under test
#   REF            optional reference command; its stdout must equal CMD's
#   EXPECT_STATUS  expected exit status (default 0)
#   EXPECT_STDERR  optional regex that CMD's stderr must match
#   EXPECT_STDOUT  optional regex that CMD's stdout must match
string(REPLACE "|" ";" CMD "${CMD}")
if(DEFINED REF)
  string(REPLACE "|" ";" REF "${REF}")
endif()
if(NOT DEFINED EXPECT_STATUS)
  set(EXPECT_STATUS 0)
endif()
# A TMPDIR of its own: Open MPI keeps its session directory there, and
# concurrent jobs sharing one race on creating and removing it.
execute_process(COMMAND mktemp -d /tmp/zplc-ctest.XXXXXX OUTPUT_VARIABLE tmpdir
                OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE mst)
if(NOT mst EQUAL 0)
  message(FATAL_ERROR "mktemp failed: ${mst}")
endif()
set(ENV{TMPDIR} "${tmpdir}")
execute_process(COMMAND ${CMD} RESULT_VARIABLE st OUTPUT_VARIABLE out ERROR_VARIABLE err
                TIMEOUT 120)
file(REMOVE_RECURSE "${tmpdir}")
if(NOT st STREQUAL "${EXPECT_STATUS}")
  message(FATAL_ERROR "exit status ${st}, expected ${EXPECT_STATUS}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED EXPECT_STDERR AND NOT err MATCHES "${EXPECT_STDERR}")
  message(FATAL_ERROR "stderr does not match '${EXPECT_STDERR}':\n${err}")
endif()
if(DEFINED EXPECT_STDOUT AND NOT out MATCHES "${EXPECT_STDOUT}")
  message(FATAL_ERROR "stdout does not match '${EXPECT_STDOUT}':\n${out}")
endif()
if(DEFINED REF)
  execute_process(COMMAND ${REF} RESULT_VARIABLE rst OUTPUT_VARIABLE rout ERROR_VARIABLE rerr
                  TIMEOUT 120)
  if(NOT rst EQUAL 0)
    message(FATAL_ERROR "reference failed (${rst}):\n${rerr}")
  endif()
  if(NOT out STREQUAL rout)
    file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/compare.out "${out}")
    file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/compare.ref "${rout}")
    message(FATAL_ERROR "output differs from the reference:\n--- got\n${out}\n--- expected\n${rout}")
  endif()
endif()
