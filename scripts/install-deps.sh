#!/usr/bin/env bash
# Installs the Debian packages the kit needs, if any are missing. Safe to run again.
#
#     scripts/install-deps.sh
#
# Run it as root, or as a user who may use sudo. Debian 12 (bookworm) has every package.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config  # the build
  libcairo2-dev                     # the turtle library draws through Cairo
  zlib1g-dev                        # the maze library's PNGs of large mazes
  fonts-dejavu-core                 # a font for Turtle::write, the same on every machine
  catch2                            # the tests (Catch2 2.13)
  libcli11-dev nlohmann-json3-dev   # the mazekit command-line tool
  bubblewrap                        # mazekit grade: every student's code built and run in a sandbox
  libarchive-dev                    # mazekit grade: reads .zip and .tar.gz submissions structurally
  libxml2-dev                       # mazekit verify reads ctest's JUnit file with libxml2
  libxml2-utils                     # the tests check every junit.xml against a JUnit schema (xmllint)
  procps                            # the grading tests check no student's process outlives the run
  chromium                          # the tests open the gallery page (mazekit render) headless
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: every package the kit needs is installed"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "install-deps: these packages are missing: ${missing[*]}" >&2
  echo "install-deps: as root, run: apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "install-deps: installing ${missing[*]}"
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends \
  "${missing[@]}"
