# The kit's own code (the turtle, the maze libraries, mazekit and the harness) is held to more
# than a student's: no implicit conversion that may change a value or its sign. A student's
# build keeps the presets' warnings (cmake/kit_manifest.cmake), where these would be noise.
function(kit_own_code_warnings)
  foreach(target IN LISTS ARGN)
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang,AppleClang>:-Wconversion -Wsign-conversion>)
  endforeach()
endfunction()
