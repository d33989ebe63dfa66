#!/usr/bin/env python3
"""Capture each mistake's first diagnostic from one compiler.

    capture.py COMPILER [OUTFILE] [EXTRA_FLAG...]
    capture.py g++-11                      # writes g++-11.txt beside this script
    capture.py clang++ clang-14.txt -stdlib=libc++

Each NN_topic.cpp here is a mistake a student coming from Python makes; its first line names
the topic of mazekit's explanations() it must be explained by. Every one is compiled as a
student's build compiles it (the warnings of the kit's presets, none of them errors), under
LC_ALL=C, and what mazekit shows of the output is written, one "topic<TAB>message" line each:
the first "error:" line's message, or else the first "warning:" line's (mazekit's
firstBuildError and firstStudentWarning). A snippet with a "// compile: -c" line is compiled
to an object file (g++ finds a missing return only then); the others are only checked
(-fsyntax-only). Without OUTFILE the file is named after the compiler and its major version,
g++-12.txt or clang-14.txt. A new mistake is captured with every compiler the kit supports
(explain_tests fails until it is); g++ 14 from a Debian 13 root made with mmdebstrap trixie:

    bwrap --bind ROOT / --proc /proc --dev /dev --bind KIT KIT --tmpfs /tmp \
      --chdir KIT/tests/mazekit/compiler_messages python3 capture.py g++-14
"""
import os
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
KIT = HERE.parents[2]
# What the kit gives a student's build (KIT_STUDENT_WARNINGS in cmake/kit_warnings.cmake; no
# -Werror: a student's warnings stay warnings).
FLAGS = ["-std=gnu++17", "-Wall", "-Wextra", "-Wpedantic", "-Wshadow", "-Wnon-virtual-dtor",
         "-Wold-style-cast", "-Woverloaded-virtual", "-Wcast-qual", "-Wformat=2",
         "-Wimplicit-fallthrough", "-Wundef", "-fdiagnostics-color=never"]
ERROR = re.compile(r"^(.+?):(\d+):(?:(\d+):)? (?:fatal )?error: (.*)$", re.M)
WARNING = re.compile(r"^(.+?):(\d+):(?:(\d+):)? warning: (.*)$", re.M)


def snippets():
    for path in sorted(HERE.glob("[0-9][0-9]_*.cpp")):
        text = path.read_text()
        topic = re.match(r"// topic: (.*)", text).group(1)
        yield path, topic, re.search(r"^// compile: -c\b", text, re.M) is not None


def first_diagnostic(compiler, path, compile_it, extra):
    mode = ["-c", "-o", os.devnull] if compile_it else ["-fsyntax-only"]
    run = subprocess.run([compiler, *FLAGS, *extra, "-I", str(KIT / "turtle/include"), *mode,
                          str(path)], capture_output=True, text=True,
                         env=dict(os.environ, LC_ALL="C"))
    output = run.stdout + run.stderr
    found = ERROR.search(output)
    if not found:
        found = next((w for w in WARNING.finditer(output) if w.group(1).endswith(path.name)), None)
    return found.group(4) if found else "(nothing)"


def default_name(compiler, extra):
    version = subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout
    major = subprocess.run([compiler, "-dumpversion"], capture_output=True,
                           text=True).stdout.strip().split(".")[0]
    family = "clang" if "clang" in version else "g++"
    return f"{family}-{major}" + ("-libc++" if "-stdlib=libc++" in extra else "") + ".txt"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    compiler = sys.argv[1]
    out = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2] else None
    extra = sys.argv[3:]
    if out is None:
        out = HERE / default_name(compiler, extra)
    version = subprocess.run([compiler, "--version"], capture_output=True,
                             text=True).stdout.splitlines()[0]
    lines = [f"# {version}{' ' + ' '.join(extra) if extra else ''}: the first diagnostic of "
             "each mistake (capture.py)"]
    for path, topic, compile_it in snippets():
        lines.append(f"{topic}\t{first_diagnostic(compiler, path, compile_it, extra)}")
    out.write_text("\n".join(lines) + "\n")
    print(f"{out}: {len(lines) - 1} mistakes")


if __name__ == "__main__":
    main()
