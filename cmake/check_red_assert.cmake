# A step's RED that is a failed assertion: PROGRAM (a step's test program) must run to the end
# and report a failed assertion. A crash, or an exit before the tests finished, is not the red
# the step promises. (A hang is stopped by the test's TIMEOUT.) The program's report is the
# harness's (`-r mazekit`, mazekit/harness/catch_main.cpp): one JSON line, read with
# string(JSON), the same report mazekit reads for a student's step.
# TESTS, when given, is a Catch2 test spec with file tags (the program is run with -#): only
# those test cases are run, e.g. "[#step05_reset]" for step 5's test in the program of step 4's
# solution, or "[#step03_x]~[keeps]" for the test cases a refactor step does not keep.
#   cmake -DPROGRAM=<path> [-DTESTS=<spec>] -P check_red_assert.cmake
set(spec "")
if(TESTS)
  set(spec "-#" "${TESTS}")
endif()
execute_process(COMMAND "${PROGRAM}" -r mazekit ${spec}
  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(result EQUAL 0)
  message(FATAL_ERROR "not red: every assertion passed\n${out}")
endif()
if(NOT result MATCHES "^[0-9]+$")
  message(FATAL_ERROR "not the declared red: the program did not finish (${result})\n${err}")
endif()
# The report is the last line the program printed (the step's own output comes before it).
string(REGEX MATCH "[^\n]+\n?$" line "${out}")
string(JSON report ERROR_VARIABLE bad GET "${line}" report)
if(bad)
  message(FATAL_ERROR "not the declared red: the program wrote no report (${bad})\n${out}${err}")
endif()
string(JSON aborting GET "${report}" aborting)
string(JSON cases LENGTH "${report}" test_cases)
set(first_failure "")
if(cases GREATER 0 AND NOT aborting)
  math(EXPR last "${cases} - 1")
  foreach(i RANGE ${last})
    string(JSON failed GET "${report}" test_cases ${i} failed)
    if(failed GREATER 0 AND first_failure STREQUAL "")
      string(JSON name GET "${report}" test_cases ${i} name)
      string(JSON line GET "${report}" test_cases ${i} failure line)
      string(JSON text GET "${report}" test_cases ${i} failure text)
      set(first_failure "\"${name}\", test line ${line}: ${text}")
    endif()
  endforeach()
endif()
if(first_failure STREQUAL "")
  message(FATAL_ERROR "not the declared red: no failed assertion in the report\n${report}\n${err}")
endif()
message(STATUS "red as declared: ${first_failure}")
