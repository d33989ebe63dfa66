# The test-writing step graded: grading/tests-class holds seven students of lesson 3, each given
# the lesson's finished maze.hpp here, with their own my_tests.cpp for step 3 (tests for backing out of
# dead ends). `mazekit grade` must score that step by the chaffs caught and the wheat passed,
# say why in each results.json, and `mazekit grade-one` (Gradescope's) must give the same.
#
#   cmake -DMAZEKIT=... -DGRADING=<kit>/grading -DCUT=<build>/lessons -DWORK=<folder> -P check_wheats.cmake
# (CUT: where the build cut the lessons' solutions out of their sources.)
set(in "${WORK}/handed in")
set(out "${WORK}/graded")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${in}")
file(COPY "${GRADING}/tests-class/" DESTINATION "${in}")
# Every student's maze.hpp is the lesson's finished one: only the tests differ.
file(GLOB students LIST_DIRECTORIES true "${in}/*")
foreach(student IN LISTS students)
  file(COPY_FILE "${CUT}/03-solving-the-maze/solutions/step04/maze.hpp"
       "${student}/maze.hpp")
endforeach()
# The honest student's tests are the lesson's own for the step.
file(COPY_FILE "${GRADING}/../lessons/03-solving-the-maze/tests/step03_tests_for_backing_out.cpp"
     "${in}/honest/my_tests.cpp")
execute_process(
  COMMAND "${MAZEKIT}" grade "${in}" --lesson 3 --out "${out}" -j 2 --timeout 5 --json
  RESULT_VARIABLE status OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
message("${stderr}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "mazekit grade exited with ${status}\n${stdout}")
endif()

# Step 3 (8 points: 7 chaffs and the wheat) and the total (the other steps: 1 + 3 + 2 + 2).
file(READ "${out}/grades.csv" grades)
function(expect_row student step3 total)
  if(NOT grades MATCHES "\n${student},1,3,${step3},2,2,${total},")
    message(FATAL_ERROR "${student}: expected step 3 = ${step3}, total ${total}:\n${grades}")
  endif()
endfunction()
expect_row(honest 8 16)            # every chaff caught, the wheat passed
expect_row(wrong-test 0 8)         # a test fails on the wheat: no chaff counts
expect_row(detects-the-wheat 1 9)  # every run a fresh sandbox: nothing tells the wheat apart
expect_row(no-tests 0 8)
expect_row(names-its-program 0 8)        # every run's program has the same name and place
expect_row(breaks-the-chaffs-build 1 9)  # a chaff the tests do not build against is not caught
expect_row(hashes-the-code 0 8)          # its first submission: the hash it learns is shown

# The class report: step 3's seven chaffs, each missed by the two students whose tests passed on
# the wheat and caught nothing (the tests that fail on the wheat are RED, not counted as missing).
file(READ "${out}/class-report.json" report)
string(JSON passed GET "${report}" steps 2 passed)
string(JSON missed LENGTH "${report}" steps 2 chaffs_missed)
if(NOT passed EQUAL 1 OR NOT missed EQUAL 7)
  message(FATAL_ERROR "class-report.json: step 3 passed by ${passed} (expected 1), ${missed} chaffs missed (expected 7)")
endif()
foreach(i RANGE 6)
  string(JSON students GET "${report}" steps 2 chaffs_missed ${i} students)
  string(JSON says GET "${report}" steps 2 chaffs_missed ${i} chaff)
  if(NOT students MATCHES "^\\[[ \n\t]*\"breaks-the-chaffs-build\",[ \n\t]*\"detects-the-wheat\"[ \n\t]*\\]$")
    message(FATAL_ERROR "class-report.json: chaff '${says}' missed by ${students}")
  endif()
endforeach()

function(expect student text)
  file(READ "${out}/${student}/results.json" json)
  string(FIND "${json}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${student}/results.json does not say: ${text}\n${json}")
  endif()
endfunction()
function(expect_not student text)
  file(READ "${out}/${student}/results.json" json)
  string(FIND "${json}" "${text}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "${student}/results.json says what it must not: ${text}\n${json}")
  endif()
endfunction()
expect(honest "caught 7 of 7 chaffs")
expect(wrong-test "your test is wrong: it fails on a correct maze")
expect(wrong-test "in \\\"the dead end stays visited\\\" at my_tests.cpp:")
expect(detects-the-wheat "caught 0 of 7 chaffs")
expect(detects-the-wheat "they check nothing that a bug changes")
expect(detects-the-wheat "a solve() that never backs out of a dead end is not caught yet")
expect(no-tests "no tests: the submission has no my_tests.cpp")
expect(names-its-program "your tests fail on the wheat, a correct maze")
expect(names-its-program "a string naming /proc/")
expect(breaks-the-chaffs-build "caught 0 of 7 chaffs")
expect(breaks-the-chaffs-build "your tests do not compile against a solve() that never backs out")
expect(breaks-the-chaffs-build "#define pop_back")
expect(breaks-the-chaffs-build "__COUNTER__")
# A chaff is named by what it does wrong, never by its code.
file(READ "${GRADING}/../lessons/03-solving-the-maze/lesson.json" lesson)
string(JSON chaffs GET "${lesson}" steps 2 chaffs)
string(JSON n LENGTH "${chaffs}")
math(EXPR last "${n} - 1")
foreach(i RANGE ${last})
  string(JSON with GET "${chaffs}" ${i} with)
  string(STRIP "${with}" with)
  if(NOT with STREQUAL "")
    expect_not(detects-the-wheat "${with}")
  endif()
endforeach()

# hashes-the-code's second submission: the hash its first one was shown, written in. Every
# build is compiled with flags of its own, so the hash does not carry: it fails on the wheat.
file(READ "${out}/hashes-the-code/results.json" first)
string(REGEX MATCH "with values ([0-9]+)" shown "${first}")
set(learned "${CMAKE_MATCH_1}")
if(NOT learned)
  message(FATAL_ERROR "hashes-the-code's results.json does not show the hash:\n${first}")
endif()
file(READ "${GRADING}/tests-class/hashes-the-code/my_tests.cpp" tests)
string(REPLACE "learned = 0;" "learned = ${learned}u;" tests "${tests}")
file(WRITE "${WORK}/hashes-again/my_tests.cpp" "${tests}")
file(COPY_FILE "${CUT}/03-solving-the-maze/solutions/step04/maze.hpp"
     "${WORK}/hashes-again/maze.hpp")
execute_process(
  COMMAND "${MAZEKIT}" grade-one "${WORK}/hashes-again" --lesson 3
    --results "${WORK}/hashes-again.json" --work "${WORK}/hashes-again-work"
  RESULT_VARIABLE status OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
file(READ "${WORK}/hashes-again.json" again)
string(JSON score GET "${again}" score)
if(NOT status EQUAL 0 OR NOT score EQUAL 8)
  message(FATAL_ERROR "hashes-the-code with the hash it learned (${learned}): ${score} "
                      "points, not 8 (0 on step 3):\n${again}")
endif()

# Gradescope's path: grade-one of the student with a wrong test gives the same score and says
# which test is wrong, where, in the step's output.
execute_process(
  COMMAND "${MAZEKIT}" grade-one "${in}/wrong-test" --lesson 3 --results "${WORK}/results.json"
    --work "${WORK}/one"
  RESULT_VARIABLE status OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "mazekit grade-one exited with ${status}\n${stdout}${stderr}")
endif()
file(READ "${WORK}/results.json" results)
string(JSON score GET "${results}" score)
if(NOT score EQUAL 8)
  message(FATAL_ERROR "grade-one scored the student ${score}, not 8 as mazekit grade did:\n${results}")
endif()
foreach(text "your test is wrong: it fails on a correct maze" "the dead end stays visited")
  string(FIND "${results}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "grade-one's results.json does not say: ${text}\n${results}")
  endif()
endforeach()
# Without the sandbox, as a user of the student's own (Gradescope's containers): the runs are
# as alike as in the sandbox. Only root can run code as another user, so this part needs root.
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
if(uid STREQUAL "0")
  foreach(case "detects-the-wheat;9" "names-its-program;8" "breaks-the-chaffs-build;9")
    list(GET case 0 student)
    list(GET case 1 total)
    execute_process(
      COMMAND "${MAZEKIT}" grade-one "${in}/${student}" --lesson 3 --isolation user --user nobody
        --results "${WORK}/${student}-as-user.json"
      RESULT_VARIABLE status OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "mazekit grade-one --isolation user exited with ${status}\n${stdout}${stderr}")
    endif()
    file(READ "${WORK}/${student}-as-user.json" results)
    string(JSON score GET "${results}" score)
    if(NOT score EQUAL total)
      message(FATAL_ERROR "${student} as a user of its own: ${score}, not ${total}:\n${results}")
    endif()
  endforeach()
  message(STATUS "as the user nobody, without the sandbox, the hostile tests score as in it")
  # A work folder the student's user cannot reach (under a folder closed to others, as /root
  # is) is refused before anything is graded, saying what to do.
  file(MAKE_DIRECTORY "${WORK}/private")
  file(CHMOD "${WORK}/private" DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  execute_process(
    COMMAND "${MAZEKIT}" grade-one "${in}/detects-the-wheat" --lesson 3 --isolation user
      --user nobody --results "${WORK}/private-results.json" --work "${WORK}/private/work"
    RESULT_VARIABLE status OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  if(status EQUAL 0 OR EXISTS "${WORK}/private-results.json" OR
     NOT stderr MATCHES "cannot read .*give --work a new folder that every user may pass through")
    message(FATAL_ERROR "a work folder the user nobody cannot reach was not refused first "
                        "(exit ${status}):\n${stdout}${stderr}")
  endif()
else()
  message(STATUS "not root: grade-one --isolation user (which runs code as another user) not checked here")
endif()
message(STATUS "the test-writing step is graded by the chaffs caught and the wheat passed")
