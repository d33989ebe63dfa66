# cmake -DA=FILE -DB=FILE -P kit_same_code.cmake: fails unless the two files hold the same code
# below their opening lines (#pragma once and the comment lines after it, which say
# which lesson and step the file is: a lesson's exercise names its own lesson, and the last
# solution of the lesson before names that one).
cmake_minimum_required(VERSION 3.22)

function(code_of file out)
  file(READ "${file}" text)
  # The opening lines: #pragma once and the comments that follow it.
  while(text MATCHES "^(#pragma once|//[^\n]*)\n")
    string(LENGTH "${CMAKE_MATCH_0}" skip)
    string(SUBSTRING "${text}" ${skip} -1 text)
  endwhile()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

code_of("${A}" a)
code_of("${B}" b)
if(NOT a STREQUAL b)
  message(FATAL_ERROR "${B} does not hold the code of ${A} (below their opening comments): "
    "make the exercise start where the lesson before ends (diff the two files)")
endif()
