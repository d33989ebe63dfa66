#!/usr/bin/env bash
# The kit's version (cmake/kit_version_file.cmake): a copy's VERSION file, else git's release
# tag and commit, "+modified" for a changed kit file but not for a student's exercise, else the
# project's version; a VERSION that is not a version is refused. And a CHANGELOG entry for the
# project's version. Usage: check_version.sh SOURCE_DIR PROJECT_VERSION SCRATCH
set -euo pipefail
source_dir=$1 project_version=$2 scratch=$3
script="$source_dir/cmake/kit_version_file.cmake"
rm -rf "$scratch" && mkdir -p "$scratch"
fail() { echo "FAIL: $*" >&2; exit 1; }

version_of() {  # the version the script writes for the folder $1
  cmake "-DSOURCE_DIR=$1" "-DPROJECT_VERSION=$project_version" "-DOUT=$scratch/out.cpp" \
    -P "$script" >/dev/null
  sed -n 's/.*return "\(.*\)";.*/\1/p' "$scratch/out.cpp"
}
expect() {  # expect WHAT GOT WANTED
  [[ $2 == "$3" ]] || fail "$1: the version is '$2', expected '$3'"
  echo "ok: $1: $2"
}

copy=$scratch/copy && mkdir -p "$copy"
expect "no git and no VERSION" "$(version_of "$copy")" "$project_version"
echo "1.2.3-4-gabcdef0" >"$copy/VERSION"
expect "a copy's VERSION file" "$(version_of "$copy")" "1.2.3-4-gabcdef0"
echo '0.2"; system("rm -rf ~"); //' >"$copy/VERSION"
if out=$(cmake "-DSOURCE_DIR=$copy" "-DPROJECT_VERSION=$project_version" \
  "-DOUT=$scratch/bad.cpp" -P "$script" 2>&1); then
  fail "a VERSION file holding code was taken"
fi
out=$(tr -s ' \n' '  ' <<<"$out")  # CMake wraps a message's lines at its own width
[[ $out == *"not a version such as 0.2.0"* ]] || fail "the refusal does not say why: $out"
[[ ! -e $scratch/bad.cpp ]] || fail "a refused VERSION still wrote the source"
echo "ok: a VERSION that is not a version is refused"

repo=$scratch/repo && mkdir -p "$repo/exercises" "$repo/maze"
git -C "$repo" init -q
git -C "$repo" -c user.name=kit -c user.email=kit@example.org commit -q --allow-empty -m first
commit=$(git -C "$repo" rev-parse --short=7 HEAD)
expect "git without a release tag" "$(version_of "$repo")" "$project_version-g$commit"
git -C "$repo" tag v9.8.7
expect "git at a release tag" "$(version_of "$repo")" "9.8.7"
echo one >"$repo/maze/grid.cpp" && echo start >"$repo/exercises/maze.hpp"
git -C "$repo" add . && git -C "$repo" -c user.name=kit -c user.email=kit@example.org commit -q -m second
commit=$(git -C "$repo" rev-parse --short=7 HEAD)
expect "a commit after the tag" "$(version_of "$repo")" "9.8.7-1-g$commit"
echo "the student's own" >>"$repo/exercises/maze.hpp"
expect "a student's changed exercise" "$(version_of "$repo")" "9.8.7-1-g$commit"
echo two >>"$repo/maze/grid.cpp"
expect "a changed kit file" "$(version_of "$repo")" "9.8.7-1-g$commit+modified"

grep -q "^## \[$project_version\]" "$source_dir/CHANGELOG.md" ||
  fail "CHANGELOG.md has no '## [$project_version]' entry for the project's version"
echo "ok: CHANGELOG.md has an entry for $project_version"
