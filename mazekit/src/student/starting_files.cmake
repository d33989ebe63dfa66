# `mazekit reset LESSON` puts a lesson's exercise folder back as it was at the start. The
# starting files are copied into the build tree the first time the kit is configured (before
# a student has written anything), one folder per lesson, and never overwritten after that.
set(_mazekit_starting "${PROJECT_BINARY_DIR}/mazekit/starting-files")
file(GLOB _mazekit_exercises LIST_DIRECTORIES true "${PROJECT_SOURCE_DIR}/exercises/[0-9]*-*")
foreach(_mazekit_exercise IN LISTS _mazekit_exercises)
  get_filename_component(_mazekit_name "${_mazekit_exercise}" NAME)
  if(IS_DIRECTORY "${_mazekit_exercise}" AND NOT EXISTS "${_mazekit_starting}/${_mazekit_name}")
    file(REMOVE_RECURSE "${_mazekit_starting}/.partial")
    file(COPY "${_mazekit_exercise}" DESTINATION "${_mazekit_starting}/.partial"
         PATTERN ".*" EXCLUDE)
    file(RENAME "${_mazekit_starting}/.partial/${_mazekit_name}" "${_mazekit_starting}/${_mazekit_name}")
    file(REMOVE_RECURSE "${_mazekit_starting}/.partial")
  endif()
endforeach()
