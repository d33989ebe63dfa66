#!/usr/bin/env bash
# The student's loop, timed: from saving a file to mazekit's verdict on the current step.
#
#     tests/mazekit/student_loop_timing.sh [WORKDIR] [RUNS]
#
# Works on a copy of the kit (WORKDIR/kit, made from the repository's HEAD and built once
# the first time: a few minutes), never on the kit's own exercises. Each run saves the
# exercise file (a new comment line, so the content really changes) and times
# `mazekit status`; prints the median and the range of RUNS runs (default 7) for:
#   compile error  lesson 1 at step 3, the step does not compile yet
#   failed check   lesson 1 at step 2, the step compiles and a check fails
#   turns green    step 3's code saved while at step 3: GREEN, steps 1-2 checked again,
#                  on to step 4 (which does not compile yet)
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
work="${1:-/tmp/mazekit-timing}"
runs="${2:-7}"
kit="$work/kit"

if [ ! -x "$kit/build/dev/mazekit/mazekit" ]; then
  echo "Making a copy of the kit in $kit and building it once (a few minutes)..." >&2
  rm -rf "$kit"
  mkdir -p "$kit"
  git -C "$here" archive HEAD | tar -x -C "$kit"
  (cd "$kit" && cmake --preset dev >/dev/null && cmake --build build/dev --target mazekit lesson_cut_01-turtle-warmup -j2 >/dev/null)
fi
mazekit="$kit/build/dev/mazekit/mazekit"
exercise="$kit/exercises/01-turtle-warmup/warmup.hpp"
solutions="$kit/build/dev/lessons/01-turtle-warmup/solutions"  # cut by the build
export MAZEKIT_HOME="$kit" MAZEKIT_BUILD="$kit/build/dev" MAZEKIT_STATE="$work/progress.json"
export MAZEKIT_PICTURES="$work/pictures"

# Seconds, as a decimal, that a command takes.
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "median %.2f s (from %.2f to %.2f s, %d runs)", m, a[1], a[NR], NR}'; }

# Sets lesson 1 up at STEP: the previous step's solution, checked once so the first build is done.
at_step() {
  local previous=$(($1 - 1))
  cp "$solutions/step0$previous/warmup.hpp" "$exercise"
  rm -f "$MAZEKIT_STATE"
  "$mazekit" status --lesson 1 >/dev/null 2>&1 || true
}

save() { echo "// saved at $(date +%s.%N)" >>"$exercise"; }

measure() {
  local name="$1" step="$2"
  at_step "$step"
  for _ in $(seq "$runs"); do
    save
    seconds "$mazekit" status --lesson 1
  done | median | sed "s/^/$name: /"
  echo
}

measure "compile error (lesson 1, step 3)" 3
measure "failed check  (lesson 1, step 2)" 2

# Turning green: at step 3 each time, then step 3's solution is saved.
for _ in $(seq "$runs"); do
  at_step 3
  cp "$solutions/step03/warmup.hpp" "$exercise"
  save
  seconds "$mazekit" status --lesson 1
done | median | sed "s/^/turns green   (step 3, on to step 4): /"
echo
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
