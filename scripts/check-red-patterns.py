#!/usr/bin/env python3
"""Checks every lesson's compile REDs with other compilers than the one the kit is built with.

A step whose RED is a compile error declares a pattern for the compiler's first error
(lesson.json's steps[].red.pattern). The lesson proof checks it with the kit's own compiler;
this checks it with the ones named, for the g++ and clang versions students and graders have:
each step's test is compiled against the code before the step (the solution of the step
before, or the exercise's starting files for step 1, both as the kit's build tree holds them:
the solutions cut out of the lessons' sources), as the proof does, and the first error must
match the pattern.

    scripts/check-red-patterns.py [--build DIR] COMPILER...   e.g. g++-11 clang++
                                                               (DIR: build/ci by default)

Exit status 0 when every RED matches for every compiler, 1 otherwise (each miss is listed),
2 for bad usage.
"""
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def reds(build):
    """(lesson folder, step id, test file, code folder, pattern) of each compile RED."""
    for lesson_json in sorted(glob.glob(os.path.join(TOP, "lessons", "*", "lesson.json"))):
        folder = os.path.dirname(lesson_json)
        with open(lesson_json) as f:
            steps = json.load(f)["steps"]
        for i, step in enumerate(steps):
            red = step.get("red") or {}
            if red.get("kind") != "compile":
                continue
            lesson = os.path.basename(folder)
            code = (os.path.join(build, "mazekit", "starting-files", lesson) if i == 0
                    else os.path.join(build, "lessons", lesson, steps[i - 1]["solution"]))
            yield (os.path.basename(folder), step["id"], os.path.join(folder, step["test"]), code,
                   red["pattern"])


def first_error(compiler, test, code):
    command = [compiler, "-std=c++17", "-fsyntax-only", "-fdiagnostics-color=never", "-I" + code,
               "-I" + os.path.join(TOP, "lessons", "support"),
               "-I" + os.path.join(TOP, "turtle", "include"),
               "-I" + os.path.join(TOP, "maze", "include"), test]
    result = subprocess.run(command, capture_output=True, text=True,
                            env=dict(os.environ, LC_ALL="C"))
    found = re.search(r"[^\n]*error:[^\n]*", result.stderr)
    return found.group(0) if found else None


def main(args):
    build = os.path.join(TOP, "build", "ci")
    if args[:1] == ["--build"]:
        if len(args) < 2:
            print("check-red-patterns: --build takes the kit's build tree, e.g. build/ci",
                  file=sys.stderr)
            return 2
        build = os.path.abspath(args[1])
        args = args[2:]
    if not os.path.isdir(os.path.join(build, "lessons")):
        print(f"check-red-patterns: {build} is not a built kit (no lessons/ with the cut "
              "solutions): build the kit first (cmake --build --preset ci), or name its build "
              "tree with --build DIR", file=sys.stderr)
        return 2
    compilers = args
    if not compilers or any(c.startswith("-") for c in compilers):
        print("check-red-patterns: name the compilers to check with, e.g. g++-11 clang++",
              file=sys.stderr)
        return 2
    misses = 0
    steps = list(reds(build))
    # Each compile on a core of its own; the results in the lessons' order.
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1)
    for compiler in compilers:
        try:
            version = subprocess.run([compiler, "--version"], capture_output=True,
                                     text=True).stdout.splitlines()[0]
        except (OSError, IndexError):
            print(f"check-red-patterns: there is no compiler '{compiler}' here", file=sys.stderr)
            return 2
        checked = 0
        errors = pool.map(lambda s, c=compiler: first_error(c, s[2], s[3]), steps)
        for (lesson, step, test, code, pattern), error in zip(steps, errors):
            checked += 1
            if error is None or not re.search(pattern, error):
                misses += 1
                print(f"{compiler}: lesson {lesson} step {step}: the first error\n  {error}\n"
                      f"does not match the step's pattern\n  {pattern}")
        print(f"check-red-patterns: {version}: {checked} compile REDs checked")
    print(f"check-red-patterns: {misses} of them did not match" if misses else
          "check-red-patterns: every compile RED matches")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
