# Lessons: reading lesson.json, building a lesson's steps against a folder of code, and the
# proof that every step is red before it and green after it.
#
#   kit_read_lesson(DIR PREFIX)
#       Reads DIR/lesson.json with the kit's one lesson reader (mazekit/src/kit/lessons.hpp, run
#       as lesson_plan) into variables PREFIX_ID, _FILES, _STEP_COUNT and, for each step K
#       (1-based), PREFIX_K_ID, _TEST (absolute path), _KIND ("code" or "tests"), _RED_KIND
#       ("compile", "assert" or "tests"), _RED_PATTERN, _SOLUTION (absolute folder: the build
#       tree's cut of the lesson's source, see kit_cut_lesson), _RETIRES (the ids of the steps
#       whose tests this step's code no longer passes), _KEEPS (for a refactor step: the Catch2
#       test spec, e.g. "[keeps]", of its test cases that pass before the step and after it),
#       _WHEAT_STEP (a test-writing step's: the step whose solution is its wheat; K for any
#       other) and _TEST_CASES_JSON (its test cases' names as JSON strings, comma-separated); a
#       test-writing step's _WRITES, _WHEAT (absolute folder), _CHAFFS (the chaffs' ids) and
#       _CHAFF_J_ID (J 0-based). PREFIX_PROGRAMS lists the names of the lesson's own programs
#       ("programs": {"play": "play/play_main.cpp"}: a main the kit provides, built with the
#       student's files) and PREFIX_PROGRAM_NAME is each one's source (absolute path). CMake
#       checks nothing of lesson.json itself: the reader does, and a mistake stops the
#       configure with its message.
#
#   kit_build_lesson_steps(LESSON DIR CODE FOLDER PREFIX NAME [STEPS k...] [EXCLUDE_FROM_ALL])
#       One test program per step, NAME_stepKK, built from that step's test file against the
#       code in FOLDER. Each is its own target, so a step that does not compile fails alone.
#       This is the one function that builds a lesson against any code: a reference solution,
#       an exercise folder, a student's submission.
#   kit_build_lesson_steps(LESSON DIR CODE FOLDER COMBINED NAME [STEPS k...])
#       The same steps' tests in one program, NAME: quicker to build when they must all
#       compile (the proof's GREEN). Helper names in a lesson's tests must then differ.
#
#   kit_lesson_main_program(NAME SOURCE CODE [EXCLUDE_FROM_ALL])
#       A program with its own main (not a test), from SOURCE against the code in CODE, built
#       as the step programs are: the same include folders, libraries and flags.
#
#   kit_add_lesson_proof(DIR)
#       The tests that prove a lesson right: RED (step K's test against the solution of step
#       K-1 fails in the declared way; for step 1, against the exercise's starting files),
#       GREEN (steps 1..K pass against the solution of step K), and each step's picture
#       matches its golden drawing log. One program per solution, NAME_sol_stepKK, holds the
#       tests of steps 1..K and, when step K+1's RED is a failed assertion, step K+1's test:
#       each check runs it with Catch2's file tags (-#). With FINAL_ALSO_PASSES_WITH FOLDER,
#       the last step's tests must also pass against the code in FOLDER (the maze library's
#       Maze).
include_guard(GLOBAL)
include(kit_testing)
include(kit_manifest)

set(KIT_LESSON_SUPPORT_DIR "${CMAKE_CURRENT_LIST_DIR}/../lessons/support")
set(KIT_LESSON_SCRIPTS_DIR "${CMAKE_CURRENT_LIST_DIR}")

# Where the build tree holds a lesson's solutions, cut out of its source: OUT/solutions/stepNN/.
function(kit_cut_folder out id)
  set(${out} "${PROJECT_BINARY_DIR}/lessons/${id}" PARENT_SCOPE)
endfunction()

# The target lesson_cut_ID writes every solution of the lesson in DIR, each of FILES for each
# of SOLUTIONS ("solutions/step01", ...), cut out of DIR/source/ by the lesson_cut program
# (mazekit/src/kit/lesson_source.hpp decides what each holds), and each chaff of CHAFFS
# ("STEP/CHAFF", a test-writing step's: the wheat's files, one changed as lesson.json says).
# Defined once per lesson, by the first kit_read_lesson of it. A file that does not change
# keeps its time, so an edit rebuilds only the steps and chaffs it changes.
function(kit_cut_lesson dir id files solutions chaffs)
  get_property(done GLOBAL PROPERTY "KIT_CUT_${id}")
  if(done)
    return()
  endif()
  set_property(GLOBAL PROPERTY "KIT_CUT_${id}" TRUE)
  kit_cut_folder(out "${id}")
  kit_chaff_folder(chaff_folder "${id}")
  set(cut_files "")
  set(sources "")
  foreach(f IN LISTS files)
    list(APPEND sources "${dir}/source/${f}")
    foreach(s IN LISTS solutions)
      list(APPEND cut_files "${out}/${s}/${f}")
    endforeach()
    foreach(c IN LISTS chaffs)
      list(APPEND cut_files "${chaff_folder}/${c}/${f}")
    endforeach()
  endforeach()
  add_custom_command(OUTPUT "${out}/cut.stamp"
    BYPRODUCTS ${cut_files}
    COMMAND lesson_cut "${dir}" "${out}" "${chaff_folder}" "${out}/cut.stamp"
    DEPENDS lesson_cut ${sources} "${dir}/lesson.json"
    COMMENT "Cutting the solutions of ${id} out of its source"
    VERBATIM)
  add_custom_target(lesson_cut_${id} ALL DEPENDS "${out}/cut.stamp")
  set_property(GLOBAL APPEND PROPERTY KIT_SOLUTION_TARGETS lesson_cut_${id})
endfunction()

# The lesson reader (mazekit/src/kit/lesson_plan_main.cpp, on kit/lessons.cpp: the one reader of
# lesson.json), built when the kit is first configured and again only when its sources change.
# Sets OUT to the program.
function(kit_lesson_plan_program out)
  get_property(program GLOBAL PROPERTY KIT_LESSON_PLAN_PROGRAM)
  if(program)
    set(${out} "${program}" PARENT_SCOPE)
    return()
  endif()
  set(src "${PROJECT_SOURCE_DIR}/mazekit/src")
  set(sources "${src}/kit/lesson_plan_main.cpp" "${src}/kit/lessons.cpp")
  set(inputs ${sources} "${src}/kit/lessons.hpp" "${src}/kit/kit.hpp"
             "${PROJECT_SOURCE_DIR}/common/include/common/files.hpp"
             "${PROJECT_SOURCE_DIR}/common/include/common/text.hpp")
  set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${inputs})
  set(bin "${PROJECT_BINARY_DIR}/lesson-plan")
  set(program "${bin}/lesson_plan${CMAKE_EXECUTABLE_SUFFIX}")
  set(stale FALSE)
  foreach(input IN LISTS inputs)
    # True too when the program is not there yet.
    if("${input}" IS_NEWER_THAN "${program}")
      set(stale TRUE)
    endif()
  endforeach()
  if(stale)
    find_package(nlohmann_json 3.2 REQUIRED)
    message(STATUS "Building the lesson reader (lesson_plan)")
    try_compile(built "${bin}" SOURCES ${sources}
      CMAKE_FLAGS "-DINCLUDE_DIRECTORIES=${src};${PROJECT_SOURCE_DIR}/common/include"
      LINK_LIBRARIES nlohmann_json::nlohmann_json
      CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF
      OUTPUT_VARIABLE log
      COPY_FILE "${program}" COPY_FILE_ERROR copy_error)
    if(NOT built OR copy_error)
      message(FATAL_ERROR "The kit could not build its lesson reader (lesson_plan) with "
                          "${CMAKE_CXX_COMPILER}: ${copy_error}\n${log}")
    endif()
  endif()
  set_property(GLOBAL PROPERTY KIT_LESSON_PLAN_PROGRAM "${program}")
  set(${out} "${program}" PARENT_SCOPE)
endfunction()

# Reads DIR/lesson.json with the lesson reader (once per configure) into the variables the
# header of this file lists, and defines the lesson's cut (kit_cut_lesson). A lesson.json with a
# mistake stops the configure with the reader's message, which names the file and the step.
function(kit_read_lesson dir prefix)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${dir}/lesson.json")
  get_filename_component(folder_name "${dir}" NAME)
  set(plan "${PROJECT_BINARY_DIR}/lessons/plans/${folder_name}.cmake")
  get_property(planned GLOBAL PROPERTY "KIT_PLANNED_${folder_name}")
  if(NOT planned)
    kit_lesson_plan_program(program)
    set(edition "")
    if(MAZEKIT_STUDENT_EDITION)
      set(edition --student-edition)
    endif()
    execute_process(COMMAND "${program}" "${dir}" "${PROJECT_BINARY_DIR}" "${plan}" ${edition}
      RESULT_VARIABLE failed ERROR_VARIABLE error)
    if(failed)
      string(STRIP "${error}" error)
      message(FATAL_ERROR "${error}")
    endif()
    set_property(GLOBAL PROPERTY "KIT_PLANNED_${folder_name}" TRUE)
  endif()
  set(_kit_prefix "${prefix}")
  include("${plan}")
  foreach(name IN LISTS _kit_plan_names)
    set(${name} "${${name}}" PARENT_SCOPE)
  endforeach()
  if(EXISTS "${dir}/source")
    kit_cut_lesson("${dir}" "${${prefix}_ID}" "${${prefix}_FILES}" "${${prefix}_CUT_SOLUTIONS}"
                   "${${prefix}_CUT_CHAFFS}")
  endif()
endfunction()

# The compiler flags every lesson test program is built with, as a list, for the RED check
# that runs the compiler itself.
function(kit_lesson_compile_command out code_dir)
  get_target_property(turtle_includes turtle INTERFACE_INCLUDE_DIRECTORIES)
  set(command "${CMAKE_CXX_COMPILER}" -std=c++17 -fsyntax-only -fdiagnostics-color=never
      "-I${code_dir}" "-I${KIT_LESSON_SUPPORT_DIR}"
      "-I${PROJECT_SOURCE_DIR}/turtle/include" "-I${PROJECT_SOURCE_DIR}/maze/include")
  # Catch2 as the test programs see it: with Catch2 3, the header that gives 2.13's names
  # (kit_testing.cmake) first, then Catch2's own headers where the compiler does not look.
  if(KIT_CATCH2_COMPAT_DIR)
    list(APPEND command "-I${KIT_CATCH2_COMPAT_DIR}")
  endif()
  foreach(dir IN LISTS KIT_CATCH2_INCLUDE_DIRS)
    list(APPEND command -isystem "${dir}")
  endforeach()
  set(${out} "${command}" PARENT_SCOPE)
endfunction()

function(kit_build_lesson_steps)
  cmake_parse_arguments(PARSE_ARGV 0 arg "EXCLUDE_FROM_ALL" "LESSON;CODE;PREFIX;COMBINED" "STEPS")
  kit_read_lesson("${arg_LESSON}" lesson)
  if(NOT arg_STEPS)
    foreach(k RANGE 1 ${lesson_STEP_COUNT})
      list(APPEND arg_STEPS ${k})
    endforeach()
  endif()
  set(exclude "")
  if(arg_EXCLUDE_FROM_ALL)
    set(exclude EXCLUDE_FROM_ALL)
  endif()
  if(arg_COMBINED)
    # All the steps in one program: one source that includes each step's test file, so the
    # proof compiles a lesson's tests once per solution rather than once per step and solution.
    set(unity "${CMAKE_CURRENT_BINARY_DIR}/${arg_COMBINED}.cpp")
    set(text "// Generated by kit_build_lesson_steps: the tests of several steps in one program.\n")
    foreach(k IN LISTS arg_STEPS)
      string(APPEND text "#include \"${lesson_${k}_TEST}\"\n")
    endforeach()
    file(CONFIGURE OUTPUT "${unity}" CONTENT "${text}" @ONLY)
    kit_lesson_program(${arg_COMBINED} "${unity}" "${arg_CODE}" "combined" ${exclude})
    return()
  endif()
  foreach(k IN LISTS arg_STEPS)
    kit_step_name(name ${arg_PREFIX} ${k})
    kit_lesson_program(${name} "${lesson_${k}_TEST}" "${arg_CODE}" "${lesson_${k}_ID}" ${exclude})
  endforeach()
endfunction()

# Every program a lesson's proof builds (not the student's exercise ones) is listed in the
# build manifest, so that mazekit verify builds them by name.
function(kit_note_proof_program name)
  if(NOT "EXCLUDE_FROM_ALL" IN_LIST ARGN)
    set_property(GLOBAL APPEND PROPERTY "KIT_PROOF_PROGRAMS_${lesson_ID}" ${name})
  endif()
endfunction()

# One Catch2 program of a lesson's tests against a folder of code.
# A program of the lesson read into `lesson` is built after its solutions are cut.
function(kit_after_cut name)
  if(TARGET lesson_cut_${lesson_ID})
    add_dependencies(${name} lesson_cut_${lesson_ID})
  endif()
endfunction()

function(kit_lesson_program name source code step_id)
  add_executable(${name} ${ARGN} "${source}")
  kit_note_proof_program(${name} ${ARGN})
  kit_after_cut(${name})
  target_include_directories(${name} PRIVATE "${code}" "${KIT_LESSON_SUPPORT_DIR}")
  target_link_libraries(${name} PRIVATE kit_catch_main mazekit::turtle)
  if(TARGET mazekit::maze)
    target_link_libraries(${name} PRIVATE mazekit::maze)
  endif()
  # Catch2 and lesson_picture.hpp, precompiled once (kit_testing.cmake): built without -D.
  target_precompile_headers(${name} REUSE_FROM kit_lesson_pch)
  kit_test_compile_options(${name})
  # The first error is the one to fix (mazekit explains it); stopping there also spares the
  # student a third of the wait (0.57 s to 0.40 s for a step that does not compile yet).
  target_compile_options(${name} PRIVATE -Wfatal-errors)
endfunction()

function(kit_lesson_main_program name source code)
  set(exclude "")
  if("EXCLUDE_FROM_ALL" IN_LIST ARGN)
    set(exclude EXCLUDE_FROM_ALL)
  endif()
  add_executable(${name} ${exclude} "${source}")
  kit_after_cut(${name})
  target_include_directories(${name} PRIVATE "${code}" "${KIT_LESSON_SUPPORT_DIR}")
  target_link_libraries(${name} PRIVATE mazekit::turtle)
  target_compile_options(${name} PRIVATE -Wfatal-errors)  # the first error, as for the steps
endfunction()

# NAME_stepKK, with K in two digits.
function(kit_step_name out prefix k)
  if(k LESS 10)
    set(${out} "${prefix}_step0${k}" PARENT_SCOPE)
  else()
    set(${out} "${prefix}_step${k}" PARENT_SCOPE)
  endif()
endfunction()

function(kit_add_lesson_proof dir)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "FINAL_ALSO_PASSES_WITH" "")
  kit_read_lesson("${dir}" lesson)
  get_filename_component(lesson_dir_name "${dir}" NAME)
  string(REGEX REPLACE "^([0-9]+)-.*" "lesson\\1" short "${lesson_dir_name}")
  set(n ${lesson_STEP_COUNT})
  set(exercise "${PROJECT_SOURCE_DIR}/exercises/${lesson_dir_name}")
  if(NOT EXISTS "${exercise}")
    message(FATAL_ERROR "lesson ${lesson_dir_name} has no exercise folder ${exercise}")
  endif()
  # The exercise as it starts, for the proof (step 1's RED, a test-writing step's starting
  # file): the build tree's starting files (mazekit/src/student/starting_files.cmake), copied
  # before a student wrote anything, so that the proof holds in a checkout where one has.
  set(starting "${PROJECT_BINARY_DIR}/mazekit/starting-files/${lesson_dir_name}")
  if(NOT EXISTS "${starting}")
    set(starting "${exercise}")
  endif()

  # The student edition: no solutions to prove. The student's own steps only (a test-writing
  # step's are the student's tests, which mazekit builds itself) and the manifest.
  if(MAZEKIT_STUDENT_EDITION)
    string(REGEX REPLACE "^lesson" "exercise" exercise_prefix "${short}")
    set(code_steps "")
    foreach(k RANGE 1 ${n})
      if(NOT lesson_${k}_KIND STREQUAL "tests")
        list(APPEND code_steps ${k})
      endif()
    endforeach()
    kit_build_lesson_steps(LESSON "${dir}" CODE "${exercise}" PREFIX ${exercise_prefix}
                           STEPS ${code_steps} EXCLUDE_FROM_ALL)
    foreach(program IN LISTS lesson_PROGRAMS)
      kit_lesson_main_program(${exercise_prefix}_${program} "${lesson_PROGRAM_${program}}"
                              "${exercise}" EXCLUDE_FROM_ALL)
    endforeach()
    kit_manifest_add_lesson("${dir}" ${exercise_prefix} ${short}_sol)
    return()
  endif()

  # Each step's Catch2 file tag (run with -#): [#step05_a_matrix_of_walls].
  foreach(k RANGE 1 ${n})
    get_filename_component(tag "${lesson_${k}_TEST}" NAME_WE)
    set(tag_${k} "[#${tag}]")
  endforeach()

  foreach(k RANGE 1 ${n})
    set(step_id "${lesson_${k}_ID}")
    set(solution "${lesson_${k}_SOLUTION}")
    kit_step_name(sol_program ${short}_sol ${k})

    # One program against the solution of step K: the tests of every step up to K (less the
    # ones step K or an earlier step retired) and, when step K+1's RED is a failed assertion,
    # step K+1's test too. It is the step's GREEN, its picture and the next step's RED: a
    # lesson's proof compiles each step's tests once per solution, and links once a step.
    set(retired "")
    foreach(j RANGE 1 ${k})
      list(APPEND retired ${lesson_${j}_RETIRES})
    endforeach()
    # A test-writing step's tests join from its wheat's step on (before it, the code they test
    # is not written yet).
    set(green_steps "")
    foreach(j RANGE 1 ${k})
      if(NOT "${lesson_${j}_ID}" IN_LIST retired AND NOT k LESS lesson_${j}_WHEAT_STEP)
        list(APPEND green_steps ${j})
      endif()
    endforeach()
    set(program_steps ${green_steps})
    # The next step that changes code: a test-writing step before it changes none (its
    # solution is this one's, and its tests join later), so this program is its program too.
    math(EXPR next "${k} + 1")
    while(NOT next GREATER n AND lesson_${next}_KIND STREQUAL "tests" AND
          lesson_${next}_SOLUTION STREQUAL solution AND lesson_${next}_WHEAT_STEP GREATER next AND
          lesson_${next}_RETIRES STREQUAL "")
      math(EXPR next "${next} + 1")
    endwhile()
    set(reuses FALSE)
    if(lesson_${k}_KIND STREQUAL "tests" AND DEFINED program_of_${k})
      set(reuses TRUE)
      set(sol_program ${program_of_${k}})
      set(green_spec "${green_spec_of_${k}}")
    else()
      set(green_spec "")
      if(NOT next GREATER n AND lesson_${next}_RED_KIND STREQUAL "assert")
        list(APPEND program_steps ${next})
        set(green_spec "~${tag_${next}}")
      endif()
      kit_build_lesson_steps(LESSON "${dir}" CODE "${solution}" COMBINED ${sol_program}
                             STEPS ${program_steps})
      # The test-writing steps it skipped use it.
      math(EXPR skipped_last "${next} - 1")
      if(skipped_last GREATER k)
        math(EXPR skipped_first "${k} + 1")
        foreach(j RANGE ${skipped_first} ${skipped_last})
          set(program_of_${j} ${sol_program})
          set(green_spec_of_${j} "${green_spec}")
        endforeach()
      endif()
    endif()

    # GREEN: those steps pass against the solution of step K.
    list(LENGTH green_steps green_count)
    add_test(NAME "${short}.green.${step_id} passes its test and ${green_count} in all"
      COMMAND ${sol_program} ${KIT_CATCH_NO_TESTS_FAIL} "-#" ${green_spec})

    # RED: step K's test against the code before it: the solution of step K-1 (its program),
    # or for the first step the exercise's starting files, which is what a student starts from.
    # A refactor step's RED is the test cases it does not keep; the ones it keeps pass before it.
    if(lesson_${k}_KIND STREQUAL "tests")
      kit_add_tests_step_proof("${dir}" ${k} "${short}" "${starting}")
    elseif(k EQUAL 1)
      kit_add_red_check("${short}.red.${step_id} against the exercise's starting files"
                        "${dir}" ${k} "${starting}" ${short}_red)
    elseif(lesson_${k}_RED_KIND STREQUAL "compile")
      kit_add_red_check("${short}.red.${step_id}" "${dir}" ${k} "${lesson_${p}_SOLUTION}" "")
    else()
      set(spec "${tag_${k}}")
      if(NOT lesson_${k}_KEEPS STREQUAL "")
        string(APPEND spec "~${lesson_${k}_KEEPS}")
        add_test(NAME "${short}.keeps.${step_id} passes ${lesson_${k}_KEEPS} before the step"
          COMMAND ${before_program} ${KIT_CATCH_NO_TESTS_FAIL} "-#" "${tag_${k}}${lesson_${k}_KEEPS}")
        set_tests_properties("${short}.keeps.${step_id} passes ${lesson_${k}_KEEPS} before the step"
          PROPERTIES TIMEOUT 120)
      endif()
      add_test(NAME "${short}.red.${step_id}"
        COMMAND "${CMAKE_COMMAND}" "-DPROGRAM=$<TARGET_FILE:${before_program}>" "-DTESTS=${spec}"
          -P "${KIT_LESSON_SCRIPTS_DIR}/check_red_assert.cmake")
      set_tests_properties("${short}.red.${step_id}" PROPERTIES TIMEOUT 120)
    endif()

    # The picture at the end of step K's test, drawn by the solution of step K (a test-writing
    # step's by its wheat's): its drawing log must match the golden one kept beside the lesson.
    kit_step_name(picture_program ${short}_sol ${lesson_${k}_WHEAT_STEP})
    add_test(NAME "${short}.picture.${step_id}"
      COMMAND "${CMAKE_COMMAND}" "-DPROGRAM=$<TARGET_FILE:${picture_program}>"
        "-DTESTS=${tag_${k}}"
        "-DOUT=${CMAKE_CURRENT_BINARY_DIR}/pictures"
        "-DGOLDEN=${dir}/pictures"
        "-DLESSON=${lesson_ID}" "-DSTEP=${step_id}"
        -P "${KIT_LESSON_SCRIPTS_DIR}/check_step_picture.cmake")
    set(before_program ${sol_program})
    set(p ${k})
  endforeach()

  # The student's own code: exerciseNN_stepKK builds step K's test against exercises/NN-*,
  # on demand only (scripts/check-step.sh builds and runs one).
  string(REGEX REPLACE "^lesson" "exercise" exercise_prefix "${short}")
  kit_build_lesson_steps(LESSON "${dir}" CODE "${exercise}" PREFIX ${exercise_prefix}
                         EXCLUDE_FROM_ALL)
  # The lesson's own programs (mazekit play): exerciseNN_NAME from the student's files, on
  # demand, and lessonNN_sol_NAME from the last solution, which the kit's tests run.
  foreach(program IN LISTS lesson_PROGRAMS)
    kit_lesson_main_program(${exercise_prefix}_${program} "${lesson_PROGRAM_${program}}"
                            "${exercise}" EXCLUDE_FROM_ALL)
    kit_lesson_main_program(${short}_sol_${program} "${lesson_PROGRAM_${program}}"
                            "${lesson_${n}_SOLUTION}")
  endforeach()

  # The last step's tests also pass against other code that claims to finish the lesson:
  # for the maze lessons, the maze library's own Maze.
  # (The kit's tests; the tests a student would write are for the lesson's Maze.)
  if(arg_FINAL_ALSO_PASSES_WITH)
    get_filename_component(other "${arg_FINAL_ALSO_PASSES_WITH}" NAME)
    set(kit_steps "")
    foreach(j IN LISTS green_steps)
      if(NOT lesson_${j}_KIND STREQUAL "tests")
        list(APPEND kit_steps ${j})
      endif()
    endforeach()
    kit_build_lesson_steps(LESSON "${dir}" CODE "${arg_FINAL_ALSO_PASSES_WITH}"
      COMBINED ${short}_${other}_final STEPS ${kit_steps})
    add_test(NAME "${short}.final.the ${other} passes the last step's tests"
      COMMAND ${short}_${other}_final ${KIT_CATCH_NO_TESTS_FAIL})
  endif()

  # mazekit reads the lesson, its steps' test cases, the exercise targets and the proof's
  # programs from the manifest.
  kit_manifest_add_lesson("${dir}" ${exercise_prefix} ${short}_sol)
endfunction()

# Where a test-writing step's chaff is made (lesson_cut, kit/lesson_source.hpp's
# makeLessonChaffs): the wheat's files, one of them changed. Called without STEP_ID and CHAFF_ID,
# the folder of the lesson's chaffs.
function(kit_chaff_folder out lesson_id)
  set(${out} "${PROJECT_BINARY_DIR}/mazekit/chaffs/${lesson_id}" PARENT_SCOPE)
  if(ARGC GREATER 3)
    set(${out} "${PROJECT_BINARY_DIR}/mazekit/chaffs/${lesson_id}/${ARGV2}/${ARGV3}" PARENT_SCOPE)
  endif()
endfunction()

# Where a test-writing step's mutant schema is generated (mazekit/src/grade/chaff_schema.hpp).
function(kit_chaff_schema_folder out lesson_id step_id)
  set(${out} "${PROJECT_BINARY_DIR}/mazekit/schemas/${lesson_id}/${step_id}" PARENT_SCOPE)
endfunction()

# The mutant schema of test-writing step K (the lesson read into `lesson`): the wheat with
# each chaff it can hold as a branch chosen at run time, written by mazekit_chaff_schema when
# the kit is built. `mazekit check` builds a student's tests once against it, not once per
# chaff; a grade never uses it. Sets OUT to its folder.
function(kit_make_chaff_schema dir k out)
  kit_chaff_schema_folder(folder "${lesson_ID}" "${lesson_${k}_ID}")
  set(wheat "${lesson_${k}_WHEAT}")
  set(wheat_files "")
  foreach(f IN LISTS lesson_FILES)
    list(APPEND wheat_files "${wheat}/${f}")
  endforeach()
  add_custom_command(OUTPUT "${folder}/schema.json"
    COMMAND mazekit_chaff_schema "${dir}" "${lesson_${k}_ID}" "${wheat}" "${folder}"
    DEPENDS mazekit_chaff_schema "${dir}/lesson.json" ${wheat_files}
    COMMENT "Writing the chaff schema of ${lesson_ID} step ${lesson_${k}_ID}"
    VERBATIM)
  string(MAKE_C_IDENTIFIER "schema_${lesson_ID}_${lesson_${k}_ID}" target)
  add_custom_target(${target} ALL DEPENDS "${folder}/schema.json")
  add_dependencies(${target} lesson_cut_${lesson_ID})
  set(${out} "${folder}" PARENT_SCOPE)
  set(${out}_TARGET ${target} PARENT_SCOPE)
endfunction()

# The proof of test-writing step K: the lesson's own tests (the step's "test", what a student
# would write) pass the wheat (run from the wheat step's solution program) and catch every
# chaff: each chaff compiles, and the tests fail on it. Its RED: the exercise's starting file
# compiles against the wheat and holds no test, so it catches nothing.
function(kit_add_tests_step_proof dir k short exercise)
  kit_read_lesson("${dir}" lesson)
  set(step_id "${lesson_${k}_ID}")
  get_filename_component(tag "${lesson_${k}_TEST}" NAME_WE)
  kit_step_name(wheat_program ${short}_sol ${lesson_${k}_WHEAT_STEP})
  add_test(NAME "${short}.wheat.${step_id} the lesson's tests pass the wheat"
    COMMAND ${wheat_program} ${KIT_CATCH_NO_TESTS_FAIL} "-#" "[#${tag}]")
  list(LENGTH lesson_${k}_CHAFFS n)
  math(EXPR last "${n} - 1")
  foreach(c RANGE ${last})
    set(id "${lesson_${k}_CHAFF_${c}_ID}")
    kit_chaff_folder(folder "${lesson_ID}" "${step_id}" "${id}")
    kit_step_name(program ${short}_chaff ${k})
    set(program "${program}_${c}")
    kit_lesson_program(${program} "${lesson_${k}_TEST}" "${folder}" "${step_id}")
    set(name "${short}.chaff.${step_id}.${id} is caught by the lesson's tests")
    add_test(NAME "${name}"
      COMMAND "${CMAKE_COMMAND}" "-DPROGRAM=$<TARGET_FILE:${program}>"
        -P "${KIT_LESSON_SCRIPTS_DIR}/check_red_assert.cmake")
    set_tests_properties("${name}" PROPERTIES TIMEOUT 120)
  endforeach()
  # The schema: the lesson's tests built once against it, run once per chaff it holds, give
  # each test case the verdict it has on that chaff's own build (and on the wheat's, with no
  # chaff chosen). Each test case alone is a weaker test file that misses some chaffs: the
  # check's verdict from the schema is the verdict from the chaffs' own builds.
  if(TARGET mazekit_chaff_schema)
    kit_make_chaff_schema("${dir}" ${k} schema)
    kit_step_name(schema_program ${short}_schema ${k})
    kit_lesson_program(${schema_program} "${lesson_${k}_TEST}" "${schema}" "${step_id}")
    add_dependencies(${schema_program} ${schema_TARGET})
    add_test(NAME "${short}.schema.${step_id} with no chaff chosen is the wheat"
      COMMAND "${CMAKE_COMMAND}" "-DSCHEMA=$<TARGET_FILE:${schema_program}>" "-DCHOICE=0"
        "-DPROGRAM=$<TARGET_FILE:${wheat_program}>" "-DTAG=[#${tag}]"
        -P "${KIT_LESSON_SCRIPTS_DIR}/check_schema_same.cmake")
    foreach(c RANGE ${last})
      set(id "${lesson_${k}_CHAFF_${c}_ID}")
      kit_step_name(program ${short}_chaff ${k})
      math(EXPR choice "${c} + 1")
      set(name "${short}.schema.${step_id}.${id} judges each test case as the chaff's own build")
      add_test(NAME "${name}"
        COMMAND "${CMAKE_COMMAND}" "-DSCHEMA=$<TARGET_FILE:${schema_program}>"
          "-DCHOICE=${choice}" "-DPROGRAM=$<TARGET_FILE:${program}_${c}>"
          "-DSCHEMA_JSON=${schema}/schema.json"
          -P "${KIT_LESSON_SCRIPTS_DIR}/check_schema_same.cmake")
      set_tests_properties("${name}" PROPERTIES TIMEOUT 120)
    endforeach()
  endif()
  # The starting file, copied beside nothing: its "maze.hpp" is the wheat's, not the exercise's.
  set(start "${exercise}/${lesson_${k}_WRITES}")
  if(NOT EXISTS "${start}")
    message(FATAL_ERROR "${dir}/lesson.json: step ${step_id} is a test-writing step, so the "
                        "exercise needs the student's starting file ${start}")
  endif()
  kit_step_name(red_program ${short}_red ${k})
  set(copy "${CMAKE_CURRENT_BINARY_DIR}/starting/${lesson_ID}/${lesson_${k}_WRITES}")
  configure_file("${start}" "${copy}" COPYONLY)
  kit_lesson_program(${red_program} "${copy}" "${lesson_${k}_WHEAT}" "${step_id}")
  set(name "${short}.red.${step_id} the starting ${lesson_${k}_WRITES} holds no test")
  add_test(NAME "${name}"
    COMMAND "${CMAKE_COMMAND}" "-DPROGRAM=$<TARGET_FILE:${red_program}>"
      -P "${KIT_LESSON_SCRIPTS_DIR}/check_no_tests.cmake")
endfunction()

# A test that step K's test, built against CODE, is red in the way lesson.json declares: it
# does not compile, or (for the first step, whose code is the exercise's) it fails an assertion.
function(kit_add_red_check test_name dir k code prefix)
  kit_read_lesson("${dir}" lesson)
  set(test_file "${lesson_${k}_TEST}")
  if(lesson_${k}_RED_KIND STREQUAL "compile")
    kit_lesson_compile_command(command "${code}")
    add_test(NAME "${test_name}"
      COMMAND "${CMAKE_COMMAND}"
        "-DCOMMAND=${command}"
        "-DSOURCE=${test_file}"
        "-DPATTERN=${lesson_${k}_RED_PATTERN}"
        -P "${KIT_LESSON_SCRIPTS_DIR}/check_red_compile.cmake")
  else()
    # It must compile, and then fail an assertion: built with everything else.
    kit_build_lesson_steps(LESSON "${dir}" CODE "${code}" PREFIX ${prefix} STEPS ${k})
    kit_step_name(program ${prefix} ${k})
    add_test(NAME "${test_name}"
      COMMAND "${CMAKE_COMMAND}" "-DPROGRAM=$<TARGET_FILE:${program}>"
        -P "${KIT_LESSON_SCRIPTS_DIR}/check_red_assert.cmake")
  endif()
  set_tests_properties("${test_name}" PROPERTIES TIMEOUT 120)
endfunction()
