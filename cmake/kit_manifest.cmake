# The build manifest: what mazekit needs to build and grade a student's steps, written by
# CMake (file(GENERATE)) so that mazekit never re-derives a target name, a library path or a
# step's test cases. Written to <build>/mazekit/manifest.json:
#
#   compiler, standard, cxx_flags, linker_flags  how the kit builds lesson programs
#   student_include  the one include folder a student's code is built with: the turtle
#                    library's headers and lesson_picture.hpp, nothing else of the kit
#   harness, libraries  what a step program links: Catch2's main and the signed reporter,
#                    the turtle library, Cairo
#   sanitized        the kit is built with sanitizers (their reports count as crashes)
#   lessons          what the build made of each lesson (what lesson.json says is read from
#                    it, not from here): its id and folder, the targets of its proof's
#                    programs (what mazekit verify builds), and each step's id, Catch2 file
#                    tag, test case names (found by the lesson reader), the target and
#                    program of the student's exercise build, and the program that draws
#                    the step's picture from its solution (run with -# and the file tag,
#                    MAZEKIT_PICTURE_STEP naming the step); its own programs (mazekit
#                    play), each with the target and program built from the student's
#                    exercise; a test-writing step's chaffs (id, generated folder) and its
#                    mutant schema's folder
include_guard(GLOBAL)
include(kit_lessons)


# A JSON string of VALUE: backslashes, quotes, line breaks, tabs and carriage returns escaped.
function(kit_json_string out value)
  string(REPLACE "\\" "\\\\" value "${value}")
  string(REPLACE "\"" "\\\"" value "${value}")
  string(REPLACE "\n" "\\n" value "${value}")
  string(REPLACE "\t" "\\t" value "${value}")
  string(REPLACE "\r" "\\r" value "${value}")
  set(${out} "\"${value}\"" PARENT_SCOPE)
endfunction()

# Adds a lesson (its folder) to the manifest: what the build makes of it, never what its
# lesson.json says (mazekit reads that with the one reader, kit/lessons.hpp, and joins the two
# by the steps' and chaffs' ids). Its exercise targets are EXERCISE_PREFIX_stepKK and its
# picture programs SOLUTION_PREFIX_stepKK (kit_add_lesson_proof's names: the program of step K's
# solution, which holds step K's test; its file tag picks that test).
function(kit_manifest_add_lesson dir exercise_prefix solution_prefix)
  kit_read_lesson("${dir}" lesson)
  kit_json_string(q_id "${lesson_ID}")
  kit_json_string(q_dir "${dir}")
  set(steps "")
  foreach(k RANGE 1 ${lesson_STEP_COUNT})
    get_filename_component(tag "${lesson_${k}_TEST}" NAME_WE)
    kit_step_name(target ${exercise_prefix} ${k})
    kit_step_name(picture ${solution_prefix} ${lesson_${k}_WHEAT_STEP})
    # A test-writing step: each chaff's folder, and the folder of its mutant schema (for
    # `mazekit check`: the chaffs in one build, chosen at run time).
    set(tests_fields "")
    if(lesson_${k}_KIND STREQUAL "tests")
      set(q_chaffs "")
      list(LENGTH lesson_${k}_CHAFFS n)
      math(EXPR last "${n} - 1")
      foreach(c RANGE ${last})
        kit_chaff_folder(folder "${lesson_ID}" "${lesson_${k}_ID}" "${lesson_${k}_CHAFF_${c}_ID}")
        kit_json_string(q_cid "${lesson_${k}_CHAFF_${c}_ID}")
        if(MAZEKIT_STUDENT_EDITION)
          set(folder "")  # unpacked from lessons/ID/packs for each check (kit/edition.hpp)
        endif()
        kit_json_string(q_folder "${folder}")
        list(APPEND q_chaffs "{\"id\": ${q_cid}, \"code\": ${q_folder}}")
      endforeach()
      list(JOIN q_chaffs ", " q_chaffs)
      kit_chaff_schema_folder(schema "${lesson_ID}" "${lesson_${k}_ID}")
      kit_json_string(q_schema "${schema}")
      set(tests_fields ", \"chaffs\": [${q_chaffs}], \"schema\": ${q_schema}")
    endif()
    kit_json_string(q_step_id "${lesson_${k}_ID}")
    # The student edition has no test file for a test-writing step (it is that step's answer:
    # no test cases) and no solution programs to draw the expected pictures (lessons/ID/pictures
    # has them).
    set(q_exercise_program "\"$<TARGET_FILE:${target}>\"")
    set(q_picture_program "\"$<TARGET_FILE:${picture}>\"")
    if(MAZEKIT_STUDENT_EDITION)
      set(q_picture_program "\"\"")
      if(lesson_${k}_KIND STREQUAL "tests")
        set(q_exercise_program "\"\"")
      endif()
    endif()
    list(APPEND steps "{\"id\": ${q_step_id}, \"file_tag\": \"#${tag}\", \"test_cases\": [${lesson_${k}_TEST_CASES_JSON}], \"exercise_target\": \"${target}\", \"exercise_program\": ${q_exercise_program}, \"picture_program\": ${q_picture_program}${tests_fields}}")
  endforeach()
  list(JOIN steps ",\n      " steps)
  get_property(proof GLOBAL PROPERTY "KIT_PROOF_PROGRAMS_${lesson_ID}")
  set(q_proof "")
  foreach(target IN LISTS proof)
    list(APPEND q_proof "\"${target}\"")
  endforeach()
  list(JOIN q_proof ", " q_proof)
  set(q_programs "")
  foreach(program IN LISTS lesson_PROGRAMS)
    set(target ${exercise_prefix}_${program})
    list(APPEND q_programs "{\"name\": \"${program}\", \"exercise_target\": \"${target}\", \"exercise_program\": \"$<TARGET_FILE:${target}>\"}")
  endforeach()
  list(JOIN q_programs ", " q_programs)
  set(entry "{\"id\": ${q_id}, \"folder\": ${q_dir},\n     \"proof_targets\": [${q_proof}],\n     \"programs\": [${q_programs}],\n     \"steps\": [\n      ${steps}]}")
  set_property(GLOBAL APPEND PROPERTY KIT_MANIFEST_LESSONS "${entry}")
endfunction()

# Writes the manifest and the student include folder. Call once, after every lesson is added.
function(kit_write_manifest)
  set(include_dir "${PROJECT_BINARY_DIR}/mazekit/student-include")
  file(REMOVE_RECURSE "${include_dir}")
  file(COPY "${PROJECT_SOURCE_DIR}/turtle/include/turtle" DESTINATION "${include_dir}")
  file(COPY "${KIT_LESSON_SUPPORT_DIR}/lesson_picture.hpp" DESTINATION "${include_dir}")
  # With Catch2 3: its <catch2/catch.hpp> that gives 2.13's names (kit_testing.cmake), so that
  # a student's tests are written the one way with either.
  if(KIT_CATCH2_COMPAT_DIR)
    file(COPY "${KIT_CATCH2_COMPAT_DIR}/catch2" DESTINATION "${include_dir}")
    file(GLOB_RECURSE compat_headers "${KIT_CATCH2_COMPAT_DIR}/*.hpp")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${compat_headers})
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${KIT_LESSON_SUPPORT_DIR}/lesson_picture.hpp")
  file(GLOB turtle_headers "${PROJECT_SOURCE_DIR}/turtle/include/turtle/*.hpp")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${turtle_headers})

  separate_arguments(cxx_flags UNIX_COMMAND "${CMAKE_CXX_FLAGS}")
  # The warnings a student's code is built with, whatever the kit was configured with
  # (cmake/kit_warnings.cmake): mazekit says the first one in the student's own files, with what
  # it means. Never errors: they do not stop a step.
  foreach(warning IN LISTS KIT_STUDENT_WARNINGS)
    if(NOT warning IN_LIST cxx_flags)
      list(APPEND cxx_flags "${warning}")
    endif()
  endforeach()
  separate_arguments(linker_flags UNIX_COMMAND "${CMAKE_EXE_LINKER_FLAGS}")
  # dlsym, with which the harness notes where an exception was thrown (in the C library itself
  # since glibc 2.34, in libdl before).
  foreach(lib IN LISTS CMAKE_DL_LIBS)
    list(APPEND linker_flags "-l${lib}")
  endforeach()
  set(sanitized false)
  if(CMAKE_CXX_FLAGS MATCHES "-fsanitize=")
    set(sanitized true)
  endif()
  set(q_flags "")
  foreach(f IN LISTS cxx_flags)
    kit_json_string(q "${f}")
    list(APPEND q_flags "${q}")
  endforeach()
  list(JOIN q_flags ", " q_flags)
  set(q_link "")
  foreach(f IN LISTS linker_flags)
    kit_json_string(q "${f}")
    list(APPEND q_link "${q}")
  endforeach()
  list(JOIN q_link ", " q_link)
  get_property(lessons GLOBAL PROPERTY KIT_MANIFEST_LESSONS)
  list(JOIN lessons ",\n    " lessons)
  set(standard "${CMAKE_CXX17_EXTENSION_COMPILE_OPTION}")
  # Catch2's headers, where the compiler does not look by itself (Homebrew's /opt/homebrew),
  # and with Catch2 3 its compiled library, which the harness needs.
  set(q_system_include "")
  foreach(dir IN LISTS KIT_CATCH2_INCLUDE_DIRS)
    kit_json_string(q "${dir}")
    list(APPEND q_system_include "${q}")
  endforeach()
  list(JOIN q_system_include ", " q_system_include)
  set(catch2_library "")
  if(KIT_CATCH2_MAJOR GREATER_EQUAL 3)
    set(catch2_library "\"$<TARGET_FILE:Catch2::Catch2>\", ")
  endif()
  file(GENERATE OUTPUT "${PROJECT_BINARY_DIR}/mazekit/manifest.json" CONTENT "{
  \"format\": \"mazekit-manifest-1\",
  \"compiler\": \"${CMAKE_CXX_COMPILER}\",
  \"standard\": \"${standard}\",
  \"cxx_flags\": [${q_flags}],
  \"linker_flags\": [${q_link}],
  \"sanitized\": ${sanitized},
  \"student_include\": \"${include_dir}\",
  \"system_include\": [${q_system_include}],
  \"harness\": \"$<TARGET_FILE:kit_catch_main>\",
  \"libraries\": [${catch2_library}\"$<TARGET_FILE:turtle>\", \"$<JOIN:$<TARGET_PROPERTY:PkgConfig::CAIRO,INTERFACE_LINK_LIBRARIES>,\", \">\"],
  \"lessons\": [
    ${lessons}]
}
")
endfunction()
