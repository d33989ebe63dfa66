#!/usr/bin/env bash
# mazekit autograder and grade-one from the command line, without grading anyone: the zip's
# layout, the same bytes for the same kit, and every bad option refused with exit status 2 and
# a message naming the value and what would be right. Then run_autograder's stand-in
# results.json, and mazekit submit's zip and its refusals.
#
#   autograder_cli_test.sh MAZEKIT WORK KIT_SOURCE_DIR
set -uo pipefail
mazekit=$1
work=$2
kit=$3
rm -rf "$work"
mkdir -p "$work"
failures=0
fail() {
  echo "autograder cli test: FAILED: $*" >&2
  failures=$((failures + 1))
}

# Runs mazekit with the arguments; wants exit status 2 and the text in stderr.
refused() {
  local want=$1
  shift
  local err status
  err=$("$mazekit" "$@" 2>&1 >/dev/null)
  status=$?
  [ "$status" -eq 2 ] || fail "mazekit $* exited $status, not 2"
  [[ "$err" == *"$want"* ]] || fail "mazekit $*: the message '$err' does not say '$want'"
}

"$mazekit" autograder --lesson 2 --out "$work/a.zip" --step-visibility 22=hidden >/dev/null ||
  fail "mazekit autograder --lesson 2 failed"
"$mazekit" autograder --lesson 02-building-the-maze --out "$work/b.zip" \
  --step-visibility 22-the-end=hidden >/dev/null || fail "mazekit autograder with ids failed"
cmp -s "$work/a.zip" "$work/b.zip" || fail "the same kit and options gave two different zips"

mkdir -p "$work/unpacked"
(cd "$work/unpacked" && cmake -E tar xf "$work/a.zip") || fail "cmake -E tar cannot read the zip"
for file in setup.sh run_autograder; do
  [ -x "$work/unpacked/$file" ] || fail "$file is not an executable file at the zip's root"
done
[ -f "$work/unpacked/kit/lessons/02-building-the-maze/lesson.json" ] || fail "the zip has no kit"
[ ! -e "$work/unpacked/kit/build" ] || fail "the zip holds a build tree"
# Which kit made it, for every grade it gives (the zip has no git), and the kit's licences.
[ "mazekit $(cat "$work/unpacked/kit/VERSION")" = "$("$mazekit" --version)" ] ||
  fail "the zip's kit/VERSION is not mazekit --version's"
for file in LICENSE LICENSES/MIT.txt LICENSES/CC-BY-4.0.txt CHANGELOG.md; do
  [ -f "$work/unpacked/kit/$file" ] || fail "the zip has no kit/$file"
done
grep -q -- "--step-visibility '22-the-end=hidden'" "$work/unpacked/run_autograder" ||
  fail "run_autograder does not hide step 22"
if grep -rqF "$(cd "$(dirname "$mazekit")/../.." && pwd)" "$work/unpacked/setup.sh" \
  "$work/unpacked/run_autograder"; then
  fail "a script in the zip names a path of the machine it was made on"
fi

# README.txt points at a guide that is in the zip.
guide=$(grep -o 'kit/docs/[a-z-]*\.md' "$work/unpacked/README.txt" | head -1)
[ -n "$guide" ] || fail "README.txt names no guide in kit/docs: $(cat "$work/unpacked/README.txt")"
[ -f "$work/unpacked/$guide" ] || fail "README.txt points at $guide, which is not in the zip"
# Limits that fit Gradescope's default container (768 MB, 10 minutes in all).
grep -q -- "--memory 512 " "$work/unpacked/run_autograder" ||
  fail "run_autograder does not give step programs 512 MB, what a 768 MB container holds"
grep -q 'MAZEKIT_RUN_SECONDS:-540}' "$work/unpacked/run_autograder" ||
  fail "run_autograder does not stop grading at 540 s, under Gradescope's default 10 minutes"

# run_autograder writes a results.json whatever happens to mazekit: each case with a stand-in
# for mazekit (MAZEKIT_PROGRAM) and the results in $work (MAZEKIT_RESULTS).
fake="$work/fake-mazekit"
results="$work/run-results/results.json"
mkdir -p "$work/run-results"
# Runs run_autograder with the fake mazekit's body; wants a valid results.json saying $1.
stands_in() {
  local want=$1 body=$2 seconds=${3:-540}
  printf '#!/usr/bin/env bash\n%s\n' "$body" >"$fake"
  chmod +x "$fake"
  rm -f "$results"
  MAZEKIT_PROGRAM="$fake" MAZEKIT_RESULTS="$results" MAZEKIT_SUBMISSION="$work" \
    MAZEKIT_RUN_SECONDS="$seconds" "$work/unpacked/run_autograder" >/dev/null 2>&1
  [ -s "$results" ] || { fail "run_autograder wrote no results.json when mazekit: $body"; return; }
  python3 - "$kit/tests/mazekit/gradescope_results.schema.json" "$results" <<'PY' ||
import json, sys
import jsonschema
schema, results = (json.load(open(path)) for path in sys.argv[1:])
jsonschema.validate(results, schema, cls=jsonschema.Draft202012Validator)
assert results["score"] == 0 and results["tests"] == [], results
PY
    fail "the stand-in results.json is not Gradescope's format: $(cat "$results")"
  grep -qF "$want" "$results" || fail "the stand-in results.json does not say '$want': $(cat "$results")"
}
stands_in "mazekit was killed by signal 9" 'kill -KILL $$'
stands_in "did not finish grading within 1 s" 'sleep 30' 1
stands_in "stopped with exit status 3" 'exit 3'
# What mazekit wrote is kept as it is.
cat >"$fake" <<'FAKE'
#!/usr/bin/env bash
prev=
for a; do
  if [ "$prev" = --results ]; then echo '{"score": 7, "tests": []}' >"$a"; fi
  prev=$a
done
FAKE
rm -f "$results"
MAZEKIT_PROGRAM="$fake" MAZEKIT_RESULTS="$results" MAZEKIT_SUBMISSION="$work" \
  "$work/unpacked/run_autograder" >/dev/null 2>&1 || fail "run_autograder failed when mazekit did not"
grep -q '"score": 7' "$results" || fail "run_autograder replaced mazekit's results.json: $(cat "$results")"
# Gradescope's timeout (SIGTERM to run_autograder) while mazekit runs.
printf '#!/usr/bin/env bash\nsleep 30\n' >"$fake"
rm -f "$results"
MAZEKIT_PROGRAM="$fake" MAZEKIT_RESULTS="$results" MAZEKIT_SUBMISSION="$work" \
  "$work/unpacked/run_autograder" >/dev/null 2>&1 &
runner=$!
sleep 1
kill -TERM "$runner"
wait "$runner"
grep -qF "The autograder was stopped" "$results" 2>/dev/null ||
  fail "run_autograder stopped by SIGTERM wrote no results.json saying so"

refused "--run-timeout must be from 60 to 86400 (seconds); got 5" autograder --lesson 2 \
  --out "$work/c.zip" --run-timeout 5
refused "exists; add --force" autograder --lesson 2 --out "$work/a.zip"
"$mazekit" autograder --lesson 2 --out "$work/a.zip" --force >/dev/null || fail "--force did not replace"
refused "must end in .zip" autograder --lesson 2 --out "$work/a.tar"
refused "does not exist" autograder --lesson 2 --out "$work/no/such/folder/a.zip"
refused "got 'sometimes'" autograder --lesson 2 --out "$work/c.zip" --visibility sometimes
refused "STEP=VISIBILITY" autograder --lesson 2 --out "$work/c.zip" --step-visibility 22
refused "99" autograder --lesson 2 --out "$work/c.zip" --step-visibility 99=hidden
refused "--timeout must be" autograder --lesson 2 --out "$work/c.zip" --timeout 0
refused "--disk must be from 64 to 1048576 (MB); got 10" autograder --lesson 2 --out "$work/c.zip" --disk 10
refused "no lesson" autograder --lesson 9 --out "$work/c.zip"
[ ! -e "$work/c.zip" ] || fail "a refused autograder command wrote its zip"

mkdir -p "$work/submission"
refused "got 'maybe'" grade-one "$work/submission" --lesson 2 --results "$work/r.json" --isolation maybe
refused "is neither a folder nor a file" grade-one "$work/none" --lesson 2 --results "$work/r.json"
refused "not in a folder that exists" grade-one "$work/submission" --lesson 2 \
  --results "$work/no/r.json"
refused "--results is empty" grade-one "$work/submission" --lesson 2 --results ""
refused "is not a user of this machine" grade-one "$work/submission" --lesson 2 \
  --results "$work/r.json" --isolation user --user no-such-user-here
refused "is root" grade-one "$work/submission" --lesson 2 --results "$work/r.json" \
  --isolation user --user root
[ ! -e "$work/r.json" ] || fail "a refused grade-one wrote results.json"

# mazekit submit: a bad lesson is bad usage, and nothing is written.
refused "no lesson" submit 9 --out "$work/s.zip"
refused "must end in .zip" submit 2 --out "$work/s.tar"
refused "does not exist" submit 2 --out "$work/no/such/folder/s.zip"
[ ! -e "$work/s.zip" ] || fail "a refused submit wrote its zip"
# ...in a student's kit (its lessons and an exercise folder of its own): the zip holds the
# lesson's file and nothing else, byte for byte.
student="$work/student-kit"
mkdir -p "$student/exercises/02-building-the-maze"
cp -r "$kit/lessons" "$student/lessons"
printf '#pragma once\n// my maze\nclass Maze {};\n' >"$student/exercises/02-building-the-maze/maze.hpp"
MAZEKIT_HOME="$student" "$mazekit" submit 2 --out "$work/s.zip" >"$work/submit.out" 2>&1 ||
  fail "mazekit submit 2 failed: $(cat "$work/submit.out")"
grep -qF "02-building-the-maze/maze.hpp (" "$work/submit.out" ||
  fail "mazekit submit does not say what the zip holds: $(cat "$work/submit.out")"
grep -qF "$work/s.zip" "$work/submit.out" || fail "mazekit submit does not say where the zip is"
mkdir -p "$work/s"
(cd "$work/s" && cmake -E tar xf "$work/s.zip") || fail "cmake -E tar cannot read submit's zip"
[ "$(cd "$work/s" && find . -type f)" = "./02-building-the-maze/maze.hpp" ] ||
  fail "submit's zip holds more than the lesson's file: $(cd "$work/s" && find . -type f)"
cmp -s "$work/s/02-building-the-maze/maze.hpp" "$student/exercises/02-building-the-maze/maze.hpp" ||
  fail "submit's zip does not hold the student's maze.hpp as it is"
rm "$student/exercises/02-building-the-maze/maze.hpp"
err=$(MAZEKIT_HOME="$student" "$mazekit" submit 2 --out "$work/t.zip" 2>&1)
[ $? -eq 1 ] || fail "mazekit submit without the lesson's file did not exit 1"
[[ "$err" == *"there is no exercises/02-building-the-maze/maze.hpp"* ]] ||
  fail "mazekit submit without maze.hpp says '$err'"
[ ! -e "$work/t.zip" ] || fail "mazekit submit without the lesson's file wrote a zip"

if [ "$failures" -ne 0 ]; then
  echo "autograder cli test: $failures failure(s)" >&2
  exit 1
fi
echo "autograder cli test: passed"
