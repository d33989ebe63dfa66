# mazekit grade on the fabricated submissions in grading/: the grades must be the ones in
# grading/expected.csv, each failure reported for its reason.
add_test(NAME "mazekit.grade grades the fabricated submissions as grading/expected.csv says"
  COMMAND "${CMAKE_COMMAND}"
    "-DMAZEKIT=$<TARGET_FILE:mazekit>"
    "-DGRADING=${PROJECT_SOURCE_DIR}/grading"
    "-DWORK=${CMAKE_CURRENT_BINARY_DIR}/grade-check"
    -DJOBS=3
    -P "${PROJECT_SOURCE_DIR}/grading/check_grading.cmake")
set_tests_properties("mazekit.grade grades the fabricated submissions as grading/expected.csv says"
  PROPERTIES TIMEOUT 900 RUN_SERIAL TRUE LABELS "mazekit;grading;slow" FIXTURES_SETUP honest_class_graded)

# The hostile class (grading/hostile) graded beside the honest one: every honest row as when
# graded alone, every hostile student its expected outcome, nothing outside --out changed, no
# process of the run left (grading/check_hostile.sh).
add_test(NAME "mazekit.grade grades a hostile class beside the honest one and no honest row changes"
  COMMAND "${PROJECT_SOURCE_DIR}/grading/check_hostile.sh" "$<TARGET_FILE:mazekit>" "${PROJECT_SOURCE_DIR}"
    "${CMAKE_CURRENT_BINARY_DIR}/hostile-check" "${CMAKE_CURRENT_BINARY_DIR}/grade-check/graded work")
set_tests_properties("mazekit.grade grades a hostile class beside the honest one and no honest row changes"
  PROPERTIES TIMEOUT 1500 RUN_SERIAL TRUE LABELS "mazekit;grading;slow" FIXTURES_REQUIRED honest_class_graded
  ENVIRONMENT "CMAKE=${CMAKE_COMMAND}")

# Every junit.xml the grading tests wrote is valid against a JUnit schema (xmllint).
add_test(NAME "mazekit.grade writes junit.xml that a JUnit schema accepts"
  COMMAND "${PROJECT_SOURCE_DIR}/tests/mazekit/check_junit.sh" "${CMAKE_CURRENT_BINARY_DIR}/grade-check")
set_tests_properties("mazekit.grade writes junit.xml that a JUnit schema accepts"
  PROPERTIES LABELS "mazekit;grading;slow" FIXTURES_REQUIRED honest_class_graded)

# mazekit autograder and grade-one's options, and the zip's layout, without grading anyone.
add_test(NAME "mazekit.autograder writes the same zip for the same kit and refuses bad options"
  COMMAND "${PROJECT_SOURCE_DIR}/tests/mazekit/autograder_cli_test.sh" "$<TARGET_FILE:mazekit>"
    "${CMAKE_CURRENT_BINARY_DIR}/autograder-cli" "${PROJECT_SOURCE_DIR}")
set_tests_properties("mazekit.autograder writes the same zip for the same kit and refuses bad options"
  PROPERTIES LABELS "mazekit;grading")

# Plays Gradescope: the lesson-2 autograder zip unpacked into a root laid out as Gradescope's
# containers are, setup.sh run there (the kit built from the zip), run_autograder for each
# student of the fabricated class, every results.json checked against Gradescope's format and
# mazekit grade's totals (tests/mazekit/gradescope_test.sh).
add_test(NAME "mazekit.autograder grades on a Gradescope-like root as mazekit grade does"
  COMMAND "${PROJECT_SOURCE_DIR}/tests/mazekit/gradescope_test.sh" "$<TARGET_FILE:mazekit>"
    "${PROJECT_SOURCE_DIR}/grading" "${PROJECT_SOURCE_DIR}/tests/mazekit/gradescope_results.schema.json"
    "${CMAKE_CURRENT_BINARY_DIR}/gradescope-check")
set_tests_properties("mazekit.autograder grades on a Gradescope-like root as mazekit grade does"
  # Started first (COST): much of it is one student's compile at a time, so the other core runs
  # the short tests meanwhile.
  PROPERTIES TIMEOUT 1500 LABELS "mazekit;grading;slow" COST 10000)

# A test-writing step graded (grading/tests-class, lesson 3): the chaffs caught and the wheat
# passed, a test that fails on the wheat, a student whose test checks nothing but tries to tell
# the wheat's run from the chaffs', and grade-one's results.json the same.
add_test(NAME "mazekit.grade scores a test-writing step by the chaffs caught and the wheat passed"
  COMMAND "${CMAKE_COMMAND}"
    "-DMAZEKIT=$<TARGET_FILE:mazekit>"
    "-DGRADING=${PROJECT_SOURCE_DIR}/grading"
    "-DCUT=${PROJECT_BINARY_DIR}/lessons"
    "-DWORK=${CMAKE_CURRENT_BINARY_DIR}/wheats-check"
    -P "${PROJECT_SOURCE_DIR}/grading/check_wheats.cmake")
# Its grade-one runs as the user nobody: never beside another test that does (RESOURCE_LOCK).
set_tests_properties("mazekit.grade scores a test-writing step by the chaffs caught and the wheat passed"
  PROPERTIES TIMEOUT 900 LABELS "mazekit;grading;slow" RESOURCE_LOCK user-nobody)

# The class report of that same run (no student graded again): class-report.json against its
# schema and grading/expected.csv's counts, report.html's section in headless Chromium.
add_test(NAME "mazekit.grade's class report shows per step how many of the fabricated class passed and why not"
  COMMAND python3 "${PROJECT_SOURCE_DIR}/tests/mazekit/class_report_test.py"
    "${CMAKE_CURRENT_BINARY_DIR}/grade-check/graded work" "${PROJECT_SOURCE_DIR}/grading/expected.csv"
    "${PROJECT_SOURCE_DIR}/tests/mazekit/class_report.schema.json"
    "${CMAKE_CURRENT_BINARY_DIR}/class-report-check" "$<TARGET_FILE:mazekit>")
set_tests_properties("mazekit.grade's class report shows per step how many of the fabricated class passed and why not"
  # slow: it needs the fabricated class graded (its fixture), which the platform stages skip.
  PROPERTIES LABELS "mazekit;grading;slow" FIXTURES_REQUIRED honest_class_graded)

# Every shape of a hand-in graded in full (tests/mazekit/handin_shapes_test.sh): init-repo's
# repository with lesson 2 finished, as a folder, zipped on Windows, its exercises/ zipped on
# macOS, the lesson folder alone and mazekit submit's zip, each full marks in one grade run.
add_test(NAME "mazekit.grade gives every shape of a hand-in the marks of its lesson folder"
  COMMAND "${PROJECT_SOURCE_DIR}/tests/mazekit/handin_shapes_test.sh" "$<TARGET_FILE:mazekit>"
    "${PROJECT_SOURCE_DIR}" "${PROJECT_BINARY_DIR}" "${CMAKE_CURRENT_BINARY_DIR}/handin-shapes")
set_tests_properties("mazekit.grade gives every shape of a hand-in the marks of its lesson folder"
  PROPERTIES TIMEOUT 900 LABELS "mazekit;grading;slow")
