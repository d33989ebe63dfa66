#!/usr/bin/env bash
# mazekit grade's cost, sandboxed and not: 30 lesson-2 submissions (the honest class of
# grading/submissions laid out as the grading test lays it out, copied until there are 30),
# graded with the sandbox and with --no-sandbox, alternating, RUNS times each (default 3).
# Prints every run's wall time, the medians and their ratio.
#
#   bench/grade_bench.sh MAZEKIT [RUNS]
set -euo pipefail
mazekit=$(realpath "$1")
runs=${2:-3}
kit=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/mazekit-grade-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
# shellcheck source=grading/pack_class.sh
source "$kit/grading/pack_class.sh"
mkdir -p "$work/class" "$work/scratch" "$work/in"
pack_honest_class "$kit/grading" "$work/class" "$work/scratch"
copies_of_class "$work/class" "$work/in" 30
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
sandboxed=()
unsandboxed=()
for i in $(seq "$runs"); do
  for mode in sandbox no-sandbox; do
    flag=()
    [ "$mode" = no-sandbox ] && flag=(--no-sandbox)
    rm -rf "$work/out"
    start=$(date +%s.%N)
    "$mazekit" grade "$work/in" --lesson 2 --out "$work/out" -j 2 "${flag[@]}" > /dev/null
    end=$(date +%s.%N)
    t=$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.1f", b - a}')
    echo "run $i $mode: $t s"
    if [ "$mode" = sandbox ]; then sandboxed+=("$t"); else unsandboxed+=("$t"); fi
  done
done
ms=$(printf '%s\n' "${sandboxed[@]}" | median)
mn=$(printf '%s\n' "${unsandboxed[@]}" | median)
echo "median sandboxed: $ms s; median --no-sandbox: $mn s; ratio: $(awk -v a="$ms" -v b="$mn" 'BEGIN {printf "%.3f", a / b}')"
