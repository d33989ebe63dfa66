#!/usr/bin/env bash
# The careless grading test. Makes the careless students of grading/careless/README.md from
# lesson 1's reference solution - each saved or handed in the way a careless student does: an
# IDE's folders beside the file, a zip or a tarball with a big build folder, the file in UTF-16
# or Latin-1 - grades them with `mazekit grade --lesson 1` beside the reference itself, and
# requires each student's total and what its results.json says, as the table below lists.
#
#   check_careless.sh MAZEKIT KIT_SOURCE_DIR WORK
#
# WORK is emptied first. Needs bash, coreutils, grep and python3 (which writes the archives
# and the other encodings). Exits 0 when every requirement holds, 1 at the first that does not
# (naming the student and what differed), 2 for bad usage.
set -euo pipefail
export LC_ALL=C

# student | total (full: the reference's) | what its results.json must say (- for nothing)
CARELESS_TABLE='
reference             | full | -
ide-folders           | full | folders of builds and tools, not read: build, cmake-build-debug, node_modules
big-build-folder      | full | folders of builds and tools, not read: big-build-folder/build, big-build-folder/cmake-build-release
big-build-tarball     | full | folder of a build or a tool, not read: build
utf16-notepad         | full | warmup.hpp was saved as UTF-16; graded as UTF-8 — save it as UTF-8
utf16-big-endian      | full | src/warmup.hpp was saved as UTF-16; graded as UTF-8 — save it as UTF-8
latin1-comments       | full | warmup.hpp was saved as Latin-1 (Windows-1252), not UTF-8; graded as UTF-8 — save it as UTF-8
utf8-bom              | full | warmup.hpp was saved as UTF-8 with a byte-order mark (BOM); graded without it
broken-utf16          | 0    | warmup.hpp was saved as UTF-16, but it is not valid UTF-16
'

if [[ $# -ne 4 ]]; then
  echo "usage: check_careless.sh MAZEKIT KIT_SOURCE_DIR KIT_BUILD_DIR WORK" >&2
  exit 2
fi
mazekit=$(realpath "$1")
kit=$(realpath "$2")
build=$(realpath "$3")
work=$4
rm -rf "$work"
mkdir -p "$work/class"
work=$(realpath "$work")
in="$work/class"
out="$work/graded"
solution="$build/lessons/01-turtle-warmup/solutions/step05/warmup.hpp"  # cut by the build

fail() {
  echo "check_careless.sh: $*" >&2
  exit 1
}

# ---- The class ----
python3 - "$solution" "$in" <<'PYTHON'
import os
import sys
import tarfile
import zipfile

solution_path, into = sys.argv[1:3]
solution = open(solution_path, "rb").read()


def write(path, data):
    path = os.path.join(into, path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


write("reference/warmup.hpp", solution)

# An IDE's project folder handed in whole: CMake's and CLion's build folders (each with a stale
# copy of warmup.hpp), VS Code's and IntelliJ's settings, a node_modules, macOS's litter.
for path, data in {
        "warmup.hpp": solution,
        "build/CMakeCache.txt": b"CMAKE_BUILD_TYPE:STRING=Debug\n",
        "build/warmup.hpp": b"// a copy the build made\n",
        "cmake-build-debug/exercises/warmup.hpp": b"// an older copy\n",
        "node_modules/prettier/package.json": b"{}\n",
        ".vscode/settings.json": b"{}\n",
        ".idea/workspace.xml": b"<project/>\n",
        ".DS_Store": b"\0\0\0\1Bud1",
        "__MACOSX/._warmup.hpp": b"\0\5\26\7"}.items():
    write("ide-folders/" + path, data)

# A zip of the same, whose build folders hold a linked program of 1 GiB of zeros (a thousandth
# of that packed) and 3000 object files: more than the 64 MB and the 2000 files a submission
# may hold, all of it in folders the grader passes over without unpacking.
with zipfile.ZipFile(os.path.join(into, "big-build-folder.zip"), "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("big-build-folder/warmup.hpp", solution)
    with z.open("big-build-folder/build/warmup_tests", "w", force_zip64=True) as big:
        zeros = bytes(1 << 20)
        for _ in range(1024):
            big.write(zeros)
    for i in range(3000):
        z.writestr(f"big-build-folder/cmake-build-release/CMakeFiles/o{i}.o", b"\x7fELF")
    z.writestr("big-build-folder/.git/HEAD", b"ref: refs/heads/main\n")

# A tarball with a 300 MB build folder: gzip is one stream, so this one is unpacked to be
# passed over (at most 1 GiB), and still graded.
with tarfile.open(os.path.join(into, "big-build-tarball.tar.gz"), "w:gz") as t:
    def add(name, data=None, size=None, reader=None):
        info = tarfile.TarInfo(name)
        info.size = len(data) if data is not None else size
        info.mode = 0o644
        t.addfile(info, reader if reader is not None else __import__("io").BytesIO(data))

    class Zeros:
        def __init__(self, size):
            self.left = size

        def read(self, n=-1):
            n = self.left if n < 0 else min(n, self.left)
            self.left -= n
            return bytes(n)

    add("build/warmup_tests", size=300 << 20, reader=Zeros(300 << 20))
    add("warmup.hpp", solution)

# Notepad's "Unicode": UTF-16, little-endian, with a byte-order mark.
text = solution.decode("utf-8")
write("utf16-notepad/warmup.hpp", b"\xff\xfe" + text.encode("utf-16-le"))
# UTF-16, big-endian, without a byte-order mark, in a zip's subfolder.
with zipfile.ZipFile(os.path.join(into, "utf16-big-endian.zip"), "w") as z:
    z.writestr("src/warmup.hpp", text.encode("utf-16-be"))
# An old editor's Latin-1 (Windows-1252): accents and curly quotes in comments and a string.
latin1 = ("// Zoé's warm-up, step 5 — “fini” à 23 h\n" + text +
          'inline const char* author() { return "Zoé Müller"; }\n')
write("latin1-comments/warmup.hpp", latin1.encode("cp1252"))
# Visual Studio's "UTF-8 with signature".
write("utf8-bom/warmup.hpp", b"\xef\xbb\xbf" + solution)
# UTF-16 cut short in the middle of a character made of two (a surrogate pair): not UTF-16.
write("broken-utf16/warmup.hpp",
      b"\xff\xfe" + (text + "// \U0001F422\n").encode("utf-16-le")[:-4])
PYTHON

# ---- Grading ----
set +e
(cd "$work" && timeout 900 "$mazekit" grade "$in" --lesson 1 --out "$out" -j 2 --timeout 10 \
  >"$work/grade.out" 2>&1)
status=$?
set -e
cat "$work/grade.out"
[[ $status -eq 0 ]] || fail "mazekit grade exited with $status"

total_of() {  # a student's total, the next to last cell of its grades.csv row
  grep -a "^$1," "$out/grades.csv" | awk -F, '{print $(NF-1)}'
}
full=$(total_of reference)
[[ -n $full && $full -gt 0 ]] || fail "the reference scored '${full}' (grades.csv: $(cat "$out/grades.csv"))"

while IFS='|' read -r student total says; do
  student=$(echo "$student" | xargs)
  [[ -n $student ]] || continue
  total=$(echo "$total" | xargs)
  says=$(echo "$says" | sed 's/^ *//; s/ *$//')
  [[ $total == full ]] && total=$full
  got=$(total_of "$student")
  [[ $got == "$total" ]] || fail "$student scored '$got', not $total"
  if [[ $says != - ]]; then
    grep -qF -- "$says" "$out/$student/results.json" ||
      fail "$student/results.json does not say '$says':
$(cat "$out/$student/results.json")"
  fi
  echo "ok      $student: $got, as expected"
done <<<"$CARELESS_TABLE"
echo "every careless student graded as grading/careless/README.md says"
