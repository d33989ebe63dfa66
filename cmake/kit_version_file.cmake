# Writes OUT, the C++ source of mazekit::kitVersion(): the exact kit that built mazekit, said by
# mazekit --version and in every report and JSON object (docs/releasing.md). Run at every build
# (cmake -P), so that a new commit is named without configuring again; OUT is written only when
# the version changes, so nothing is rebuilt otherwise.
#
#   SOURCE_DIR/VERSION, when there is one: a copy of the kit made by mazekit (the Gradescope
#     autograder's zip, a student's repository from init-repo) says which kit it was copied from;
#   else git: the release tag (v0.2.0 gives 0.2.0), or the tag, commits since and the commit
#     (0.2.0-3-gabc1234); "+modified" when a file of the kit outside exercises/ differs from
#     that commit (a student's own exercises do not change which kit it is);
#   else PROJECT_VERSION (a copy without git and without VERSION).
cmake_minimum_required(VERSION 3.22)

set(version "")
if(EXISTS "${SOURCE_DIR}/VERSION")
  file(STRINGS "${SOURCE_DIR}/VERSION" version LIMIT_COUNT 1 LIMIT_INPUT 200)
  string(STRIP "${version}" version)
  if(NOT version MATCHES "^[0-9A-Za-z.+-]+$")
    message(FATAL_ERROR "${SOURCE_DIR}/VERSION holds '${version}', not a version such as 0.2.0: "
      "delete the file (the kit then asks git) or write the kit's version in it")
  endif()
elseif(EXISTS "${SOURCE_DIR}/.git")
  find_package(Git QUIET)
  if(GIT_FOUND)
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" describe --tags --match "v[0-9]*"
      OUTPUT_VARIABLE described RESULT_VARIABLE described_status
      OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(described_status EQUAL 0)
      string(REGEX REPLACE "^v" "" version "${described}")
    else()
      # No release tag in this clone (a shallow clone, or before the first tag).
      execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" rev-parse --short=7 HEAD
        OUTPUT_VARIABLE commit RESULT_VARIABLE commit_status
        OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(commit_status EQUAL 0)
        set(version "${PROJECT_VERSION}-g${commit}")
      endif()
    endif()
    if(NOT version STREQUAL "")
      execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" status --porcelain
        --untracked-files=no -- . ":(exclude)exercises"
        OUTPUT_VARIABLE changed RESULT_VARIABLE changed_status ERROR_QUIET)
      if(changed_status EQUAL 0 AND NOT changed STREQUAL "")
        string(APPEND version "+modified")
      endif()
    endif()
  endif()
endif()
if(version STREQUAL "")
  set(version "${PROJECT_VERSION}")
endif()

set(text "// Made by cmake/kit_version_file.cmake at build time: do not edit.
#include \"kit/version.hpp\"

namespace mazekit {
const char* kitVersion() { return \"${version}\"; }
}  // namespace mazekit
")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}.tmp" "${text}")
  file(RENAME "${OUT}.tmp" "${OUT}")
endif()
