# A test-writing step's RED: PROGRAM (the exercise's starting tests file, built against the
# wheat) compiles and holds no test case, so it catches no chaff.
#   cmake -DPROGRAM=<path> -P check_no_tests.cmake
execute_process(COMMAND "${PROGRAM}" --list-test-names-only
  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(STRIP "${out}" names)
if(NOT names STREQUAL "")
  message(FATAL_ERROR "the starting file holds test cases; a student starts from none:\n${names}")
endif()
message(STATUS "the starting file holds no test case")
