"""The devcontainer: devcontainer.json (JSON with comments, as the Dev Containers format allows)
names the Dockerfile, builds mazekit when the container is made and puts it on PATH; the
Dockerfile starts from Debian 12 and installs packages only through scripts/install-deps.sh, the
kit's one list.

    check_devcontainer.py KIT_SOURCE
"""
import json
import os
import re
import sys

kit = sys.argv[1]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED: " + what)


def without_comments(text):
    """JSON with comments (// and /* */ outside strings) and trailing commas, as plain JSON."""
    out = []
    i = 0
    in_string = False
    while i < len(text):
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1])
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
            out.append(c)
        elif text.startswith("//", i):
            while i < len(text) and text[i] != "\n":
                i += 1
            continue
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise ValueError("a /* comment that does not end")
            i = end + 2
            continue
        else:
            out.append(c)
        i += 1
    return re.sub(r",(\s*[}\]])", r"\1", "".join(out))


# The comment stripper itself: a comment inside a string is kept, trailing commas go.
check(json.loads(without_comments('{"a": "http://x", // c\n /* d */ "b": [1,],}')) ==
      {"a": "http://x", "b": [1]}, "comments outside strings are removed, inside kept")

folder = os.path.join(kit, ".devcontainer")
with open(os.path.join(folder, "devcontainer.json"), encoding="utf-8") as f:
    text = f.read()
try:
    config = json.loads(without_comments(text))
except ValueError as error:
    check(False, f"devcontainer.json parses as JSON with comments: {error}")
    sys.exit(1)
build = config.get("build", {})
check(build.get("dockerfile") == "Dockerfile", "devcontainer.json names the Dockerfile")
check(os.path.isfile(os.path.join(folder, build.get("dockerfile", "-"))),
      "the Dockerfile it names is beside it")
check(os.path.normpath(os.path.join(folder, build.get("context", "."))) == os.path.normpath(kit),
      "the build context is the kit's top folder (the Dockerfile copies scripts/install-deps.sh)")
post = config.get("postCreateCommand", "")
check("cmake --preset dev" in post and "cmake --build --preset dev" in post and "mazekit" in post,
      "the container builds mazekit when it is made: " + post)
path = config.get("remoteEnv", {}).get("PATH", "")
check(path.startswith("${containerWorkspaceFolder}/build/dev/mazekit:") and
      "${containerEnv:PATH}" in path, "mazekit's folder is put on PATH: " + path)

with open(os.path.join(folder, "Dockerfile"), encoding="utf-8") as f:
    dockerfile = f.read()
# Instructions, with continued lines joined and comments dropped.
instructions = [
    " ".join(part.strip() for part in block.split("\\\n"))
    for block in re.split(r"(?<!\\)\n", dockerfile)
    if block.strip() and not block.lstrip().startswith("#")
]
check(instructions and instructions[0] == "FROM debian:12", "the Dockerfile starts FROM debian:12")
copies = [i for i in instructions if i.startswith("COPY ")]
check(copies == ["COPY scripts/install-deps.sh /tmp/install-deps.sh"],
      "the Dockerfile copies in scripts/install-deps.sh and nothing else: " + repr(copies))
runs = [i for i in instructions if i.startswith("RUN ")]
check(len(runs) == 1 and runs[0].startswith("RUN /tmp/install-deps.sh --runtime"),
      "the Dockerfile runs the kit's install-deps.sh --runtime: " + repr(runs))
installers = re.compile(
    r"\b(apt-get|apt|aptitude|pip3?|npm|gem|cargo)\s+(-\S+\s+)*install\b|\bdpkg\s+-i\b|"
    r"\bcurl\b|\bwget\b|\bADD\b")
for run in runs:
    rest = run[len("RUN /tmp/install-deps.sh --runtime"):]
    check(not installers.search(rest),
          "nothing is installed but through install-deps.sh (one list): " + run)
check(all(i.split()[0] in ("FROM", "COPY", "RUN") for i in instructions),
      "the Dockerfile has only FROM, COPY and RUN: " + repr([i.split()[0] for i in instructions]))

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("every check passed")
