# kit_add_test(NAME SOURCES a.cpp b.cpp LIBRARIES lib...)
#
# One Catch2 test program. Every program links the one compiled main (kit_catch_main) and
# reuses one precompiled catch.hpp (kit_catch_pch), so a new test file costs about a second
# to build. Each TEST_CASE becomes its own CTest test named NAME.<test case name>.
include_guard(GLOBAL)

find_package(Catch2 2.13 REQUIRED)
include(Catch)

find_package(nlohmann_json 3.2 REQUIRED)

if(NOT TARGET kit_catch_main)
  # Catch2's main and the harness's signed reporter (-r mazekit), which mazekit grade reads.
  add_library(kit_catch_main STATIC "${PROJECT_SOURCE_DIR}/mazekit/harness/catch_main.cpp")
  target_link_libraries(kit_catch_main PUBLIC Catch2::Catch2 PRIVATE nlohmann_json::nlohmann_json)
  target_compile_features(kit_catch_main PUBLIC cxx_std_17)
  # Without debug information: nobody steps through Catch2's main, and every test program and
  # every student's step links it, so its size is link time in the student's loop.
  target_compile_options(kit_catch_main PRIVATE -g0)

  add_library(kit_catch_pch OBJECT "${CMAKE_CURRENT_LIST_DIR}/catch_pch.cpp")
  target_link_libraries(kit_catch_pch PUBLIC Catch2::Catch2)
  target_compile_features(kit_catch_pch PUBLIC cxx_std_17)
  target_precompile_headers(kit_catch_pch PRIVATE <catch2/catch.hpp>)
endif()

function(kit_add_test name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES;LIBRARIES")
  add_executable(${name} ${arg_SOURCES})
  target_link_libraries(${name} PRIVATE kit_catch_main ${arg_LIBRARIES})
  target_precompile_headers(${name} REUSE_FROM kit_catch_pch)
  # Helpers every test may use (tests/support: reading a PNG back, ...).
  target_include_directories(${name} PRIVATE "${PROJECT_SOURCE_DIR}/tests/support")
  catch_discover_tests(${name}
    TEST_PREFIX "${name}."
    DISCOVERY_MODE PRE_TEST
    # A test that matches nothing or asserts nothing fails instead of passing quietly.
    # (Test names must not contain ';', which CMake reads as a list separator.)
    EXTRA_ARGS --warn NoTests
    PROPERTIES TIMEOUT 120)
endfunction()
