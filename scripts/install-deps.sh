#!/usr/bin/env bash
# Installs the packages the kit needs, if any are missing. Safe to run again. This file is the
# one list: the quick start, CI, the devcontainer, the students' GitHub workflow and the
# Gradescope autograder's setup.sh all install through it.
#
#     scripts/install-deps.sh              # to build and use the kit: what a student needs
#     scripts/install-deps.sh --tests      # ...and the tools the kit's own test suite runs
#     scripts/install-deps.sh --list [--tests]   # print the Debian packages, install nothing
#
# (--runtime, the first line's packages alone, is the default; it is still accepted.)
# Run it as root, or as a user who may use sudo. Debian 12 (bookworm) and 13 (trixie) have
# every package under these names, and so do Ubuntu 22.04 and 24.04 (Gradescope's base image,
# GitHub's runners, WSL). On macOS it installs a student's packages through Homebrew (their
# names are below, and in docs/student-guide.md#on-macos); the kit's test suite and grading
# run on Linux.
set -euo pipefail

runtime_only=true
list_only=false
for arg in "$@"; do
  case "$arg" in
    --runtime) runtime_only=true ;;
    --tests) runtime_only=false ;;
    --list) list_only=true ;;
    *)
      echo "install-deps: unknown option '$arg'; the options are --tests, --runtime and --list" >&2
      exit 2
      ;;
  esac
done

# To build the kit and use mazekit (students, instructors, the autograder).
packages=(
  cmake ninja-build g++ pkg-config  # the build
  libcairo2-dev                     # the turtle library draws through Cairo
  zlib1g-dev                        # the maze library's PNGs of large mazes
  fonts-dejavu-core                 # a font for Turtle::write, the same on every machine
  catch2                            # the tests (Catch2 2.13 or 3.x: either works)
  libcli11-dev nlohmann-json3-dev   # the mazekit command-line tool
  bubblewrap                        # mazekit grade: every student's code built and run in a sandbox
  libarchive-dev                    # mazekit grade: reads .zip and .tar.gz submissions structurally
  libxml2-dev                       # mazekit verify reads ctest's JUnit file with libxml2
  libcpp-httplib-dev                # mazekit watch --view serves its live page on 127.0.0.1
  gdb                               # to step through your own code when a test crashes
)
# To run the kit's own test suite as well.
test_packages=(
  libxml2-utils                     # the tests check every junit.xml against a JUnit schema (xmllint)
  python3-jsonschema                # the tests check every Gradescope results.json against its schema
  clang-format                      # the tests check every C++ file follows .clang-format
  clang-tidy                        # the tests run .clang-tidy's checks over the kit's code
  reuse                             # the tests check every file says its licence (REUSE)
  git                               # the tests check the kit's version from git's tags
  procps                            # the grading tests check no student's process outlives the run
  chromium                          # the tests open the gallery page (mazekit render) headless
  zsh fish                          # the tests load mazekit's shell completions in each shell
)
# One test tool comes from npm, after the packages: the tests validate the students' GitHub
# workflow with it. (--list prints the Debian packages only.)
npm_test_tool="@action-validator/cli@0.6.0"     # the action-validator command
if [ "$runtime_only" = false ]; then
  packages+=("${test_packages[@]}")
  # npm to install it, unless some npm is on PATH already (Debian's, or Node.js's own).
  if ! command -v npm >/dev/null 2>&1; then
    packages+=(npm)
  fi
fi

# macOS: Homebrew's names for the first list (Apple's clang, zlib and libxml2 come with the
# Xcode Command Line Tools; no bubblewrap: grading is Linux's; no gdb: Homebrew's runs on Intel
# Macs only). libarchive is keg-only: CMake finds it in Homebrew's opt/ folder by itself.
brew_packages=(cmake ninja pkg-config cairo catch2 cli11 nlohmann-json cpp-httplib libarchive)
if [ "$(uname -s)" = Darwin ]; then
  if [ "$list_only" = true ]; then
    printf '%s\n' "${brew_packages[@]}"
    exit 0
  fi
  if [ "$runtime_only" = false ]; then
    echo "install-deps: the kit's own test suite runs on Linux (CI builds macOS's code with" \
      "clang and libc++ there); on macOS this installs what a student needs" >&2
  fi
  if ! command -v brew >/dev/null 2>&1; then
    echo "install-deps: on macOS the kit installs through Homebrew, and there is no brew on your" \
      "PATH: install it (https://brew.sh), then run scripts/install-deps.sh again" >&2
    exit 1
  fi
  if ! xcrun --find clang++ >/dev/null 2>&1; then
    echo "install-deps: there is no C++ compiler: run xcode-select --install, then" \
      "scripts/install-deps.sh again" >&2
    exit 1
  fi
  missing=()
  for package in "${brew_packages[@]}"; do
    brew list --formula "$package" >/dev/null 2>&1 || missing+=("$package")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: every package the kit needs is installed"
  else
    echo "install-deps: installing ${missing[*]} (brew install)"
    brew install "${missing[@]}"
  fi
  exit 0
fi

if [ "$list_only" = true ]; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  as_root=(missing-root)
fi

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: every package the kit needs is installed"
elif [ "${as_root[0]:-}" = missing-root ]; then
  echo "install-deps: these packages are missing: ${missing[*]}" >&2
  echo "install-deps: as root, run: apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
else
  echo "install-deps: installing ${missing[*]}"
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
fi

if [ "$runtime_only" = false ] && ! command -v action-validator >/dev/null 2>&1; then
  if [ "${as_root[0]:-}" = missing-root ]; then
    echo "install-deps: the test tool action-validator is missing" >&2
    echo "install-deps: as root, run: npm install --global $npm_test_tool" >&2
    exit 1
  fi
  echo "install-deps: installing $npm_test_tool from npm"
  "${as_root[@]}" npm install --global --no-fund --no-audit "$npm_test_tool"
fi
