#!/usr/bin/env bash
# Plays Gradescope with the autograder `mazekit autograder` writes, on this machine:
#   1. writes the lesson-2 zip and unpacks it into a fresh root laid out as Gradescope lays
#      its containers out (/autograder/source, /autograder/run_autograder, /autograder/submission,
#      /autograder/results), bound in with bubblewrap, with a copy of /etc (setup.sh adds a user);
#   2. runs setup.sh there: packages (all present here, so nothing is downloaded), the kit built
#      from the zip's own sources, the reference solution graded to full marks;
#   3. runs run_autograder from /autograder for students of the fabricated class, one
#      container at a time, each handed in as Gradescope hands files in (a folder of files, a
#      zip inside the folder, a lone maze.hpp), and a student who tries to write the results
#      file. Like Gradescope's containers, the root refuses the user namespaces bubblewrap
#      needs, so the students' code runs as the user of its own that setup.sh made;
#   4. does the same for lesson 3, whose step 3 has the student write tests;
#   5. checks every results.json against Gradescope's documented format
#      (gradescope_results.schema.json), its total against mazekit grade's for the same student
#      (grading/expected.csv), and that no path of this machine reaches the student.
#
#   gradescope_test.sh MAZEKIT GRADING_DIR SCHEMA WORK
set -euo pipefail
mazekit=$1
grading=$2
schema=$3
work=$4

fail() {
  echo "gradescope test: FAILED: $*" >&2
  exit 1
}

rm -rf "$work"
mkdir -p "$work"
root="$work/root"
# shellcheck source=tests/mazekit/gradescope_root.sh
source "$(dirname "$0")/gradescope_root.sh"

# 1. The zip, unpacked as Gradescope unpacks it.
"$mazekit" autograder --lesson 2 --out "$work/autograder.zip" --step-visibility 22=hidden
gradescope_root "$work/autograder.zip" "$root"
for script in setup.sh run_autograder; do
  [ -x "$root/autograder/source/$script" ] || fail "$script is not an executable file at the zip's root"
done

# 2. setup.sh, as Gradescope runs it when it builds the image; the kit built unoptimised (None),
# which takes two thirds of a Release build's time and grades the same, its warnings errors.
# Where this machine has g++ 11, the compiler of Gradescope's default image (Ubuntu 22.04), the
# kit and then every student's code are compiled with it, as there.
compiler=()
if command -v g++-11 >/dev/null; then
  compiler=("CXX=$(command -v g++-11)")
fi
started=$(date +%s)
if ! in_gradescope "$root" /autograder/source env MAZEKIT_BUILD_TYPE=None \
  MAZEKIT_WARNINGS_AS_ERRORS=ON "${compiler[@]}" \
  bash /autograder/source/setup.sh >"$work/setup.log" 2>&1; then
  tail -n 30 "$work/setup.log" >&2
  fail "setup.sh failed (the whole log: $work/setup.log)"
fi
grep -q "setup.sh: the autograder is ready" "$work/setup.log" || fail "setup.sh did not finish"
echo "gradescope test: setup.sh took $(($(date +%s) - started)) s; the kit and the students'" \
  "code compiled with $(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$root/autograder/source/build/CMakeCache.txt")"

# The total mazekit grade gives a student (grading/expected.csv).
expected_total() {
  awk -F, -v name="$1" 'NR > 1 && $1 == name { print $(NF - 1) }' "$grading/expected.csv"
}

# Checks one results.json: the schema, the total, the hidden step and the flags, no path.
check_results() {
  # $3: a path of the container the student's own code names, which may be quoted back
  local name=$1 total=$2 named=${3:-} results="$root/autograder/results/results.json"
  [ -f "$results" ] || fail "$name: run_autograder wrote no results.json"
  python3 - "$schema" "$results" "$name" "$total" "$work" "$named" <<'PY'
import json, sys
import jsonschema
schema_file, results_file, name, total, work, named = sys.argv[1:]
with open(schema_file) as f:
    schema = json.load(f)
with open(results_file) as f:
    text = f.read()
results = json.loads(text)
try:
    jsonschema.validate(results, schema, cls=jsonschema.Draft202012Validator)
except jsonschema.ValidationError as error:
    sys.exit(f"{name}: results.json breaks Gradescope's format: {error.message} at {list(error.path)}")
problems = []
if results["score"] != int(total):
    problems.append(f"score {results['score']}, but mazekit grade gives {total}")
steps = [t for t in results["tests"] if "number" in t]
if len(steps) != 22:
    problems.append(f"{len(steps)} step tests, not 22")
if sum(t["score"] for t in steps) != results["score"]:
    problems.append("the steps' scores do not add up to the score")
if steps and steps[-1]["visibility"] != "hidden":
    problems.append("step 22 is not hidden, though --step-visibility 22=hidden")
if any(t["visibility"] != "visible" for t in steps[:-1]):
    problems.append("a step other than 22 is not visible")
for t in steps:
    if t["output_format"] != "md" or not t["output"].startswith(("**GREEN**", "**RED**")):
        problems.append(f"step {t['number']}: its output is not the verdict in Markdown")
        break
flags = [t for t in results["tests"] if "number" not in t]
if results["extra_data"]["flags"] and (len(flags) != 1 or flags[0]["visibility"] != "hidden"):
    problems.append("tamper flags are not in one hidden test")
# What the student may see: everything but the instructor's flags, less a path the student's
# own code names (quoted back in a compiler's message).
shown = json.dumps({k: v for k, v in results.items() if k not in ("tests", "extra_data")})
shown += json.dumps([t for t in results["tests"] if "number" in t])
if named:
    shown = shown.replace(named, "")
for path in (work, "/autograder/source", "/tmp/"):
    if path in shown:
        problems.append(f"a path of the grading machine is in it: {path}")
if problems:
    sys.exit(f"{name}: " + "; ".join(problems))
print(f"gradescope test: {name}: {results['score']} points, as mazekit grade gives, "
      f"{len(flags)} flag test(s), valid")
PY
}

# Runs run_autograder in a fresh container on what `hand_in` put in /autograder/submission.
grade_in_container() {
  local name=$1 total=$2 named=${3:-}
  if ! in_gradescope "$root" /autograder /autograder/run_autograder >"$work/$name.log" 2>&1; then
    tail -n 20 "$work/$name.log" >&2
    fail "$name: run_autograder failed"
  fi
  check_results "$name" "$total" "$named"
}

# 3. The class, one student at a time: one of each way a submission arrives and of each kind of
# result (the grading test grades every fabricated student with mazekit grade).
students=0
for name in complete "half done" crashes does-not-compile edits-its-tests; do
  folder="$grading/submissions/$name"
  fresh_submission "$root"
  case "$name" in
    "half done") # a zip inside the submission folder, as Gradescope keeps an uploaded zip
      (cd "$folder" && cmake -E tar cf "$root/autograder/submission/$name.zip" --format=zip -- .) ;;
    complete) # a lone maze.hpp
      cp "$folder/maze.hpp" "$root/autograder/submission/" ;;
    *) cp -a "$folder/." "$root/autograder/submission/" ;;
  esac
  grade_in_container "$name" "$(expected_total "$name")"
  students=$((students + 1))
done
fresh_submission "$root"
cp "$grading/archives/climbs-out.zip" "$root/autograder/submission/"
grade_in_container climbs-out "$(expected_total climbs-out)"
students=$((students + 1))

# A student whose code writes the results file, at once and from a daemon a second later: the
# complete solution plus that. In a sandbox /autograder is not there; as a user of its own the
# student cannot write it, and the daemon is killed with the step.
fresh_submission "$root"
cat "$grading/submissions/complete/maze.hpp" - >"$root/autograder/submission/maze.hpp" <<'CPP'
#include <cstdio>
#include <unistd.h>
namespace forgery {
inline void forge() {
  if (FILE* f = std::fopen("/autograder/results/results.json", "w")) {
    std::fputs("{\"score\": 1000, \"tests\": []}", f);
    std::fclose(f);
  }
}
inline const bool done = [] {
  if (fork() == 0) {
    setsid();
    sleep(1);
    forge();
    _exit(0);
  }
  forge();
  return true;
}();
}  // namespace forgery
CPP
grade_in_container forges-results 39
sleep 2
check_results forges-results 39

# A student who includes the lesson's reference solution by its path in the container: the
# kit's sources and its build, where setup.sh cut the solutions out of the lessons' sources, are
# closed to the student's user (setup.sh), so it does not compile, flagged.
fresh_submission "$root"
solution=/autograder/source/build/lessons/02-building-the-maze/solutions/step22/maze.hpp
echo "#include \"$solution\"" >"$root/autograder/submission/maze.hpp"
grade_in_container includes-the-solution 0 "$solution"
grep -q "Permission denied" "$root/autograder/results/results.json" ||
  fail "includes-the-solution: the solution was not refused to the student's user"
grep -q "Integrity flags" "$root/autograder/results/results.json" ||
  fail "includes-the-solution: not flagged"

# Hostile students of grading/hostile, graded as the student's user (what Gradescope's
# containers give): a forger that finds the report key through an unkeyed copy of its program,
# students that overwrite or kill what they can reach, or include the lesson's solution. Each
# scores what it scores in the sandbox (grading/check_hostile.sh).
for case in forged-report:0 overwrites-classmates:3 kills-classmates:3 includes-solution:3; do
  name=${case%%:*}
  fresh_submission "$root"
  cp "$grading/hostile/$name/maze.hpp" "$root/autograder/submission/"
  if ! in_gradescope "$root" /autograder /autograder/run_autograder >"$work/hostile-$name.log" 2>&1; then
    tail -n 20 "$work/hostile-$name.log" >&2
    fail "hostile $name: run_autograder failed"
  fi
  # The forger prints its own compiled file's name (__BASE_FILE__), a path of the work folder.
  check_results "$name" "${case##*:}" /tmp/mazekit-grade-one-
  students=$((students + 1))
done

# Lesson 3, whose step 3 has the student write tests: its zip unpacked over the same kit (the
# same sources, so setup.sh's build has nothing to do), its setup.sh proving the lesson's whole
# reference (its own tests for step 3 too) at full marks, and students of grading/tests-class
# graded as their own user, with the maze.hpp of the lesson's end: the honest tests, tests that
# tell their first run by a mark in the shared /tmp, and tests that look for their program's
# name.
"$mazekit" autograder --lesson 3 --out "$work/autograder-3.zip"
(cd "$root/autograder/source" && cmake -E tar xf "$work/autograder-3.zip")
cp "$root/autograder/source/run_autograder" "$root/autograder/run_autograder"
if ! in_gradescope "$root" /autograder/source env MAZEKIT_BUILD_TYPE=None \
  bash /autograder/source/setup.sh >"$work/setup-3.log" 2>&1; then
  tail -n 30 "$work/setup-3.log" >&2
  fail "lesson 3's setup.sh failed (the whole log: $work/setup-3.log)"
fi
grep -q "setup.sh: the autograder is ready" "$work/setup-3.log" || fail "lesson 3's setup.sh did not finish"
lesson3=$grading/../lessons/03-solving-the-maze
for case in honest:16 detects-the-wheat:9 names-its-program:8; do
  name=${case%%:*}
  fresh_submission "$root"
  # lesson 3's finished maze.hpp, as its setup.sh cut it
  cp "$root/autograder/source/build/lessons/03-solving-the-maze/solutions/step04/maze.hpp" \
    "$root/autograder/submission/"
  if [ "$name" = honest ]; then
    cp "$lesson3/tests/step03_tests_for_backing_out.cpp" "$root/autograder/submission/my_tests.cpp"
  else
    cp "$grading/tests-class/$name/my_tests.cpp" "$root/autograder/submission/"
  fi
  in_gradescope "$root" /autograder /autograder/run_autograder >"$work/lesson3-$name.log" 2>&1 ||
    fail "lesson 3, $name: run_autograder failed (see $work/lesson3-$name.log)"
  score=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["score"])' \
    "$root/autograder/results/results.json")
  [ "$score" = "${case##*:}" ] || fail "lesson 3, $name: $score points, not ${case##*:}"
  echo "gradescope test: lesson 3, $name: $score points"
  students=$((students + 1))
done
student_uid=$(awk -F: '$1 == "mazekit-student" { print $3 }' "$root/etc/passwd")
[ -n "$student_uid" ] || fail "setup.sh made no user mazekit-student"
[ -z "$(find "$root/tmp" -mindepth 1 -uid "$student_uid" | head -n 1)" ] ||
  fail "the student's user left files in the container's /tmp"

# Which isolation applied. Like Gradescope's containers, this root refuses the user namespaces
# bubblewrap needs, so run_autograder's --isolation auto runs the code as mazekit-student.
if grep -q "ran as that user" "$root/autograder/results/results.json"; then
  isolation="as the user mazekit-student"
else
  isolation="in the bubblewrap sandbox"
fi
echo "gradescope test: passed: setup.sh built the kit from the zip and proved it; $students students and a forger graded $isolation as mazekit grade grades them, every results.json valid"
