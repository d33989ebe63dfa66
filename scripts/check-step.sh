#!/usr/bin/env bash
# Checks your code in exercises/ against one step of a lesson, and draws your picture.
#
#     scripts/check-step.sh LESSON STEP        e.g.  scripts/check-step.sh 1 3
#
# Prints GREEN when the step's test passes; RED with the first compiler error, or the first
# failed check, when it does not. Exit status 0 for GREEN, 1 for RED, 2 for bad usage.
set -uo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: scripts/check-step.sh LESSON STEP   (for example: scripts/check-step.sh 1 3)" >&2; exit 2; }
[ $# -eq 2 ] || usage
[[ "$1" =~ ^[0-9]+$ && "$2" =~ ^[0-9]+$ ]] || usage
lesson=$(printf '%02d' "$((10#$1))")
step=$(printf '%02d' "$((10#$2))")
lesson_dir=$(ls -d lessons/"$lesson"-* 2>/dev/null | head -n 1)
if [ -z "$lesson_dir" ]; then
  echo "check-step: there is no lesson $1 (the lessons are: $(ls -d lessons/[0-9]*-* | xargs -n1 basename | tr '\n' ' '))" >&2
  exit 2
fi
target="exercise${lesson}_step${step}"
build=build/dev

if [ ! -f "$build/build.ninja" ]; then
  cmake --preset dev >/dev/null || exit 2
fi
targets=$(ninja -C "$build" -t targets all 2>/dev/null)
if ! grep -q "^$target:" <<<"$targets"; then
  echo "check-step: lesson $1 has no step $2 (see $lesson_dir/README.md)" >&2
  exit 2
fi

output=$(cmake --build "$build" --target "$target" 2>&1)
if [ $? -ne 0 ]; then
  first=$(grep -m 1 -E 'error:' <<<"$output" | sed -e "s|$PWD/||g")
  echo "RED    step $step does not compile yet"
  echo "       ${first:-$(tail -n 3 <<<"$output")}"
  exit 1
fi

pictures="out/pictures"
result=$(MAZEKIT_PICTURES="$pictures" "$build/lessons/$target" 2>&1)
status=$?
picture=$(ls "$pictures"/"$(basename "$lesson_dir")"/*.png 2>/dev/null | grep "/${step}-" | head -n 1)
if [ $status -eq 0 ]; then
  echo "GREEN  step $step passes"
  [ -n "$picture" ] && echo "       your picture: $picture"
  exit 0
fi
first=$(grep -m 1 -A 4 'FAILED:' <<<"$result" | sed -e "s|$PWD/||g")
echo "RED    step $step: a check failed"
echo "${first:-$result}" | sed -e 's/^/       /'
exit 1
