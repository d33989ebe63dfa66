#!/usr/bin/env bash
# Checks your code in exercises/ against one step of a lesson: the same as
# `mazekit check LESSON STEP`, which this runs.
#
#     scripts/check-step.sh LESSON STEP        e.g.  scripts/check-step.sh 1 3
#
# Exit status 0 for GREEN, 1 for RED, 2 for bad usage. MAZEKIT (a mazekit program) and
# MAZEKIT_BUILD (the kit's build tree, build/dev by default) choose another build.
set -uo pipefail
kit="$(cd "$(dirname "$0")/.." && pwd)"
build="${MAZEKIT_BUILD:-$kit/build/dev}"
mazekit="${MAZEKIT:-$build/mazekit/mazekit}"
if [ $# -ne 2 ]; then
  echo "usage: scripts/check-step.sh LESSON STEP   (for example: scripts/check-step.sh 1 3)" >&2
  exit 2
fi
if [ ! -x "$mazekit" ]; then
  echo "check-step: no mazekit at '$mazekit': build the kit once with \`cmake --preset dev && cmake --build build/dev\` in '$kit'" >&2
  exit 2
fi
export MAZEKIT_HOME="$kit" MAZEKIT_BUILD="$build"
exec "$mazekit" check "$1" "$2"
