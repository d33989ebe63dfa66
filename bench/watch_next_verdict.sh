#!/usr/bin/env bash
# mazekit watch, timed: from a step turning GREEN to the verdict of the next step on the screen.
#
#     bench/watch_next_verdict.sh [RUNS] [STEP...]
#     bench/watch_next_verdict.sh 5 3 11 21       # the default: early, middle and last
#     bench/watch_next_verdict.sh 5 22            # the last: on to lesson 3's first step
#
# For each STEP N of lesson 2, RUNS times: the exercise holds the solution of step N-1 and the
# progress file says steps 1..N-1 passed (so watch shows step N RED), then the solution of
# step N is saved. It prints, from the watch's screen, how long the save took to turn GREEN and
# how long from "GREEN ... step N passes" to the next screen ("Step N+1 of 22" with its
# verdict), each as the median of RUNS with the range. STEP 21's next verdict is the last step's;
# after STEP 22 comes lesson 3's first step (watch without --lesson, so that it moves on).
#
# It runs the kit's built mazekit (build/dev, or $MAZEKIT) in a terminal (util-linux's script)
# on the kit's own exercises/02-building-the-maze/maze.hpp, which it puts back when it ends.
# ccache is turned off for the watch (CCACHE_DISABLE=1): every save compiles as a student's
# would. Another mazekit (the one before a change) on this build tree:
#     MAZEKIT=/elsewhere/build/dev/mazekit/mazekit bench/watch_next_verdict.sh
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-5}"
shift || true
steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(3 11 21)
mazekit="${MAZEKIT:-$here/build/dev/mazekit/mazekit}"
lesson="$here/build/dev/lessons/02-building-the-maze"  # its solutions, cut by the build
exercise="$here/exercises/02-building-the-maze/maze.hpp"
for n in "${steps[@]}"; do
  if ! [[ "$n" =~ ^[0-9]+$ ]] || [ "$n" -lt 2 ] || [ "$n" -gt 22 ]; then
    echo "bench/watch_next_verdict.sh: a STEP is a number from 2 to 22 (step N turns GREEN, then" \
      "the next step's verdict is timed); got '$n'" >&2
    exit 2
  fi
done
[ -x "$mazekit" ] || {
  echo "bench/watch_next_verdict.sh: no mazekit at $mazekit: build it (cmake --build build/dev" \
    "--target mazekit) or set MAZEKIT" >&2
  exit 2
}

work="$(mktemp -d)"
cp "$exercise" "$work/maze.hpp.kept"
cleanup() {
  [ -f "$work/pid" ] && kill -INT "$(cat "$work/pid")" 2>/dev/null || true
  wait 2>/dev/null || true
  cp "$work/maze.hpp.kept" "$exercise"
  rm -rf "$work"
}
trap cleanup EXIT
export MAZEKIT_HOME="$here" MAZEKIT_BUILD="$here/build/dev"
export MAZEKIT_STATE="$work/progress.json" MAZEKIT_PICTURES="$work/pictures"
two() { printf '%02d' "$1"; }
now() { date +%s.%N; }
count() { grep -a -o "$1" "$work/typescript" 2>/dev/null | wc -l; }
median() {
  sort -n | awk '{ d[NR] = $1 } END { printf "median %.2f s, range %.2f-%.2f s", \
    (NR % 2 ? d[(NR + 1) / 2] : (d[NR / 2] + d[NR / 2 + 1]) / 2), d[1], d[NR] }'
}

# Waits (up to 10 minutes) until `pattern` has been seen more than `before` times.
await() {
  local pattern="$1" before="$2" i=0
  while [ "$(count "$pattern")" -le "$before" ]; do
    sleep 0.01
    i=$((i + 1))
    if [ $i -gt 60000 ]; then
      echo "bench/watch_next_verdict.sh: no '$pattern' on the screen after 10 minutes:" >&2
      tail -c 2000 "$work/typescript" >&2
      exit 1
    fi
  done
}

echo "mazekit: $mazekit"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
for n in "${steps[@]}"; do
  next=$((n + 1))
  nextScreen="Step $next of 22"
  lessonOption="--lesson 2"
  if [ "$n" -eq 22 ]; then
    nextScreen="Lesson 3 of"
    lessonOption=""
  fi
  : >"$work/green"
  : >"$work/verdict"
  # At step N, RED: the solution of step N-1, steps 1..N-1 passed with it (checked once; each
  # run starts from the same progress file).
  cp "$lesson/solutions/step$(two $((n - 1)))/maze.hpp" "$exercise"
  rm -f "$MAZEKIT_STATE"
  "$mazekit" status --lesson 2 >/dev/null 2>&1 || true
  cp "$MAZEKIT_STATE" "$work/at-step-$n.json"
  for run in $(seq "$runs"); do
    cp "$lesson/solutions/step$(two $((n - 1)))/maze.hpp" "$exercise"
    cp "$work/at-step-$n.json" "$MAZEKIT_STATE"
    rm -f "$work/typescript" "$work/pid"
    (cd "$work" && CCACHE_DISABLE=1 script -qfec \
      "sh -c 'echo \$\$ > pid; exec \"$mazekit\" watch $lessonOption'" typescript >/dev/null) &
    await 'Ctrl-C to stop' 0
    sleep 0.3
    saved=$(now)
    cp "$lesson/solutions/step$(two "$n")/maze.hpp" "$exercise"
    await "step $n passes" 0
    green=$(now)
    await "$nextScreen" 0
    await 'Ctrl-C to stop' 1
    shown=$(now)
    echo "$green - $saved" | bc >>"$work/green"
    echo "$shown - $green" | bc >>"$work/verdict"
    grep -a -q "RED\|GREEN  passed" "$work/typescript" || echo "(no verdict seen on run $run)" >&2
    kill -INT "$(cat "$work/pid")"
    wait
    rm -f "$work/pid"
  done
  echo "lesson 2, step $n: save to GREEN $(median <"$work/green");" \
    "GREEN to the next verdict ($nextScreen) $(median <"$work/verdict") ($runs runs)"
done
