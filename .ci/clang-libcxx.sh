#!/usr/bin/env bash
# CI stage: the proxy for a Mac. The kit built with clang and libc++, the compiler and standard
# library macOS has (Apple clang, libc++), on this Debian 12 machine, and as it is built on
# macOS: MAZEKIT_POSIX_ONLY (common/platform.hpp), so the student's path uses POSIX calls alone
# and grading is left out. The libraries, mazekit, the lessons and the kit's tests, warnings as
# errors (the clang-libcxx preset), then every test but the slow ones and those that grade;
# among them, one that fails if mazekit imports a function only Linux has
# (tests/mazekit/posix_only_symbols.sh). No Mac builds or runs anything.
#
#     .ci/clang-libcxx.sh [ctest arguments...]      (default: -LE 'slow|grading|tidy')
#
# Needs root (to install clang and libc++ when they are missing).
set -euo pipefail
cd "$(dirname "$0")/.."
ctest_args=("$@")
[ ${#ctest_args[@]} -gt 0 ] || ctest_args=(-LE 'slow|grading|tidy')

start=$SECONDS
missing=()
for package in clang libc++-dev libc++abi-dev; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
clang++ --version | head -1
cmake --preset clang-libcxx -DMAZEKIT_POSIX_ONLY=ON
cmake --build --preset clang-libcxx
echo "clang-libcxx: built in $((SECONDS - start)) s"
ctest --preset clang-libcxx "${ctest_args[@]}"
echo "clang-libcxx: tested in $((SECONDS - start)) s"
