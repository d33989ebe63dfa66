#!/bin/sh
# How long `mazekit check` takes on lesson 3's test-writing step (the student's tests built
# against the wheat and 7 chaffs), on the step after it (the kit's test and the student's own
# tests), and on a plain step, on a copy of the lessons and exercises in WORK with the
# lesson's own tests as the student's my_tests.cpp. Each run starts from no progress file, so
# nothing is cached. Prints each run's wall-clock seconds, then the median of each.
#   bench/tests_step_timing.sh [RUNS] [WORK]     (a dev build in build/dev, or the build
#   tree in MAZEKIT_BENCH_BUILD, such as build/ci)
set -eu
runs=${1:-5}
work=${2:-/tmp/mazekit-tests-step-timing}
kit=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${MAZEKIT_BENCH_BUILD:-$kit/build/dev}" && pwd)
rm -rf "$work"
mkdir -p "$work"
cp -r "$kit/lessons" "$kit/exercises" "$work/"
cp "$kit/lessons/03-solving-the-maze/tests/step03_tests_for_backing_out.cpp" \
   "$work/exercises/03-solving-the-maze/my_tests.cpp"
cp "$kit/lessons/03-solving-the-maze/solutions/step03/maze.hpp" \
   "$work/exercises/03-solving-the-maze/maze.hpp"
export MAZEKIT_HOME="$work" MAZEKIT_BUILD="$build" MAZEKIT_PICTURES="$work/pictures"
for step in 3 4 2; do
  : > "$work/times-$step"
  i=0
  while [ "$i" -lt "$runs" ]; do
    rm -f "$work/progress.json"
    start=$(date +%s.%N)
    MAZEKIT_STATE="$work/progress.json" "$build/mazekit/mazekit" check 3 "$step" >/dev/null || true
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f\n", b - a }' >> "$work/times-$step"
    i=$((i + 1))
  done
  echo "step $step: $(tr '\n' ' ' < "$work/times-$step")"
  echo "step $step median: $(sort -n "$work/times-$step" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}') s"
done
