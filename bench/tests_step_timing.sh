#!/bin/sh
# How long `mazekit check` takes on lesson 3's test-writing step (the student's tests built
# against the wheat and 7 chaffs), on the step after it (the kit's test and the student's own
# tests), and on a plain step, on a copy of the lessons and exercises in WORK. The test-writing
# step is timed GREEN (the lesson's own tests as the student's my_tests.cpp, every chaff
# caught) and RED (a weaker test that misses some chaffs), each with the chaffs' schema (the
# tests built once; mazekit/src/grade/chaff_schema.hpp) and with every chaff built apart
# (MAZEKIT_NO_SCHEMA=1, as before the schema and as a grade builds them). The cases take turns
# in each round, so that they share the machine's load. Each run starts from no progress file,
# so nothing is cached. Prints each run's wall-clock seconds, then the median of each.
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
exercise="$work/exercises/03-solving-the-maze"
cp "$kit/lessons/03-solving-the-maze/tests/step03_tests_for_backing_out.cpp" "$work/green.cpp"
cat > "$work/red.cpp" <<'TESTS'
#include <catch2/catch.hpp>
#include "maze.hpp"

TEST_CASE("a dead end is open again") {
  Maze m;
  m.reset();
  m.dig(SOUTH);
  m.dig(SOUTH);
  m.turtle.goTo(-190, 190);
  for (int i = 0; i < 4; ++i) m.dig(EAST);
  m.setMatrixValueAt(turtle::Vec2D(-110, 190), END);
  m.solve();
  CHECK(m.matrix[1][0] == EMPTY);
  CHECK(m.matrix[2][0] == EMPTY);
}
TESTS
cp "$build/lessons/03-solving-the-maze/solutions/step03/maze.hpp" "$exercise/maze.hpp"  # cut by the build
export MAZEKIT_HOME="$work" MAZEKIT_BUILD="$build" MAZEKIT_PICTURES="$work/pictures"
cases="3-green 3-green-apart 3-red 3-red-apart 4 2"
for c in $cases; do : > "$work/times-$c"; done
i=0
while [ "$i" -lt "$runs" ]; do
  for c in $cases; do
    case $c in
      *red*) cp "$work/red.cpp" "$exercise/my_tests.cpp" ;;
      *) cp "$work/green.cpp" "$exercise/my_tests.cpp" ;;
    esac
    case $c in
      *apart) apart=1 ;;
      *) apart= ;;
    esac
    rm -f "$work/progress.json"
    start=$(date +%s.%N)
    MAZEKIT_NO_SCHEMA=$apart MAZEKIT_STATE="$work/progress.json" \
      "$build/mazekit/mazekit" check 3 "${c%%-*}" > "$work/out-$c" || true
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f\n", b - a }' >> "$work/times-$c"
  done
  i=$((i + 1))
done
for c in $cases; do
  echo "step $c: $(tr '\n' ' ' < "$work/times-$c")"
  echo "step $c median: $(sort -n "$work/times-$c" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}') s"
  echo "step $c verdict: $(grep -E '^(GREEN|RED)' "$work/out-$c" | head -1)"
done
