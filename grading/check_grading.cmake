# The grading test: packs the fabricated submissions in grading/submissions the way students
# hand them in (folders, .zip, .tar.gz; one name with a space; a hostile archive), runs
# `mazekit grade` on them and compares its grades.csv with grading/expected.csv, then checks
# that each failure is reported for the right reason.
#
#   cmake -DMAZEKIT=... -DGRADING=<kit>/grading -DWORK=<folder> [-DJOBS=2] -P check_grading.cmake
if(NOT JOBS)
  set(JOBS 2)
endif()
set(in "${WORK}/handed in")      # paths with spaces on purpose
set(out "${WORK}/graded work")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${in}")
set(src "${GRADING}/submissions")

foreach(folder complete loops-forever crashes exits-early)
  file(COPY "${src}/${folder}" DESTINATION "${in}")
endforeach()
function(pack name format)
  file(GLOB_RECURSE files RELATIVE "${src}/${name}" "${src}/${name}/*")
  set(mode cf)
  if(format STREQUAL "zip")
    set(archive "${in}/${name}.zip")
  else()
    set(archive "${in}/${name}.tar.gz")
    set(format gnutar)
    set(mode czf)
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" -E tar ${mode} "${archive}" --format=${format} -- ${files}
    WORKING_DIRECTORY "${src}/${name}" RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "cannot pack ${name}")
  endif()
endfunction()
pack("half done" zip)
pack(edits-its-tests zip)
pack(no-source zip)
pack(does-not-compile gnutar)
file(COPY "${GRADING}/archives/climbs-out.zip" DESTINATION "${in}")

# Two more hostile archives, made here rather than kept in the repository: a zip whose one
# entry unpacks to 20 MB (a few kilobytes packed), and a tarball whose maze.hpp is a link to
# a file outside the submission.
set(hostile "${WORK}/hostile")
file(MAKE_DIRECTORY "${hostile}/zip-bomb" "${hostile}/links-out")
string(REPEAT "                                        " 500000 twenty_megabytes)
file(WRITE "${hostile}/zip-bomb/maze.hpp" "${twenty_megabytes}")
file(CREATE_LINK "/etc/passwd" "${hostile}/links-out/maze.hpp" SYMBOLIC)
foreach(name_format zip-bomb.zip:zip:cf links-out.tar.gz:gnutar:czf)
  string(REPLACE ":" ";" parts "${name_format}")
  list(GET parts 0 archive)
  list(GET parts 1 format)
  list(GET parts 2 mode)
  string(REGEX REPLACE "\\..*" "" folder "${archive}")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E tar ${mode} "${in}/${archive}" --format=${format} -- maze.hpp
    WORKING_DIRECTORY "${hostile}/${folder}" RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "cannot pack ${archive}")
  endif()
endforeach()

execute_process(
  COMMAND "${MAZEKIT}" grade "${in}" --lesson 2 --out "${out}" -j ${JOBS} --timeout 3
    --compile-timeout 40 --compile-budget 80 --json
  RESULT_VARIABLE status OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
message("${stdout}${stderr}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "mazekit grade exited with ${status}")
endif()
if(stderr MATCHES "precompiled header is not used")
  message(FATAL_ERROR "the students' compiles do not use the precompiled header (see above)")
endif()

file(READ "${GRADING}/expected.csv" expected)
file(READ "${out}/grades.csv" actual)
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "grades.csv differs from grading/expected.csv:\n--- expected\n${expected}--- got\n${actual}")
endif()

# Progress: with --json, on stderr, a line per student (not a terminal) with the time so far.
if(NOT stderr MATCHES "mazekit grade: \\[1/[0-9]+\\] [^\n]* elapsed, about [0-9]+:[0-9][0-9] left")
  message(FATAL_ERROR "mazekit grade --json printed no progress line on stderr")
endif()

# --json: stdout is one JSON object (docs/json.md) with each student's total as grades.csv has it.
string(JSON schema ERROR_VARIABLE bad GET "${stdout}" schema)
if(bad OR NOT schema STREQUAL "mazekit.grade/1")
  message(FATAL_ERROR "mazekit grade --json did not print a mazekit.grade/1 object (${bad})")
endif()
# Each student's name and total in grades.csv (the honest class's names hold no comma).
set(rows 0)
string(REGEX MATCHALL "[^\n]+" lines "${actual}")
foreach(row IN LISTS lines)
  if(row MATCHES "^([^,]*),.*,([0-9]+),[^,]*$")
    set("total_of_${CMAKE_MATCH_1}" "${CMAKE_MATCH_2}")
    math(EXPR rows "${rows} + 1")
  endif()
endforeach()
string(JSON count LENGTH "${stdout}" students)
if(NOT count EQUAL rows)
  message(FATAL_ERROR "mazekit grade --json lists ${count} students; grades.csv has ${rows}")
endif()
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON name GET "${stdout}" students ${i} name)
  string(JSON score GET "${stdout}" students ${i} score)
  if(NOT DEFINED "total_of_${name}")
    message(FATAL_ERROR "mazekit grade --json names '${name}', who is not in grades.csv")
  endif()
  if(NOT score STREQUAL "${total_of_${name}}")
    message(FATAL_ERROR "mazekit grade --json gives ${name} ${score}; grades.csv ${total_of_${name}}")
  endif()
endforeach()

# Each failure for its reason, in the student's results.json.
function(expect student text)
  file(READ "${out}/${student}/results.json" json)
  string(FIND "${json}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${student}/results.json does not say '${text}':\n${json}")
  endif()
endfunction()
expect(loops-forever "timed out: still running after 3 s")
expect(crashes "crashed: ")  # a signal, or the sanitizer's report in an asan build
expect(exits-early "the program ended before its tests finished")
expect(does-not-compile "does not compile: maze.hpp:")
expect(edits-its-tests "edited test ignored: tests/step10_dig_east.cpp")
expect(edits-its-tests "build file ignored: CMakeLists.txt")
expect(no-source "no maze.hpp in the submission")
expect(climbs-out "unsafe path not read: ../../escaped.txt")
expect(zip-bomb "maze.hpp in the archive is larger than 1048576 bytes")
expect(links-out "maze.hpp in the archive is a symbolic link")
expect(half_done "Step 12: ")
foreach(file report.html complete/junit.xml complete/picture.png)
  if(NOT EXISTS "${out}/${file}")
    message(FATAL_ERROR "mazekit grade wrote no ${file}")
  endif()
endforeach()
# Nothing was unpacked outside the student's own folder.
file(GLOB_RECURSE escaped "${WORK}/escaped.txt" "${out}/escaped.txt" "${out}/work/escaped.txt")
if(escaped)
  message(FATAL_ERROR "an archive entry escaped its folder: ${escaped}")
endif()
