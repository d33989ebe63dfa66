#!/usr/bin/env bash
# Two builds of mazekit grading the same classes in the same run, alternating, RUNS times each
# (default 3): 30 lesson-2 submissions (as bench/grade_bench.sh lays them out) with the sandbox
# and with --no-sandbox, and lesson 3's whole reference with grade-one (its test-writing step:
# the wheat and 7 chaffs built and run). Prints every run's wall time, the medians and the
# ratios NEW / OLD. Each mazekit grades with its own build tree's lessons.
#
#   bench/grade_compare_bench.sh OLD_MAZEKIT NEW_MAZEKIT [RUNS]
set -euo pipefail
old=$(realpath "$1")
new=$(realpath "$2")
runs=${3:-3}
kit=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/mazekit-grade-compare.XXXXXX)
trap 'rm -rf "$work"' EXIT
# shellcheck source=grading/pack_class.sh
source "$kit/grading/pack_class.sh"
mkdir -p "$work/class" "$work/scratch" "$work/in" "$work/l3"
pack_honest_class "$kit/grading" "$work/class" "$work/scratch"
copies_of_class "$work/class" "$work/in" 30
# lesson 3's finished maze.hpp, as the build cut it (MAZEKIT_BENCH_BUILD: that build tree)
cp "${MAZEKIT_BENCH_BUILD:-$kit/build/dev}/lessons/03-solving-the-maze/solutions/step04/maze.hpp" "$work/l3/"
cp "$kit/lessons/03-solving-the-maze/tests/step03_tests_for_backing_out.cpp" "$work/l3/my_tests.cpp"

declare -A times=()
timed() { # KEY COMMAND...: runs it, prints and keeps its wall time
  local key=$1 start end t
  shift
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  t=$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.1f", b - a}')
  echo "$key: $t s"
  times[$key]+="$t "
}
for _ in $(seq "$runs"); do
  for which in old new; do
    bin=$old
    [ "$which" = new ] && bin=$new
    rm -rf "$work/out"
    timed "lesson 2, sandbox, $which" "$bin" grade "$work/in" --lesson 2 --out "$work/out" -j 2
    rm -rf "$work/out"
    timed "lesson 2, --no-sandbox, $which" "$bin" grade "$work/in" --lesson 2 --out "$work/out" -j 2 --no-sandbox
    timed "lesson 3 reference, grade-one, $which" "$bin" grade-one "$work/l3" --lesson 3 --results "$work/r.json"
  done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for part in "lesson 2, sandbox" "lesson 2, --no-sandbox" "lesson 3 reference, grade-one"; do
  o=$(echo "${times[$part, old]}" | median)
  w=$(echo "${times[$part, new]}" | median)
  echo "$part: median old $o s, new $w s, new/old $(awk -v a="$w" -v b="$o" 'BEGIN {printf "%.3f", a / b}')"
done
