# A step's RED that is a failed assertion: PROGRAM (a Catch2 test program) must run to the end
# and report a failed assertion. A crash, or an exit without Catch2's summary, is not the red
# the step promises. (A hang is stopped by the test's TIMEOUT.)
#   cmake -DPROGRAM=<path> -P check_red_assert.cmake
execute_process(COMMAND "${PROGRAM}"
  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(result EQUAL 0)
  message(FATAL_ERROR "not red: every assertion passed\n${out}")
endif()
if(NOT result MATCHES "^[0-9]+$")
  message(FATAL_ERROR "not the declared red: the program did not finish (${result})\n${out}${err}")
endif()
if(NOT out MATCHES "FAILED:" OR NOT out MATCHES "test cases:.*failed")
  message(FATAL_ERROR "not the declared red: no failed assertion in the output\n${out}${err}")
endif()
string(REGEX MATCH "[^\n]*FAILED:[^\n]*\n[^\n]*\n[^\n]*" first_failure "${out}")
message(STATUS "red as declared: ${first_failure}")
