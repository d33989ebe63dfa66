#!/usr/bin/env bash
# Draws every lesson step's picture from its reference solution again and keeps it as the
# golden picture (lessons/NN-*/pictures/STEP.png, .svg and the drawing log the tests compare).
# Run it after changing a lesson's tests or solutions on purpose; then look at the pictures
# and commit them.
#
#     scripts/update-lesson-pictures.sh [PRESET]      (default: dev)
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-dev}"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
MAZEKIT_UPDATE_PICTURES=1 ctest --preset "$preset" -R '\.picture\.' --output-on-failure
