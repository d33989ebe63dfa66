# cmake -DLIST=lessons/solutions.sha256 -DCUT=<build>/lessons -P check_cut_solutions.cmake
# Fails unless every lesson's solutions, cut out of its source (cmake/kit_lessons.cmake,
# kit_cut_lesson), are the files LIST records, byte for byte (their SHA-256), and no more.
cmake_minimum_required(VERSION 3.22)

file(STRINGS "${LIST}" lines)
set(wrong "")
set(listed "")
foreach(line IN LISTS lines)
  if(NOT line MATCHES "^([0-9a-f]+)  (.+)$")
    message(FATAL_ERROR "${LIST}: '${line}' is not 'SHA256  LESSON/solutions/stepNN/FILE'")
  endif()
  set(want "${CMAKE_MATCH_1}")
  set(file "${CMAKE_MATCH_2}")
  list(APPEND listed "${file}")
  if(NOT EXISTS "${CUT}/${file}")
    string(APPEND wrong "\n  ${file}: not cut (is its step gone from lesson.json?)")
    continue()
  endif()
  file(SHA256 "${CUT}/${file}" have)
  if(NOT have STREQUAL want)
    string(APPEND wrong "\n  ${file}: its code changed")
  endif()
endforeach()
file(GLOB_RECURSE cut RELATIVE "${CUT}" "${CUT}/*/solutions/step*/*")
foreach(file IN LISTS cut)
  if(NOT file IN_LIST listed)
    string(APPEND wrong "\n  ${file}: cut, but not in the list")
  endif()
endforeach()
if(wrong)
  message(FATAL_ERROR "The lessons' solutions, cut out of lessons/*/source/, are not the ones "
    "${LIST} records:${wrong}\nIf you meant to change them, see each step's files in ${CUT}, "
    "prove the lessons again (mazekit verify), then record them: "
    "(cd ${CUT} && sha256sum */solutions/step*/*) > ${LIST}")
endif()
list(LENGTH listed n)
message(STATUS "${n} files of the lessons' solutions are the ones ${LIST} records")
