# kit_add_test(NAME SOURCES a.cpp b.cpp LIBRARIES lib... [LABELS label...] [TIMEOUT seconds])
#
# One Catch2 test program, its test cases labelled with LABELS, or else with the folder's
# KIT_TEST_LABELS (set(KIT_TEST_LABELS maze) at the top of tests/maze/CMakeLists.txt). Every program links the one compiled main (kit_catch_main) and
# reuses one precompiled catch.hpp (kit_catch_pch), so a new test file costs about a second
# to build. Each TEST_CASE becomes its own CTest test named NAME.<test case name>, stopped
# after TIMEOUT seconds (120 unless given).
include_guard(GLOBAL)

# Catch2 2.13 (Debian 12, Ubuntu 22.04) or 3.x (Debian 13, Ubuntu 24.04, Homebrew): every
# test is written once, against <catch2/catch.hpp>, and kit_catch2 below makes that header
# mean the same with either. (Catch2's package accepts only its own major version, so the
# version is checked here rather than asked of find_package.)
find_package(Catch2 REQUIRED)
if(Catch2_VERSION VERSION_LESS 2.13)
  message(FATAL_ERROR "Catch2 ${Catch2_VERSION} is too old: the kit's tests need Catch2 2.13 "
                      "or 3.x (scripts/install-deps.sh installs it; on macOS: brew install catch2)")
endif()
include(Catch)
# Seen from every folder: the build manifest (kit_manifest.cmake) names its headers and library.
get_target_property(catch2_global Catch2::Catch2 IMPORTED_GLOBAL)
if(NOT catch2_global)
  set_target_properties(Catch2::Catch2 PROPERTIES IMPORTED_GLOBAL TRUE)
endif()
# A run whose test spec matches no test fails instead of passing quietly: Catch2 2.13 is told
# with --warn NoTests; Catch2 3 fails such a run by itself, and its --warn UnmatchedTestSpec
# also fails a spec of which any part matches nothing.
if(Catch2_VERSION VERSION_LESS 3)
  set(KIT_CATCH_NO_TESTS_FAIL --warn NoTests CACHE INTERNAL "")
else()
  set(KIT_CATCH_NO_TESTS_FAIL --warn UnmatchedTestSpec CACHE INTERNAL "")
endif()
# Catch2's headers where the compiler does not look by itself (Homebrew's /opt/homebrew), for
# the programs built outside CMake: the RED checks (kit_lessons.cmake) and the student's build
# (kit_manifest.cmake).
get_target_property(catch2_includes Catch2::Catch2 INTERFACE_INCLUDE_DIRECTORIES)
set(dirs "")
foreach(dir IN LISTS catch2_includes)
  if(dir AND NOT dir IN_LIST CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES)
    list(APPEND dirs "${dir}")
  endif()
endforeach()
set(KIT_CATCH2_INCLUDE_DIRS "${dirs}" CACHE INTERNAL "Catch2's headers, where not searched")
# The major version, and with 3 the folder of the header that gives 2.13's names (below), for
# the student's build too (kit_manifest.cmake).
string(REGEX MATCH "^[0-9]+" major "${Catch2_VERSION}")
set(KIT_CATCH2_MAJOR "${major}" CACHE INTERNAL "Catch2's major version")
set(KIT_CATCH2_COMPAT_DIR "" CACHE INTERNAL "Catch2 3's <catch2/catch.hpp>")
if(major GREATER_EQUAL 3)
  set(KIT_CATCH2_COMPAT_DIR "${PROJECT_SOURCE_DIR}/mazekit/harness/catch2-compat"
      CACHE INTERNAL "Catch2 3's <catch2/catch.hpp>")
endif()

find_package(nlohmann_json 3.2 REQUIRED)

# kit_catch2: Catch2, as every test program and the harness use it. With Catch2 3, the folder
# mazekit/harness/catch2-compat comes first on the include path: its <catch2/catch.hpp>
# includes Catch2 3's headers under 2.13's names.
if(NOT TARGET kit_catch2)
  add_library(kit_catch2 INTERFACE)
  target_link_libraries(kit_catch2 INTERFACE Catch2::Catch2)
  if(KIT_CATCH2_COMPAT_DIR)
    target_include_directories(kit_catch2 BEFORE INTERFACE "${KIT_CATCH2_COMPAT_DIR}")
  endif()
endif()

# Test programs, the kit's own and the lessons', are compiled without optimisation whatever the
# build type: they are compiled far more often than they run long, and -O0 compiles a test file
# in about half the time -O3 takes. The code they test keeps the build type's flags. Every
# program that reuses the precompiled catch.hpp (kit_catch_pch) must be compiled as it was, or
# g++ quietly reads catch.hpp again.
function(kit_test_compile_options target)
  target_compile_options(${target} PRIVATE -O0)
endfunction()

if(NOT TARGET kit_catch_main)
  # Catch2's main and the harness's signed reporter (-r mazekit), which mazekit grade reads.
  add_library(kit_catch_main STATIC "${PROJECT_SOURCE_DIR}/mazekit/harness/catch_main.cpp"
                                    "${PROJECT_SOURCE_DIR}/mazekit/harness/trace.cpp")
  if(COMMAND kit_own_code_warnings)
    kit_own_code_warnings(kit_catch_main)
  endif()
  # The turtle library: a failed test case's picture is its screen as the test stopped.
  target_link_libraries(kit_catch_main PUBLIC kit_catch2
                        PRIVATE nlohmann_json::nlohmann_json mazekit::turtle ${CMAKE_DL_LIBS})
  target_compile_features(kit_catch_main PUBLIC cxx_std_17)
  # Without debug information: nobody steps through Catch2's main, and every test program and
  # every student's step links it, so its size is link time in the student's loop. Without
  # optimisation, as the test programs: every program of the build waits for it (g++ 12: 30 s
  # at -O2, 17 s at -O0), and Catch2's own work is a small part of any test's run.
  target_compile_options(kit_catch_main PRIVATE -g0)
  kit_test_compile_options(kit_catch_main)

  add_library(kit_catch_pch OBJECT "${CMAKE_CURRENT_LIST_DIR}/catch_pch.cpp")
  target_link_libraries(kit_catch_pch PUBLIC kit_catch2)
  target_compile_features(kit_catch_pch PUBLIC cxx_std_17)
  target_precompile_headers(kit_catch_pch PRIVATE <catch2/catch.hpp>)
  kit_test_compile_options(kit_catch_pch)

  # The header every lesson program starts with (kit_lessons.cmake), precompiled once: Catch2
  # and lesson_picture.hpp (with the turtle library's headers), which every step's test
  # includes before the student's files. A program that reuses it is built without -D of a
  # name it mentions (KIT_LESSON_ID, KIT_STEP_ID), else g++ reads the headers again: a lesson
  # program learns its lesson and step from MAZEKIT_PICTURE_LESSON and MAZEKIT_PICTURE_STEP.
  if(TARGET mazekit::turtle)
    add_library(kit_lesson_pch OBJECT "${CMAKE_CURRENT_LIST_DIR}/catch_pch.cpp")
    target_link_libraries(kit_lesson_pch PUBLIC kit_catch2 mazekit::turtle)
    target_include_directories(kit_lesson_pch PRIVATE "${CMAKE_CURRENT_LIST_DIR}/../lessons/support")
    target_compile_features(kit_lesson_pch PUBLIC cxx_std_17)
    target_precompile_headers(kit_lesson_pch PRIVATE <catch2/catch.hpp> <lesson_picture.hpp>)
    kit_test_compile_options(kit_lesson_pch)
  endif()
endif()

# RESOURCE_LOCK: a name the test cases share with other tests that must not run beside them
# (the user nobody: a program run as a user kills every process of that user when it ends).
function(kit_add_test name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "TIMEOUT;RESOURCE_LOCK" "SOURCES;LIBRARIES;LABELS")
  if(NOT arg_LABELS)
    set(arg_LABELS ${KIT_TEST_LABELS})
  endif()
  if(NOT arg_TIMEOUT)
    set(arg_TIMEOUT 120)
  endif()
  set(lock "")
  if(arg_RESOURCE_LOCK)
    set(lock RESOURCE_LOCK "${arg_RESOURCE_LOCK}")
  endif()
  add_executable(${name} ${arg_SOURCES})
  target_link_libraries(${name} PRIVATE kit_catch_main ${arg_LIBRARIES})
  target_precompile_headers(${name} REUSE_FROM kit_catch_pch)
  kit_test_compile_options(${name})
  # Helpers every test may use (tests/support: reading a PNG back, ...).
  target_include_directories(${name} PRIVATE "${PROJECT_SOURCE_DIR}/tests/support")
  catch_discover_tests(${name}
    TEST_PREFIX "${name}."
    DISCOVERY_MODE PRE_TEST
    # A test that matches nothing or asserts nothing fails instead of passing quietly.
    # (Test names must not contain ';', which CMake reads as a list separator.)
    EXTRA_ARGS ${KIT_CATCH_NO_TESTS_FAIL}
    TEST_LIST ${name}_TESTS
    PROPERTIES TIMEOUT ${arg_TIMEOUT} ${lock})
  # The labels, set by a file CTest reads after the test cases are discovered: a list of labels
  # given in PROPERTIES above is split again by each of Catch's layers, and all but the first
  # would be lost.
  set(labels_file "${CMAKE_CURRENT_BINARY_DIR}/${name}_labels.cmake")
  file(WRITE "${labels_file}.new"
    "foreach(test IN LISTS ${name}_TESTS)\n"
    "  set_tests_properties(\"\${test}\" PROPERTIES LABELS \"${arg_LABELS}\")\n"
    "endforeach()\n")
  file(COPY_FILE "${labels_file}.new" "${labels_file}" ONLY_IF_DIFFERENT)
  file(REMOVE "${labels_file}.new")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${labels_file}")
endfunction()

# kit_label_tests(label...): adds the labels to every test added so far in this folder with
# add_test (catch_discover_tests's test cases get theirs from kit_add_test). The areas are
# turtle, maze, lessons, mazekit, grading and install; slow marks a test that builds the kit
# again or grades a class (README, "Running part of the tests").
function(kit_label_tests)
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(test IN LISTS tests)
    get_property(labels TEST "${test}" PROPERTY LABELS)
    foreach(label IN LISTS ARGN)
      if(NOT label IN_LIST labels)
        set_property(TEST "${test}" APPEND PROPERTY LABELS "${label}")
      endif()
    endforeach()
  endforeach()
endfunction()
