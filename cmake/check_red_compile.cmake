# A step's RED that is a compile error: compiling SOURCE with COMMAND must fail, and the first
# error must match PATTERN. Any other first error — a typo in the test, a missing header — is
# not the red the step promises, and fails this check.
#   cmake -DCOMMAND=<compiler;flags...> -DSOURCE=<test.cpp> -DPATTERN=<regex> -P check_red_compile.cmake
set(ENV{LC_ALL} C)  # plain quotes in the compiler's messages, as the patterns are written
execute_process(COMMAND ${COMMAND} "${SOURCE}"
  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(result EQUAL 0)
  message(FATAL_ERROR "not red: ${SOURCE} compiled, but it should fail with: ${PATTERN}")
endif()
string(REGEX MATCH "[^\n]*error:[^\n]*" first_error "${err}")
if(first_error STREQUAL "")
  message(FATAL_ERROR "not the declared red: the compiler failed without an error line:\n${err}")
endif()
if(NOT first_error MATCHES "${PATTERN}")
  message(FATAL_ERROR "not the declared red: the first error is\n  ${first_error}\n"
                      "but the step declares one matching\n  ${PATTERN}")
endif()
message(STATUS "red as declared: ${first_error}")
