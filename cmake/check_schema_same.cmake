# A test-writing step's mutant schema judges each of the lesson's test cases as the code it
# stands for: SCHEMA run with MAZEKIT_CHAFF=CHOICE and PROGRAM (that chaff's own build, or for
# CHOICE 0 the wheat's, its tests picked by TAG) give every check of every test case the same
# result and values, and end the same way. A chaff the schema does not hold (SCHEMA_JSON says so) keeps its own
# build in `mazekit check`: the schema with its number chosen is then the wheat.
#   cmake -DSCHEMA=... -DCHOICE=N -DPROGRAM=... [-DTAG=[#file]] [-DSCHEMA_JSON=...] -P this
function(results out program)
  # Every check, passed or failed, with its values: two runs alike in these ran alike.
  execute_process(COMMAND ${program} -r xml -s
    RESULT_VARIABLE status OUTPUT_VARIABLE xml ERROR_VARIABLE ignored)
  string(REGEX MATCHALL
    "<TestCase name=\"[^\"]*\"|<Expression success=\"[a-z]+\"|<Expanded>[^<]*</Expanded>|<OverallResult success=\"[a-z]+\""
    found "${xml}")
  list(JOIN found "\n" found)
  set(${out} "${found}\nexit status: ${status}" PARENT_SCOPE)
endfunction()

set(placed TRUE)
if(DEFINED SCHEMA_JSON)
  file(READ "${SCHEMA_JSON}" json)
  math(EXPR index "${CHOICE} - 1")
  string(JSON placed GET "${json}" placed ${index})
endif()
if(DEFINED TAG)
  results(expected "${PROGRAM};-#;${TAG}")
else()
  results(expected "${PROGRAM}")
endif()
results(schema "${CMAKE_COMMAND};-E;env;MAZEKIT_CHAFF=${CHOICE};${SCHEMA}")
if(NOT placed)
  # Not in the schema: choosing it changes nothing.
  results(expected "${CMAKE_COMMAND};-E;env;MAZEKIT_CHAFF=0;${SCHEMA}")
endif()
if(NOT expected MATCHES "<TestCase name=")
  message(FATAL_ERROR "no test case ran:\n${expected}")
endif()
if(NOT schema STREQUAL expected)
  message(FATAL_ERROR "the schema with MAZEKIT_CHAFF=${CHOICE} (${SCHEMA}) is not the code it "
                      "stands for (${PROGRAM}):\n--- expected\n${expected}\n--- the schema\n${schema}")
endif()
message(STATUS "the same verdicts:\n${schema}")
