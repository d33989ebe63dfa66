# The warnings, in one place. They are the kit's own, not a preset's, so that a plain configure
# (`cmake -S . -B b -G Ninja -DCMAKE_BUILD_TYPE=Release`, as the autograder's setup.sh builds)
# builds and tests exactly what the presets do; the `ci` preset only makes them errors
# (CMAKE_COMPILE_WARNING_AS_ERROR).
#
# KIT_STUDENT_WARNINGS: what a student's code is built with (cmake/kit_manifest.cmake), and the
# lessons' own code, which is the code a student is shown. mazekit says the first one in the
# student's own files, with what it means; they never stop a step.
set(KIT_STUDENT_WARNINGS -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast
    -Woverloaded-virtual -Wcast-qual -Wformat=2 -Wimplicit-fallthrough -Wundef)

# Everything the kit builds (the turtle, the maze libraries, mazekit, the harness, the lessons'
# proofs, the tests, the examples) has those, and -Wnull-dereference.
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  add_compile_options(${KIT_STUDENT_WARNINGS} -Wnull-dereference)
endif()

# The kit's own code (the turtle, the maze libraries, mazekit and the harness) is held to more
# than a student's: no implicit conversion that may change a value or its sign. A student's
# build keeps KIT_STUDENT_WARNINGS, where these would be noise.
function(kit_own_code_warnings)
  foreach(target IN LISTS ARGN)
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang,AppleClang>:-Wconversion -Wsign-conversion>)
  endforeach()
endfunction()
