#!/usr/bin/env bash
# CI stage: the kit on Debian 13 (trixie: g++ 14, Catch2 3, CMake 3.31, bubblewrap 0.12), as a
# student or an instructor there has it. A fresh Debian 13 root is made here from Debian's
# registry (mmdebstrap), this checkout's files are copied in, and inside it, as a newcomer
# would: scripts/install-deps.sh --tests, then a plain configure without presets, as the
# autograder's setup.sh makes one (`cmake -S . -B build/plain -G Ninja
# -DCMAKE_BUILD_TYPE=Release`), with only the ci preset's warnings-as-errors added
# (CMAKE_COMPILE_WARNING_AS_ERROR, which changes no program), and every test but the slow
# ones. The root is made anew each run and removed after it.
#
#     .ci/debian13.sh [ctest arguments...]      (default: -LE "slow|format|tidy")
#     .ci/debian13.sh --prepare DIR             only make the root, in DIR (.ci/run does this
#                                               while its first stage builds)
#     .ci/debian13.sh --root DIR [ctest arguments...]   build and test in a root made so, and
#                                               remove DIR after
#
# (format: Debian 13's clang-format 19 lays some lines out otherwise than Debian 12's 14, which
# the kit's files are formatted with; the main stage checks them. tidy: the same code, read by
# the same checks, which the main stage runs; a minute and a half of CI saved.)
#
# Needs root, mmdebstrap and bubblewrap (the root is entered with bwrap, which pivots into it,
# so that the kit's own sandbox can still make its namespaces inside).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=all
case "${1:-}" in
  --prepare | --root)
    [ -n "${2:-}" ] || { echo "debian13: $1 needs a folder" >&2; exit 2; }
    mode=${1#--}
    work=$2
    shift 2
    ;;
  *) work="$(mktemp -d /var/tmp/mazekit-debian13.XXXXXX)" ;;
esac
ctest_args=("$@")
[ ${#ctest_args[@]} -gt 0 ] || ctest_args=(-LE "slow|format|tidy")
[ "$mode" = prepare ] || trap 'rm -rf "$work"' EXIT
root="$work/root"

# The host's resolver and trust store (this machine's package registries are reached through
# them); /sys for the cgroups mazekit grade limits a student's programs with; the host's own
# /proc, whole: a /proc that bubblewrap mounts has parts covered read-only, and the kernel lets
# the kit's sandbox (a user namespace) mount a /proc of its own only where one is fully visible.
in_root() {
  bwrap --bind "$root" / --dev-bind /dev /dev --bind /proc /proc --perms 1777 --tmpfs /tmp \
    --bind /sys /sys --ro-bind /etc/resolv.conf /etc/resolv.conf \
    --ro-bind /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt \
    --die-with-parent --chdir /kit \
    --setenv PATH /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}

start=$SECONDS
if [ "$mode" != root ]; then
  mkdir -p "$work"
  mmdebstrap --quiet --variant=apt --include=ca-certificates trixie "$root"
  mkdir "$root/kit"
  git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - |
    tar -xf - -C "$root/kit"
  echo "debian13: root made in $((SECONDS - start)) s"
  in_root bash -c 'apt-get update -qq && scripts/install-deps.sh --tests'
  echo "debian13: packages installed in $((SECONDS - start)) s"
fi
[ "$mode" != prepare ] || exit 0
[ -d "$root/kit" ] || { echo "debian13: no root made in $work (--prepare $work first)" >&2; exit 2; }
in_root bash -c 'g++ --version | head -1; cmake --version | head -1; bwrap --version;
  dpkg-query -W -f "\${Package} \${Version}\n" catch2 libcairo2-dev libcpp-httplib-dev'
in_root cmake -S . -B build/plain -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_COMPILE_WARNING_AS_ERROR=ON
# Then a student works in this checkout, as after the quick start: the suite must not read or
# write their exercises, progress file or pictures, nor count their backups.
in_root bash -c '
  cmake --build build/plain --target lesson_cut_01-turtle-warmup >/dev/null
  cp build/plain/lessons/01-turtle-warmup/solutions/step02/warmup.hpp exercises/01-turtle-warmup/warmup.hpp
  printf "\nint mine() { return 1; }\n" >> exercises/02-building-the-maze/maze.hpp
  for lesson in 01-turtle-warmup 02-building-the-maze; do
    mkdir -p "exercises/$lesson/.backup-20260901-101500" "exercises/$lesson/.backup-20260902-111500"
    cp exercises/$lesson/*.hpp "exercises/$lesson/.backup-20260901-101500/"
  done
  printf "{\"lesson\": \"02-building-the-maze\", \"step\": \"03-a-turtle\"}\n" \
    > exercises/.mazekit-progress.json
  mkdir -p out/pictures && printf "not a picture\n" > out/pictures/01-turtle-warmup-01.png
  find exercises out -type f | sort > /var/tmp/student-files.txt
  find exercises out -type f -exec sha256sum {} + | sort > /var/tmp/student-files.sha256'
in_root cmake --build build/plain
echo "debian13: built in $((SECONDS - start)) s"
in_root ctest --test-dir build/plain -j 2 --output-on-failure --no-tests=error "${ctest_args[@]}"
echo "debian13: tested in $((SECONDS - start)) s"
# ...and left the student's files as they were, adding none.
in_root bash -c 'find exercises out -type f | grep -v "^out/gallery/" | sort |
  diff - /var/tmp/student-files.txt && find exercises out -type f -exec sha256sum {} + |
  grep -v " out/gallery/" | sort | diff - /var/tmp/student-files.sha256' ||
  { echo "debian13: the suite changed the student's files (above)" >&2; exit 1; }
