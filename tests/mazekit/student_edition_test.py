"""The student edition (mazekit student-edition, and init-repo's default): made from this kit,
it holds no solution's text, its packs are not text, it says what it left out, it refuses a
folder that is not empty; configured alone (no build) it has no proof and no kit tests, and
mazekit, pointed at it, reads its lessons and says in one sentence what it cannot do there;
mazekit release puts a lesson's finished code into it; mazekit solution in the whole kit shows a
step's reference only once it passed; init-repo makes it by default.

A solution's text: each line of a lesson's one source (lessons/*/source/*, every step's code)
or of a reference solution the build cut out of it (KIT_BUILD/lessons/*/solutions/*/*) of 40 or more
characters, spaces at its ends left out, that the edition's teaching material does not hold
too: its lessons' README.md, lesson.json and tests/, its exercises' starting files, and the
libraries the student builds with (maze/, turtle/, mazekit/: the kit's code, not a lesson's
answer). None of those lines may occur in any file of the edition.

Usage: student_edition_test.py MAZEKIT KIT_SOURCE KIT_BUILD WORK
"""
import json
import os
import re
import shutil
import subprocess
import sys

mazekit, kit, build, work = sys.argv[1:5]
failures = []


def check(ok, what):
    print(("ok      " if ok else "FAILED  ") + what)
    if not ok:
        failures.append(what)


def read(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", errors="replace")


def files_under(top, skip=()):
    for root, dirs, names in os.walk(top):
        dirs[:] = [d for d in dirs if d not in skip]
        for name in names:
            yield os.path.join(root, name)


def run(args, env_extra=None):
    env = dict(os.environ)
    env.update(env_extra or {})
    return subprocess.run([mazekit] + args, capture_output=True, text=True, env=env, cwd=work)


shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
full_kit = {"MAZEKIT_HOME": kit, "MAZEKIT_BUILD": build,
            "MAZEKIT_STATE": os.path.join(work, "progress.json")}
edition = os.path.join(work, "edition")

# What the kit holds that the edition must leave out, found here on its own.
lessons = sorted(d for d in os.listdir(os.path.join(kit, "lessons")) if re.match(r"\d\d-", d))
source_files = [p for d in lessons for p in files_under(os.path.join(kit, "lessons", d, "source"))]
cut_files = [p for d in lessons
             for p in files_under(os.path.join(build, "lessons", d, "solutions"))]
check(len(source_files) >= len(lessons) and len(cut_files) > len(source_files),
      f"the kit has the lessons' sources ({len(source_files)} files) and the build their cut "
      f"({len(cut_files)} files)")
solution_files = source_files + cut_files
tests_steps = []  # (lesson, step id, reference test)
for d in lessons:
    with open(os.path.join(kit, "lessons", d, "lesson.json")) as f:
        lesson = json.load(f)
    for step in lesson["steps"]:
        if step.get("kind") == "tests":
            tests_steps.append((d, step["id"], step["test"]))


def code_below_opening(text):
    lines = text.split("\n")
    i = 0
    while i < len(lines) - 1 and (lines[i] == "#pragma once" or lines[i].startswith("//")):
        i += 1
    return "\n".join(lines[i:])


carried = []  # exercises/NN/FILE that is lesson NN-1's last solution below its opening lines
for before, after in zip(lessons, lessons[1:]):
    with open(os.path.join(kit, "lessons", before, "lesson.json")) as f:
        last = json.load(f)["steps"][-1]["solution"]
    for name in os.listdir(os.path.join(kit, "exercises", after)):
        finished = os.path.join(build, "lessons", before, last, name)
        if os.path.isfile(finished) and code_below_opening(
                read(os.path.join(kit, "exercises", after, name))) == code_below_opening(
                    read(finished)):
            carried.append(os.path.join("exercises", after, name))

# 1. The edition, made.
r = run(["student-edition", edition], full_kit)
check(r.returncode == 0, "mazekit student-edition makes the edition: " + r.stderr.strip())
said = r.stdout
check(f"  {len(source_files)} files of the lessons' solutions" in said,
      f"it says it left out the {len(source_files)} files of the lessons' sources")
check(f"  {len(tests_steps)} reference tests" in said,
      f"it says it left out the {len(tests_steps)} reference tests of the test-writing steps")
check(len(carried) >= 4 and f"  {len(carried)} starting files" in said,
      f"it says it left out the {len(carried)} starting files that are the lesson before's end")
check(f"Added {len(tests_steps)} packs" in said, "it says it added a pack for each of them")
check("Next:" in said, "it says what the instructor does next")
check(not any(n.startswith("edition.partial") for n in os.listdir(work)),
      "no partial folder is left beside it")
check(os.path.isfile(os.path.join(edition, "STUDENT-EDITION.md")), "it carries STUDENT-EDITION.md")
check(not any(os.path.exists(os.path.join(edition, "lessons", d, f))
              for d in lessons for f in ("source", "solutions")),
      "no lesson has its source (every step's solution) or a solutions folder")
check(not any(os.path.exists(os.path.join(edition, "lessons", d, t)) for d, _, t in tests_steps),
      "no test-writing step's reference test is there")
check(not any(os.path.exists(os.path.join(edition, c)) for c in carried),
      "no starting file that is the lesson before's finished code is there: " + ", ".join(carried))
check(not any(os.path.exists(os.path.join(edition, p)) for p in
               ("maze/src/maze.cpp", "maze/include/maze/maze.hpp", "lessons/support/library",
                "bench", "tests", "grading")),
      "the maze library's finished Maze, the benchmarks, the kit's tests and graded class are not "
      "there")
check(all(os.path.isfile(os.path.join(edition, "lessons", c.split("/")[1], "starts",
                                      os.path.basename(c))) for c in carried),
      "each of them has its opening lines in lessons/ID/starts/")

# 2. No solution's text in any file of the edition.
edition_files = {p: read(p) for p in files_under(edition, skip=(".git", "build"))}
taught = []
for p, text in edition_files.items():
    rel = os.path.relpath(p, edition).split(os.sep)
    if (rel[0] == "lessons" and len(rel) > 2 and (rel[2] in ("README.md", "lesson.json", "tests"))) \
            or rel[0] in ("exercises", "maze", "turtle", "mazekit"):
        taught.append(text)
taught = "\n".join(taught)
lines = set()
for p in solution_files:
    for line in read(p).split("\n"):
        line = line.strip()
        if len(line) >= 40 and line not in taught:
            lines.add(line)
check(len(lines) > 300, f"the solutions have lines of their own to look for ({len(lines)})")
leaks = sorted((os.path.relpath(p, edition), line) for p, text in edition_files.items()
               for line in lines if line in text)
check(not leaks, "no file of the edition holds a line of a solution's own" +
      "".join(f"\n          {p}: {line}" for p, line in leaks[:10]))
for d, step, _ in tests_steps:
    with open(os.path.join(edition, "lessons", d, "lesson.json")) as f:
        chaffs = [c for s in json.load(f)["steps"] for c in s.get("chaffs", [])]
    check(chaffs and all("replace" not in c and "with" not in c for c in chaffs),
          f"lesson.json of {d} names its chaffs without the code they change")

# 3. The packs are not text.
for d, step, _ in tests_steps:
    pack = os.path.join(edition, "lessons", d, "packs", step + ".pack")
    with open(pack, "rb") as f:
        data = f.read()
    printable = sum(1 for b in data if 32 <= b < 127 or b == 10)
    check(len(data) > 1000 and printable < 0.6 * len(data),
          f"{d}/packs/{step}.pack is there and not text ({printable} of {len(data)} printable)")

# 4. A folder that is not empty is refused, and left as it was.
taken = os.path.join(work, "taken")
os.makedirs(taken)
with open(os.path.join(taken, "notes.txt"), "w") as f:
    f.write("mine\n")
r = run(["student-edition", taken], full_kit)
check(r.returncode == 2 and r.stderr.count("\n") == 1 and
      "is already there and not an empty folder" in r.stderr and taken in r.stderr,
      "a folder that is not empty is refused in one line, exit 2: " + r.stderr.strip())
check(os.listdir(taken) == ["notes.txt"], "...and left as it was")

# 5. Configured alone, the edition builds no proof and no kit test; its manifest has no
# solution in it.
# (Ninja, as the kit's presets use: a machine may have no make.)
configured = subprocess.run(["cmake", "-S", edition, "-B", os.path.join(edition, "build"),
                             "-G", "Ninja", "-DMAZEKIT_BUILD_BENCHMARKS=OFF"],
                            capture_output=True, text=True)
check(configured.returncode == 0, "the edition configures: " + configured.stderr[-2000:])
check("MAZEKIT_STUDENT_EDITION:BOOL=ON" in read(os.path.join(edition, "build", "CMakeCache.txt")),
      "CMake sees it is the student edition")
tests = subprocess.run(["ctest", "--test-dir", os.path.join(edition, "build"), "-N"],
                       capture_output=True, text=True)
names = re.findall(r"Test +#\d+: (.*)", tests.stdout)
check(len(names) == 2 and all(n.startswith("edition.mazekit ") for n in names),
      "its only tests are two of mazekit in it (no proof, no kit test): " + ", ".join(names))
with open(os.path.join(edition, "build", "mazekit", "manifest.json")) as f:
    manifest = json.load(f)
check(len(manifest["lessons"]) == len(lessons), "its manifest has every lesson")
steps = [s for l in manifest["lessons"] for s in l["steps"]]
check(all(s["picture_program"] == "" for s in steps), "its manifest has no solution program")
check(all(c["code"] == "" for s in steps for c in s.get("chaffs", [])),
      "its manifest has no chaff folder (they are packed)")

# 6. mazekit pointed at it: the lessons read, and one sentence for what needs a solution.
posix_only = "MAZEKIT_POSIX_ONLY:BOOL=ON" in read(os.path.join(build, "CMakeCache.txt"))
in_edition = {"MAZEKIT_HOME": edition, "MAZEKIT_BUILD": os.path.join(edition, "build"),
              "MAZEKIT_STATE": os.path.join(work, "edition-progress.json")}
r = run(["list"], in_edition)
check(r.returncode == 0 and "Solving the maze" in r.stdout, "mazekit list works in it")
d, step, _ = tests_steps[0]
r = run(["hint", d[:2], step[:2]], in_edition)
check(r.returncode == 0 and "Dig a small maze" in r.stdout,
      "mazekit hint works in it, for a test-writing step too")
for args in (["verify", "3"], ["render", "--out", os.path.join(work, "gallery")],
             ["solution", "3", "1"], ["grade-one", "--lesson", "3", "--results", os.path.join(work, "r.json"),
              os.path.join(work, "x")],
             ["init-repo", os.path.join(work, "r"), "--with-solutions"]):
    r = run(args, in_edition)
    # A mazekit built without grading (MAZEKIT_POSIX_ONLY, as on macOS) says that first.
    linux_only = posix_only and args[0] == "grade-one"
    said = "grade-one runs on Linux only" if linux_only else \
        "This is the student edition of the kit, which has no "
    check(r.returncode == 2 and r.stderr.count("\n") == 1 and said in r.stderr,
          "mazekit " + args[0] + " says in one sentence " +
          ("that grading runs on Linux only" if linux_only else "it has no solutions there") +
          ", exit 2: " + r.stderr.strip())
check(not os.path.exists(os.path.join(work, "gallery")), "...and renders nothing")

# 7. mazekit release: a lesson's finished code into the edition, for the next lesson's start.
r = run(["release", "3", edition], full_kit)
released = os.path.join(edition, "released", lessons[2], "maze.hpp")
with open(os.path.join(kit, "lessons", lessons[2], "lesson.json")) as f:
    last = json.load(f)["steps"][-1]["solution"]
check(r.returncode == 0 and os.path.isfile(released) and
      read(released) == read(os.path.join(build, "lessons", lessons[2], last, "maze.hpp")),
      "mazekit release 3 writes lesson 3's last solution into the edition's released/")
r = run(["release", "3", taken], full_kit)
check(r.returncode == 2 and "is not a student edition" in r.stderr,
      "mazekit release refuses a folder that is not a student edition: " + r.stderr.strip())
r = run(["release", "3", edition], in_edition)
check(r.returncode == 2 and "This is the student edition of the kit" in r.stderr,
      "mazekit release in the edition says it has no solutions")

# 8. mazekit solution in the whole kit: a step's reference only once it is GREEN for the student
# (a progress file of the test's own says so), the lesson's own tests for a test-writing step.
progress = os.path.join(work, "solution-progress.json")
with open(os.path.join(kit, "lessons", lessons[0], "lesson.json")) as f:
    first = json.load(f)["steps"][0]
state = {"MAZEKIT_HOME": kit, "MAZEKIT_BUILD": build, "MAZEKIT_STATE": progress}
with open(progress, "w") as f:
    json.dump({"mazekit_progress": 1, "lesson": "", "step": "", "passed": {}}, f)
r = run(["solution", "1", "1"], state)
check(r.returncode == 1 and r.stdout.count("\n") == 1 and
      "is not GREEN for you yet: finish it first" in r.stdout,
      "mazekit solution 1 1 before the step is GREEN says in one sentence to finish it first")
d, step, test = tests_steps[0]
with open(progress, "w") as f:
    json.dump({"mazekit_progress": 1, "lesson": lessons[0], "step": "",
               "passed": {lessons[0]: {first["id"]: "0"}, d: {step: "0"}}}, f)
r = run(["solution", "1", "1"], state)
solution_file = os.path.join(build, "lessons", lessons[0], first["solution"], "warmup.hpp")
check(r.returncode == 0 and read(solution_file) in r.stdout,
      "mazekit solution 1 1 once the step passed shows its solution")
r = run(["solution", d[:2], step[:2]], state)
check(r.returncode == 0 and read(os.path.join(kit, "lessons", d, test)) in r.stdout,
      "mazekit solution for a test-writing step that passed shows the lesson's own tests")
with open(os.path.join(kit, "lessons", lessons[0], "lesson.json")) as f:
    second = json.load(f)["steps"][1]
with open(progress, "w") as f:
    json.dump({"mazekit_progress": 1, "lesson": lessons[0], "step": "",
               "passed": {lessons[0]: {first["id"]: "0", second["id"]: "0"}}}, f)
r = run(["solution", "1", "2"], state)
check(r.returncode == 0 and
      "What step 2 changed, against the solution of step 1" in r.stdout and
      '+   screen.bgcolor("blue");' in r.stdout,
      "mazekit solution 1 2 shows what step 2 changed: the line it put in")

# 9. init-repo: the student edition by default, the whole kit with --with-solutions.
r = run(["init-repo", os.path.join(work, "repo")], full_kit)
check(r.returncode == 0 and "student edition" in r.stdout, "init-repo says it made the edition")
check(os.path.isfile(os.path.join(work, "repo", "STUDENT-EDITION.md")) and
      not os.path.exists(os.path.join(work, "repo", "lessons", lessons[0], "source")) and
      os.path.isfile(os.path.join(work, "repo", ".github", "workflows", "mazekit.yml")),
      "init-repo's repository is the student edition, with the workflow")
r = run(["init-repo", os.path.join(work, "repo-full"), "--with-solutions"], full_kit)
check(r.returncode == 0 and
      os.path.isdir(os.path.join(work, "repo-full", "lessons", lessons[0], "source")) and
      not os.path.exists(os.path.join(work, "repo-full", "STUDENT-EDITION.md")),
      "init-repo --with-solutions keeps the whole kit")

shutil.rmtree(work, ignore_errors=True)
print(f"{len(failures)} failed" if failures else "all passed")
sys.exit(1 if failures else 0)
