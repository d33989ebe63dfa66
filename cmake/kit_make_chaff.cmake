# cmake -DWHEAT=FOLDER -DFILES=a;b -DIN=FILE -DFOLDER=CHAFF -DWHERE=TEXT -P kit_make_chaff.cmake
# One chaff of a test-writing step (cmake/kit_lessons.cmake, kit_make_chaffs): the wheat's FILES
# copied to FOLDER, IN with the text of FOLDER.replace, which must occur exactly once, replaced
# by the text of FOLDER.with. Each file is written only when it changes; FOLDER.stamp last.
cmake_minimum_required(VERSION 3.22)

file(READ "${FOLDER}.replace" replace)
file(READ "${FOLDER}.with" with)
file(READ "${WHEAT}/${IN}" text)
string(FIND "${text}" "${replace}" first)
string(FIND "${text}" "${replace}" last_at REVERSE)
if(first EQUAL -1)
  message(FATAL_ERROR "${WHERE}: its \"replace\" text is not in ${WHEAT}/${IN}; copy it "
                      "from that file exactly, spaces and line breaks too")
endif()
if(NOT first EQUAL last_at)
  message(FATAL_ERROR "${WHERE}: its \"replace\" text is in ${WHEAT}/${IN} more than once; "
                      "take more of the line around it, so that it names one place")
endif()
string(REPLACE "${replace}" "${with}" changed "${text}")
file(MAKE_DIRECTORY "${FOLDER}")
foreach(f IN LISTS FILES)
  if(NOT f STREQUAL IN)
    file(COPY_FILE "${WHEAT}/${f}" "${FOLDER}/${f}" ONLY_IF_DIFFERENT)
  endif()
endforeach()
file(WRITE "${FOLDER}/${IN}.new" "${changed}")
file(COPY_FILE "${FOLDER}/${IN}.new" "${FOLDER}/${IN}" ONLY_IF_DIFFERENT)
file(REMOVE "${FOLDER}/${IN}.new")
file(TOUCH "${FOLDER}.stamp")
