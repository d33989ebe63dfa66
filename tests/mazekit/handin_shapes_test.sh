#!/usr/bin/env bash
# Every shape a real hand-in has, graded in full: the repository mazekit init-repo makes, with
# lesson 2's reference as the student's exercises/02-building-the-maze/maze.hpp, handed in as
# the whole repository, a zip of it made on Windows (backslashes, in a folder), its exercises/
# folder zipped on macOS (__MACOSX, ._ files), the lesson's folder alone, and the zip mazekit
# submit makes from it. One mazekit grade run: each must score full marks, as the lesson
# folder alone does.
#
#   handin_shapes_test.sh MAZEKIT KIT_SOURCE_DIR KIT_BUILD_DIR WORK
set -euo pipefail
export LC_ALL=C
if [[ $# -ne 4 ]]; then
  echo "usage: handin_shapes_test.sh MAZEKIT KIT_SOURCE_DIR KIT_BUILD_DIR WORK" >&2
  exit 2
fi
mazekit=$(realpath "$1")
kit=$(realpath "$2")
build=$(realpath "$3")
work=$4
rm -rf "$work"
mkdir -p "$work/class"
work=$(realpath "$work")
class="$work/class"
fail() {
  echo "hand-in shapes test: FAILED: $*" >&2
  exit 1
}

# The student's repository, its exercises as they start (whatever a student wrote in the
# checkout this test runs in), lesson 2 finished with the lesson's reference.
repo="$work/my-maze"
"$mazekit" init-repo "$repo" --lesson 2 >/dev/null || fail "mazekit init-repo failed"
for lesson in "$build"/mazekit/starting-files/*; do
  rm -rf "$repo/exercises/$(basename "$lesson")"
  cp -r "$lesson" "$repo/exercises/"
done
last=$(ls -d "$build"/lessons/02-building-the-maze/solutions/step* | sort | tail -1)  # cut by the build
cp "$last/maze.hpp" "$repo/exercises/02-building-the-maze/maze.hpp"

cp -r "$repo" "$class/repository"
cp -r "$repo/exercises/02-building-the-maze" "$class/lesson-folder"
python3 - "$repo" "$class" <<'EOF'
import os, sys, zipfile
repo, out = sys.argv[1], sys.argv[2]

def files(top):
    for folder, _, names in os.walk(top):
        for name in sorted(names):
            path = os.path.join(folder, name)
            yield path, os.path.relpath(path, top)

# Windows' "Send to > Compressed folder": the repository in a folder of its own, backslashes
# between folders, made by MS-DOS with no Unix modes.
with zipfile.ZipFile(os.path.join(out, "windows-repository.zip"), "w") as z:
    for path, rel in files(repo):
        info = zipfile.ZipInfo("my-maze\\" + rel.replace("/", "\\"))
        info.create_system = 0
        info.external_attr = 0x20
        with open(path, "rb") as f:
            z.writestr(info, f.read())

# macOS' Finder "Compress": the exercises folder, a ._ AppleDouble file beside each file and in
# __MACOSX/, and a .DS_Store.
with zipfile.ZipFile(os.path.join(out, "macos-exercises.zip"), "w") as z:
    for path, rel in files(os.path.join(repo, "exercises")):
        name = "exercises/" + rel
        with open(path, "rb") as f:
            z.writestr(name, f.read())
        folder, base = os.path.split(name)
        z.writestr("__MACOSX/" + folder + "/._" + base, b"\0\5\26\7AppleDouble")
    z.writestr("exercises/.DS_Store", b"Bud1")
EOF

# mazekit submit, in the student's repository: its zip is what the student hands in.
MAZEKIT_HOME="$repo" "$mazekit" submit 2 --out "$class/submitted.zip" >"$work/submit.out" ||
  fail "mazekit submit 2 failed: $(cat "$work/submit.out")"
grep -q "02-building-the-maze/maze.hpp" "$work/submit.out" ||
  fail "mazekit submit does not say what the zip holds: $(cat "$work/submit.out")"

"$mazekit" grade "$class" --lesson 2 --out "$work/graded" -j 2 --progress lines \
  >"$work/grade.out" 2>&1 || fail "mazekit grade failed: $(tail -5 "$work/grade.out")"
csv="$work/graded/grades.csv"
for student in repository windows-repository macos-exercises lesson-folder submitted; do
  total=$(awk -F, -v s="$student" '$1 == s { print $(NF - 1) }' "$csv")
  [[ "$total" == 39 ]] ||
    fail "$student scored '${total:-nothing}', not 39 of 39 as the lesson folder's reference does (see $csv)"
done

# mazekit submit --grade: in the student edition (init-repo's default) there is nothing to grade
# with, and it says so; in a learner's whole kit (init-repo --with-solutions) the zip is graded
# as the grader grades it, its score said, and no results.json of its own is left anywhere to
# be mistaken for a grade.
if MAZEKIT_HOME="$repo" "$mazekit" submit 2 --grade --out "$work/not-graded.zip" \
  >"$work/submit-edition.out" 2>&1; then
  fail "mazekit submit --grade graded in the student edition: $(tail -3 "$work/submit-edition.out")"
fi
grep -q "This is the student edition of the kit" "$work/submit-edition.out" ||
  fail "mazekit submit --grade in the student edition does not say why: $(tail -3 "$work/submit-edition.out")"
learner="$work/learner"
"$mazekit" init-repo "$learner" --lesson 2 --with-solutions >/dev/null ||
  fail "mazekit init-repo --with-solutions failed"
cp "$repo/exercises/02-building-the-maze/maze.hpp" "$learner/exercises/02-building-the-maze/maze.hpp"
MAZEKIT_HOME="$learner" "$mazekit" submit 2 --grade --out "$work/graded-here.zip" \
  >"$work/submit-grade.out" 2>&1 || fail "mazekit submit 2 --grade failed: $(tail -5 "$work/submit-grade.out")"
grep -q "graded-here.zip scores 39 of 39 as the grader grades it" "$work/submit-grade.out" ||
  fail "mazekit submit --grade does not say 39 of 39: $(tail -5 "$work/submit-grade.out")"
! grep -q "results.json" "$work/submit-grade.out" ||
  fail "mazekit submit --grade names a results.json: $(grep results.json "$work/submit-grade.out")"
echo "hand-in shapes test: passed (5 shapes, 39 of 39 each; submit --grade 39 of 39)"
