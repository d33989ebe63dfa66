# shellcheck shell=bash
# Lays out the honest class of grading/submissions exactly as check_grading.cmake does, for a
# shell script that grades it beside other students (check_hostile.sh): four folders, three
# zips, a tarball, climbs-out.zip from grading/archives, and the two hostile archives made at
# run time - zip-bomb.zip (one entry that unpacks to 20 MB) and links-out.tar.gz (maze.hpp is a
# link to /etc/passwd). The archives are made with `cmake -E tar`, as check_grading.cmake makes
# them, so the students and their grades are the same in both tests.
#
#   source grading/pack_class.sh
#   pack_honest_class GRADING_DIR IN_DIR SCRATCH_DIR [CMAKE]
#
# IN_DIR and SCRATCH_DIR must exist; SCRATCH_DIR holds the folders the run-time archives are
# made from. Needs bash, coreutils, findutils and cmake.

# pack_folder FOLDER ARCHIVE FORMAT CMAKE: every file under FOLDER, by its path relative to
# FOLDER, into ARCHIVE (absolute), FORMAT zip or gnutar (gzipped).
pack_folder() {
  local folder=$1 archive=$2 format=$3 cmake=$4
  local mode=cf
  if [[ $format == gnutar ]]; then
    mode=czf
  fi
  local files=()
  mapfile -d '' -t files < <(cd "$folder" && find . -type f -printf '%P\0' | LC_ALL=C sort -z)
  (cd "$folder" && "$cmake" -E tar "$mode" "$archive" --format="$format" -- "${files[@]}")
}

pack_honest_class() {
  local grading=$1 in=$2 scratch=$3 cmake=${4:-cmake}
  local src=$grading/submissions
  in=$(cd "$in" && pwd)
  scratch=$(cd "$scratch" && pwd)

  local folder
  for folder in complete loops-forever crashes exits-early; do
    cp -R -- "$src/$folder" "$in/"
  done
  pack_folder "$src/half done" "$in/half done.zip" zip "$cmake"
  pack_folder "$src/edits-its-tests" "$in/edits-its-tests.zip" zip "$cmake"
  pack_folder "$src/no-source" "$in/no-source.zip" zip "$cmake"
  pack_folder "$src/does-not-compile" "$in/does-not-compile.tar.gz" gnutar "$cmake"
  cp -- "$grading/archives/climbs-out.zip" "$in/"

  # 500000 times 40 spaces, as check_grading.cmake's string(REPEAT) writes it.
  mkdir -p "$scratch/zip-bomb" "$scratch/links-out"
  head -c 20000000 /dev/zero | tr '\0' ' ' >"$scratch/zip-bomb/maze.hpp"
  ln -sfn /etc/passwd "$scratch/links-out/maze.hpp"
  (cd "$scratch/zip-bomb" && "$cmake" -E tar cf "$in/zip-bomb.zip" --format=zip -- maze.hpp)
  (cd "$scratch/links-out" && "$cmake" -E tar czf "$in/links-out.tar.gz" --format=gnutar -- maze.hpp)
}

# copies_of_class CLASS IN N: N students in IN, copies of CLASS's students in turn
# (copyK-NAME), for the grading benchmarks' classes of 30.
copies_of_class() {
  local class=$1 in=$2 size=$3 n=0 f
  while [ "$n" -lt "$size" ]; do
    for f in "$class"/*; do
      [ "$n" -lt "$size" ] || break
      cp -r "$f" "$in/copy$n-$(basename "$f")"
      n=$((n + 1))
    done
  done
}
