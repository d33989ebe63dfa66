#!/usr/bin/env bash
# reuse lint on a copy of the kit's own files, so that no build tree inside the source (which
# other tests write while this one reads) is ever read.
#   reuse_lint.sh SOURCE_DIR WORK
# In a git checkout: the files git tracks or would track. In a copy without git (CI's Debian
# 13 root, an unpacked release): every file but CMake build trees (a folder holding
# CMakeCache.txt) and out/, where mazekit writes pictures.
set -euo pipefail
source_dir=$1
work=$2
rm -rf "$work"
mkdir -p "$work/kit"
cd "$source_dir"
if [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$(pwd -P)" ]; then
  git ls-files -z --cached --others --exclude-standard
else
  find . \( -type d -exec test -e '{}/CMakeCache.txt' \; -prune \) -o -path ./out -prune \
    -o -type f -print0
fi | tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C "$work/kit"
reuse --root "$work/kit" lint
