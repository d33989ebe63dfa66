#!/usr/bin/env bash
# Runs clang-tidy's checks (.clang-tidy: a small set, each for a mistake the compiler's warnings
# miss) over the kit's own code as BUILD compiles it: the turtle, the maze model, mazekit and its
# harness. In a unity build those are its batches, so that each file and header is read once per
# batch, not once per file. Prints each finding with its file and line, and exits 1 if there is
# any.
#
#     scripts/check-tidy.sh BUILD      # a configured and built tree, e.g. build/ci
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: scripts/check-tidy.sh BUILD (a configured and built tree, e.g. build/ci)}
tidy=${CLANG_TIDY:-$(command -v clang-tidy || true)}
if [ -z "$tidy" ]; then
  echo "check-tidy: clang-tidy is not installed; scripts/install-deps.sh --tests installs it" >&2
  exit 1
fi
if [ ! -f "$build/compile_commands.json" ]; then
  echo "check-tidy: $build has no compile_commands.json: configure it again (the kit's" \
    "CMakeLists.txt turns CMAKE_EXPORT_COMPILE_COMMANDS on unless it is set OFF)" >&2
  exit 1
fi
# The kit's own code, as the build compiles it, in as few translation units as it compiles: one
# per library, which includes its unity batches (the standard library, CLI11 and nlohmann-json
# are then read and checked once per library, not once per batch: a third of the time), and
# each file no batch includes. They go to BUILD/tidy, with their compile commands.
mkdir -p "$build/tidy"
mapfile -t units < <(python3 - "$build" <<'PY'
import json, os, re, sys
build = sys.argv[1]
own = re.compile(r"/(turtle|maze|mazekit|common)/(src|harness)/[^/]+(/[^/]+)?\.cpp$")
batch = re.compile(r"/CMakeFiles/([^/]+)\.dir/Unity/unity_\d+_cxx\.cxx$")
includes = lambda f: re.findall(r'^#include "([^"]+)"', open(f).read(), re.M)
entries, seen = [], set()
for entry in json.load(open(os.path.join(build, "compile_commands.json"))):
    path = os.path.normpath(os.path.join(entry["directory"], entry["file"]))
    if path not in seen and (own.search(path) or batch.search(path)):
        seen.add(path)
        entries.append((path, entry))
inBatch = {i for path, _ in entries if batch.search(path) for i in includes(path)}
libraries, out = {}, []
for path, entry in entries:
    m = batch.search(path)
    if m and any(own.search(i) for i in includes(path)):
        libraries.setdefault(m.group(1), []).append((path, entry))
    elif not m and path not in inBatch:
        out.append(dict(entry, file=path))
for name, batches in sorted(libraries.items()):
    unit = os.path.abspath(os.path.join(build, "tidy", name + ".cxx"))
    text = "".join(f'#include "{i}"\n' for path, _ in sorted(batches) for i in includes(path))
    if not os.path.exists(unit) or open(unit).read() != text:
        open(unit, "w").write(text)
    path, entry = batches[0]
    command = entry.get("command")
    if command is not None:
        command = command.replace(entry["file"], unit)
    arguments = [unit if a == entry["file"] else a for a in entry.get("arguments", [])]
    out.append(dict(entry, file=unit, **({"command": command} if command else {"arguments": arguments})))
json.dump(out, open(os.path.join(build, "tidy", "compile_commands.json"), "w"), indent=1)
for e in out:
    print(e["file"])
PY
)
if [ "${#units[@]}" -eq 0 ]; then
  echo "check-tidy: $build/compile_commands.json names none of the kit's own files" >&2
  exit 1
fi
echo "check-tidy: ${#units[@]} translation units, with $("$tidy" --version | grep -o 'version [0-9.]*' | head -n 1)"
# g++'s build: clang reads C++17 only when told (g++ 12 needs no -std flag), and does not know
# every g++ warning the kit turns on.
status=0
printf '%s\0' "${units[@]}" |
  xargs -0 -n 1 -P "$(nproc 2>/dev/null || echo 2)" "$tidy" -p "$build/tidy" --quiet \
    --config-file="$PWD/.clang-tidy" \
    --extra-arg=-std=c++17 --extra-arg=-Wno-unknown-warning-option \
    > "$build/check-tidy.log" 2> "$build/check-tidy.stderr" || status=$?
if grep -q -E '(error|warning): ' "$build/check-tidy.log"; then
  grep -E '(error|warning): ' "$build/check-tidy.log" | sort -u | sed 's/^/check-tidy: /' >&2
  echo "check-tidy: clang-tidy found the above in the kit's code ($build/check-tidy.log has" \
    "each with its line); fix the code (.clang-tidy says why each check is there)" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  tail -n 20 "$build/check-tidy.stderr" >&2
  echo "check-tidy: clang-tidy stopped with status $status (above, its last words)" >&2
  exit 1
fi
echo "check-tidy: no findings"
