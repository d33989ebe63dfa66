#!/usr/bin/env bash
# mazekit watch, timed: from a save to the next check starting ("Checking..." on the screen).
#
#     tests/mazekit/watch_latency.sh [RUNS] [WATCH OPTIONS...]
#     tests/mazekit/watch_latency.sh 8 --poll 1      # polling every second
#     tests/mazekit/watch_latency.sh 8               # inotify
#
# Runs the kit's built mazekit (build/dev) in a terminal (util-linux's script) on a copy of
# lesson 1's exercises, saves (appends a comment line) RUNS times at a random moment after the
# watch line appears, and prints each delay, the median and the range.
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
runs="${1:-8}"
shift || true
mazekit="$here/build/dev/mazekit/mazekit"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$here/lessons" "$here/exercises" "$work/"
rm -f "$work/exercises/.mazekit-progress.json"
cd "$work"
export MAZEKIT_HOME="$work" MAZEKIT_BUILD="$here/build/dev"
export MAZEKIT_STATE="$work/progress.json" MAZEKIT_PICTURES="$work/pictures"
script -qfec "sh -c 'echo \$\$ > pid; exec \"$mazekit\" watch $*'" typescript >/dev/null &
script_pid=$!
count() { grep -o "$1" typescript 2>/dev/null | wc -l; }
delays=()
for n in $(seq 1 "$runs"); do
  while [ "$(count 'Ctrl-C to stop')" -lt "$n" ]; do sleep 0.01; done
  sleep "0.$((RANDOM % 9 + 1))"
  before="$(count 'Checking\.\.\.')"
  start="$(date +%s.%N)"
  echo "// save $n" >> exercises/01-turtle-warmup/warmup.hpp
  while [ "$(count 'Checking\.\.\.')" -le "$before" ]; do sleep 0.005; done
  delays+=("$(echo "$(date +%s.%N) - $start" | bc)")
  echo "save $n: seen after ${delays[-1]} s"
done
grep -a -o 'Watching .*Ctrl-C to stop\.' typescript | tail -1
kill -INT "$(cat pid)"
wait "$script_pid" || true
printf '%s\n' "${delays[@]}" | sort -n |
  awk '{ d[NR] = $1 } END { printf "median %.2f s, range %.2f-%.2f s (%d saves)\n",
        (NR % 2 ? d[(NR + 1) / 2] : (d[NR / 2] + d[NR / 2 + 1]) / 2), d[1], d[NR], NR }'
