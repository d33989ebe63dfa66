# A step's picture: runs the step's test cases (TESTS, a Catch2 file tag such as
# "[#step05_reset]", in the program of the step's solution) with MAZEKIT_PICTURES set, so the
# test saves the screen as it stands at its end (PNG, SVG and drawing log, named after STEP),
# then compares the drawing log with the golden one. Set MAZEKIT_UPDATE_PICTURES=1 to copy the new pictures over the golden
# ones instead (scripts/update-lesson-pictures.sh does that).
#   cmake -DPROGRAM=... -DTESTS=... -DOUT=... -DGOLDEN=... -DLESSON=... -DSTEP=... -P check_step_picture.cmake
file(REMOVE "${OUT}/${LESSON}/${STEP}.log")
set(ENV{MAZEKIT_PICTURES} "${OUT}")
set(ENV{MAZEKIT_PICTURE_LESSON} "${LESSON}")
set(ENV{MAZEKIT_PICTURE_STEP} "${STEP}")
execute_process(COMMAND "${PROGRAM}" "-#" "${TESTS}" RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the step's test failed against its own solution:\n${out}")
endif()
set(made "${OUT}/${LESSON}/${STEP}")
if(NOT EXISTS "${made}.log")
  message(FATAL_ERROR "the step's test saved no picture: end it with lesson::picture(screen)")
endif()
if("$ENV{MAZEKIT_UPDATE_PICTURES}" STREQUAL "1")
  file(MAKE_DIRECTORY "${GOLDEN}")
  foreach(ext png svg log)
    file(COPY_FILE "${made}.${ext}" "${GOLDEN}/${STEP}.${ext}")
  endforeach()
  message(STATUS "updated ${GOLDEN}/${STEP}.png, .svg and .log")
  return()
endif()
if(NOT EXISTS "${GOLDEN}/${STEP}.log")
  message(FATAL_ERROR "no golden drawing log ${GOLDEN}/${STEP}.log: run scripts/update-lesson-pictures.sh")
endif()
file(READ "${made}.log" actual)
file(READ "${GOLDEN}/${STEP}.log" expected)
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "the drawing differs from ${GOLDEN}/${STEP}.log\n"
                      "--- now:\n${actual}\n--- golden:\n${expected}\n"
                      "If the change is meant, run scripts/update-lesson-pictures.sh")
endif()
message(STATUS "picture as golden: ${made}.png")
