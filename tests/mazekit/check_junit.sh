#!/bin/sh
# Validates every junit.xml under FOLDER against tests/mazekit/junit.xsd, the JUnit schema of
# Jenkins and Ant in the kit's own words. Fails naming the first file that is not valid, or
# when there is no junit.xml at all (a grading run that wrote none has gone wrong too).
#
#   tests/mazekit/check_junit.sh "graded work"
# Needs xmllint (Debian: libxml2-utils).
set -eu

if [ "$#" -ne 1 ] || [ ! -d "$1" ]; then
  echo "usage: $0 FOLDER   (a folder that mazekit grade wrote, holding junit.xml files)" >&2
  exit 2
fi
schema="$(cd "$(dirname "$0")" && pwd)/junit.xsd"
if ! command -v xmllint >/dev/null 2>&1; then
  echo "$0: xmllint is missing (Debian: apt-get install libxml2-utils)" >&2
  exit 2
fi

list=$(mktemp)
trap 'rm -f "$list"' EXIT
find "$1" -type f -name junit.xml -print >"$list"

checked=0
# One path a line; a path with a newline in it would not come from mazekit grade's slugs.
while IFS= read -r file; do
  if ! messages=$(xmllint --noout --schema "$schema" "$file" 2>&1); then
    echo "$messages" >&2
    echo "$0: not valid JUnit XML: $file" >&2
    exit 1
  fi
  checked=$((checked + 1))
done <"$list"

if [ "$checked" -eq 0 ]; then
  echo "$0: no junit.xml under $1" >&2
  exit 1
fi
echo "checked $checked junit.xml files: all valid"
