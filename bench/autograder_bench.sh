#!/usr/bin/env bash
# The Gradescope autograder's cost on this machine: setup.sh (packages already installed, the
# kit built from the zip, the reference solution graded) and run_autograder for the complete
# lesson-2 submission (grading/submissions/complete), each RUNS times (default 3) in a root laid
# out as Gradescope's containers are (tests/mazekit/gradescope_root.sh). Prints every run and
# the medians.
#
#   bench/autograder_bench.sh MAZEKIT [RUNS]
set -euo pipefail
mazekit=$(realpath "$1")
runs=${2:-3}
kit=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/mazekit-autograder-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
# shellcheck source=tests/mazekit/gradescope_root.sh
source "$kit/tests/mazekit/gradescope_root.sh"
"$mazekit" autograder --lesson 2 --out "$work/autograder.zip" >/dev/null
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
setups=()
for i in $(seq "$runs"); do
  root="$work/root$i"
  gradescope_root "$work/autograder.zip" "$root"
  start=$(now)
  in_gradescope "$root" /autograder/source bash /autograder/source/setup.sh >"$work/setup$i.log" 2>&1
  setups+=("$(awk -v a="$(now)" -v b="$start" 'BEGIN { printf "%.1f", a - b }')")
  echo "setup.sh run $i: ${setups[-1]} s"
done
root="$work/root1"
grades=()
for i in $(seq "$runs"); do
  fresh_submission "$root"
  cp -a "$kit/grading/submissions/complete/." "$root/autograder/submission/"
  start=$(now)
  in_gradescope "$root" /autograder /autograder/run_autograder >"$work/run$i.log" 2>&1
  grades+=("$(awk -v a="$(now)" -v b="$start" 'BEGIN { printf "%.2f", a - b }')")
  score=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["score"])' \
    "$root/autograder/results/results.json")
  echo "run_autograder run $i: ${grades[-1]} s, score $score"
done
echo "median setup.sh: $(printf '%s\n' "${setups[@]}" | median) s"
echo "median run_autograder, complete lesson-2 submission: $(printf '%s\n' "${grades[@]}" | median) s"
