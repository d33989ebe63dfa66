# mazekit verify 1: lesson 1's proof, step by step; and an unknown lesson is bad usage.
add_test(NAME "mazekit.verify proves lesson 1 step by step" COMMAND mazekit verify 1 -j 2)
set_tests_properties("mazekit.verify proves lesson 1 step by step" PROPERTIES
  TIMEOUT 900 RUN_SERIAL TRUE
  # Every step's three checks, and the verdict: a step that failed or was missing says so.
  PASS_REGULAR_EXPRESSION "01 [^\n]* RED ok +GREEN ok +picture ok.*proven: every step RED before it and GREEN after it"
  FAIL_REGULAR_EXPRESSION "FAILED|missing|NOT proven")
# Exit status 2 and one line naming the lesson asked for.
add_test(NAME "mazekit.verify refuses a lesson that is not there"
  COMMAND sh -c "\"$0\" verify 99 2>&1 | grep -q \"'99'\" && { \"$0\" verify 99 >/dev/null 2>&1; test $? -eq 2; }"
    $<TARGET_FILE:mazekit>)
