# mazekit grade on the fabricated submissions in grading/: the grades must be the ones in
# grading/expected.csv, each failure reported for its reason.
add_test(NAME "mazekit.grade grades the fabricated submissions as grading/expected.csv says"
  COMMAND "${CMAKE_COMMAND}"
    "-DMAZEKIT=$<TARGET_FILE:mazekit>"
    "-DGRADING=${PROJECT_SOURCE_DIR}/grading"
    "-DWORK=${CMAKE_CURRENT_BINARY_DIR}/grade-check"
    -DJOBS=2
    -P "${PROJECT_SOURCE_DIR}/grading/check_grading.cmake")
set_tests_properties("mazekit.grade grades the fabricated submissions as grading/expected.csv says"
  PROPERTIES TIMEOUT 900 RUN_SERIAL TRUE)
