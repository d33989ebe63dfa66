#!/usr/bin/env bash
# The kit's main job from a fresh checkout: install what is missing, build, and draw the
# demo picture as PNG and SVG.
#
#     scripts/quickstart.sh [OUTPUT_FOLDER]     (default: out/demo)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
echo "quickstart: building (the first build takes a minute or two)"
cmake --preset ci >/dev/null
cmake --build --preset ci
./build/ci/examples/turtle_demo "${1:-out/demo}"
