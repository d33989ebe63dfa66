#!/usr/bin/env python3
"""Nothing in the kit's CMake files needs a CMake newer than 3.22 (Ubuntu 22.04's, Gradescope's).

The kit says `cmake_minimum_required(VERSION 3.22)`; a newer CMake runs its files with 3.22's
policies but does not refuse commands, keywords and generator expressions that 3.22 lacks, so
a build here can pass with a feature a student's or a grader's CMake 3.22 would reject. This
reads every CMakeLists.txt and *.cmake(.in) file of the kit (CMakePresets.json aside: presets
with workflows need 3.25, and the plain configure does without them) and fails on each use of
a feature that came after 3.22, naming the file, the line and the version it needs.

    check_cmake_3_22.py KIT_SOURCE
"""
import os
import re
import sys

# What came after 3.22, from CMake's release notes: (pattern, what it is, version).
NEWER = [
    (r"\bFILE_SET\b", "target_sources(... FILE_SET)", "3.23"),
    (r"\$<LINK_LIBRARY:", "$<LINK_LIBRARY:...>", "3.24"),
    (r"\$<LINK_GROUP:", "$<LINK_GROUP:...>", "3.24"),
    (r"\$<PATH:", "$<PATH:...>", "3.24"),
    (r"\$<PATH_EQUAL:", "$<PATH_EQUAL:...>", "3.24"),
    (r"\bPATH_EQUAL\b", "if(... PATH_EQUAL ...)", "3.24"),
    (r"find_package\([^)]*\bGLOBAL\b", "find_package(... GLOBAL)", "3.24"),
    (r"\bCMAKE_COMPILE_WARNING_AS_ERROR\b", "CMAKE_COMPILE_WARNING_AS_ERROR", "3.24"),
    (r"\bCOMPILE_WARNING_AS_ERROR\b", "the COMPILE_WARNING_AS_ERROR property", "3.24"),
    (r"\bDOWNLOAD_EXTRACT_TIMESTAMP\b", "DOWNLOAD_EXTRACT_TIMESTAMP", "3.24"),
    (r"^\s*block\s*\(", "block()", "3.25"),
    (r"^\s*endblock\s*\(", "endblock()", "3.25"),
    (r"return\s*\(\s*PROPAGATE\b", "return(PROPAGATE ...)", "3.25"),
    (r"cmake_language\s*\(\s*GET_MESSAGE_LOG_LEVEL\b", "cmake_language(GET_MESSAGE_LOG_LEVEL)", "3.25"),
    (r"try_(?:compile|run)\s*\(\s*\w+\s+(?:SOURCES|SOURCE_FROM_CONTENT|SOURCE_FROM_VAR|SOURCE_FROM_FILE|PROJECT)\b",
     "try_compile()/try_run() without a binary folder", "3.25"),
    (r"\bCOPY_FILE\b.*\bINPUT_MAY_BE_RECENT\b", "file(COPY_FILE ... INPUT_MAY_BE_RECENT)", "3.26"),
    (r"-E\s+copy\s+-t\b", "cmake -E copy -t", "3.26"),
    (r"\$<LIST:", "$<LIST:...>", "3.27"),
    (r"\$<COMPILE_ONLY:", "$<COMPILE_ONLY:...>", "3.27"),
    (r"\bDEPENDS_EXPLICIT_ONLY\b", "add_custom_command(... DEPENDS_EXPLICIT_ONLY)", "3.27"),
    (r"\bLINKER_TYPE\b", "LINKER_TYPE", "3.29"),
    (r"\$<TARGET_INTERMEDIATE_DIR:", "$<TARGET_INTERMEDIATE_DIR:...>", "4.2"),
    (r"cmake_minimum_required\s*\(\s*VERSION\s+3\.(?:2[3-9]|[3-9]\d)", "cmake_minimum_required above 3.22", "3.23+"),
]


def cmake_files(top):
    for folder, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("build", "out")]
        for name in files:
            if name == "CMakeLists.txt" or name.endswith(".cmake") or name.endswith(".cmake.in"):
                yield os.path.join(folder, name)


def main(top):
    found = 0
    checked = 0
    for path in sorted(cmake_files(top)):
        checked += 1
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                code = line.split("#", 1)[0] if not line.lstrip().startswith("#") else ""
                for pattern, what, version in NEWER:
                    if re.search(pattern, code):
                        found += 1
                        print(f"{os.path.relpath(path, top)}:{number}: {what} needs CMake "
                              f"{version}; the kit promises 3.22: {line.strip()}")
    print(f"check_cmake_3_22: {checked} CMake files read, {found} uses of newer features")
    return 1 if found else 0


if __name__ == "__main__":
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit("usage: check_cmake_3_22.py KIT_SOURCE")
    sys.exit(main(sys.argv[1]))
