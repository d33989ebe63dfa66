#!/usr/bin/env bash
# mazekit autograder and grade-one from the command line, without grading anyone: the zip's
# layout, the same bytes for the same kit, and every bad option refused with exit status 2 and
# a message naming the value and what would be right.
#
#   autograder_cli_test.sh MAZEKIT WORK
set -uo pipefail
mazekit=$1
work=$2
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
refused "is not a user of this machine" grade-one "$work/submission" --lesson 2 \
  --results "$work/r.json" --isolation user --user no-such-user-here
refused "is root" grade-one "$work/submission" --lesson 2 --results "$work/r.json" \
  --isolation user --user root
[ ! -e "$work/r.json" ] || fail "a refused grade-one wrote results.json"

if [ "$failures" -ne 0 ]; then
  echo "autograder cli test: $failures failure(s)" >&2
  exit 1
fi
echo "autograder cli test: passed"
