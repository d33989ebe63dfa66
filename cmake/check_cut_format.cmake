# cmake -DSTYLE=<kit>/.clang-format -DCUT=<build>/lessons -P check_cut_format.cmake
# Fails unless every step's files the build cut out of the lessons' sources follow the kit's
# .clang-format (scripts/check-format.sh leaves the sources themselves out: each holds several
# versions of a function, which clang-format cannot read as one program).
cmake_minimum_required(VERSION 3.22)

find_program(clang_format clang-format)
if(NOT clang_format)
  message(FATAL_ERROR "clang-format is not installed: scripts/install-deps.sh --tests installs it")
endif()
file(GLOB_RECURSE cut "${CUT}/*/solutions/step*/*")
list(LENGTH cut n)
if(n EQUAL 0)
  message(FATAL_ERROR "no step's files in ${CUT}: build the kit first (it cuts them)")
endif()
execute_process(COMMAND "${clang_format}" "--style=file:${STYLE}" --dry-run --Werror ${cut}
  RESULT_VARIABLE status ERROR_VARIABLE report)
if(NOT status EQUAL 0)
  string(SUBSTRING "${report}" 0 2000 report)
  message(FATAL_ERROR "some of the ${n} files cut out of lessons/*/source/ differ from "
    ".clang-format; fix the lines in the lesson's source/ file (not the cut):\n${report}")
endif()
message(STATUS "the ${n} files cut out of lessons/*/source/ follow .clang-format")
