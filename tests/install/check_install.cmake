# Installs the kit into a scratch prefix, then builds and runs an outside project that finds
# it with find_package(mazekit), and proves that its maze-model-only program has no Cairo in
# its link line or among the libraries it loads. The outside project is built with the kit's
# own compiler and flags (a kit built with clang and libc++ links only with them). Run by CTest:
#   cmake -DBUILD_DIR=... -DWORK_DIR=... -DCONSUMER_DIR=... -DCXX_COMPILER=... -DCXX_FLAGS=...
#         -DLINK_FLAGS=...
#         -DGENERATOR=... -P check_install.cmake
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    list(JOIN ARGN " " command)
    message(FATAL_ERROR "failed (${result}): ${command}")
  endif()
endfunction()

file(REMOVE_RECURSE "${WORK_DIR}")
run("${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${WORK_DIR}/prefix")
run("${CMAKE_COMMAND}" -S "${CONSUMER_DIR}" -B "${WORK_DIR}/build" -G "${GENERATOR}"
    "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix"
    "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
    "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${LINK_FLAGS}")
run("${CMAKE_COMMAND}" --build "${WORK_DIR}/build")
run("${WORK_DIR}/build/consumer")

# model_only prints a 100 × 100 maze as text: 201 lines of 201 characters.
execute_process(COMMAND "${WORK_DIR}/build/model_only" RESULT_VARIABLE result OUTPUT_VARIABLE text)
string(LENGTH "${text}" length)
if(NOT result EQUAL 0 OR NOT length EQUAL 40602)
  message(FATAL_ERROR "model_only (exit ${result}) printed ${length} characters, not the 201 "
                      "lines of 201 characters of a 100×100 maze")
endif()

# ... and links no Cairo: not on its link line, not among the shared libraries it loads.
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${WORK_DIR}/build" --target model_only
                        --verbose --clean-first
                OUTPUT_VARIABLE build_log RESULT_VARIABLE result)
string(REGEX MATCH "[^\n]*-o model_only[^\n]*" link_line "${build_log}")
if(NOT result EQUAL 0 OR link_line STREQUAL "")
  message(FATAL_ERROR "could not find model_only's link line in:\n${build_log}")
endif()
if(link_line MATCHES "cairo|mazekit_turtle")
  message(FATAL_ERROR "model_only links the turtle or Cairo:\n${link_line}")
endif()
find_program(LDD ldd)
if(LDD)
  execute_process(COMMAND "${LDD}" "${WORK_DIR}/build/model_only" OUTPUT_VARIABLE loaded)
  if(loaded MATCHES "cairo")
    message(FATAL_ERROR "model_only loads Cairo:\n${loaded}")
  endif()
endif()
message(STATUS "model_only links mazekit::maze_model without Cairo:\n${link_line}")
