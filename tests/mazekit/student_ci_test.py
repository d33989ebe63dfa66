"""The students' CI: mazekit init-repo's workflow is a valid GitHub workflow (action-validator,
from npm), reads the repository and nothing more (permissions), keeps the build and the progress
between runs (actions/cache), and its shell steps, run here in order as GitHub runs them, write
the table of steps and annotate the first failing step on the student's file and line: a RED
step in the middle of a lesson passes the run, a step that broke fails it.

    student_ci_test.py MAZEKIT KIT_SOURCE BUILD_DIR WORK_DIR [--full]

The step that checks the student's code uses the test suite's own build tree (the repository's
build/ is a link to it), so nothing is built again: the repository is the kit's untouched
exercises, RED at lesson 1, step 1. Installing and building are checked for what they run.

With --full, the repository holds lesson 1 solved (its reference solution), is configured as the
build step configures it, and the check and table steps run on it: all five steps are built from
the repository's own files and pass, and their pictures are where the artifact step takes them.
The build step's mazekit is the suite's (copied into the repository's build tree): building the
kit from a copy without presets is what the Gradescope autograder's setup.sh does too, and
tests/mazekit/gradescope_test.sh runs that for real; the suite builds the kit again only once.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import time

mazekit, kit_source, build_dir, work = sys.argv[1:5]
full = "--full" in sys.argv[5:]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED: " + what)


def run_steps(workflow_text):
    """The workflow's steps, in order: name, and the shell script of `run:` (or None)."""
    steps = []
    lines = workflow_text.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)- name: (.*)$", lines[i])
        if not m:
            i += 1
            continue
        indent = len(m.group(1)) + 2
        step = {"name": m.group(2).strip(), "run": None}
        i += 1
        while i < len(lines) and (lines[i].strip() == "" or
                                  len(lines[i]) - len(lines[i].lstrip()) >= indent):
            line = lines[i]
            r = re.match(r"^\s*run: (.*)$", line)
            if r and len(line) - len(line.lstrip()) == indent:
                if r.group(1).strip() == "|":
                    block = []
                    i += 1
                    while i < len(lines) and (lines[i].strip() == "" or
                                              len(lines[i]) - len(lines[i].lstrip()) > indent):
                        block.append(lines[i])
                        i += 1
                    cut = min(len(l) - len(l.lstrip()) for l in block if l.strip())
                    step["run"] = "\n".join(l[cut:] for l in block).rstrip() + "\n"
                    continue
                step["run"] = r.group(1) + "\n"
            i += 1
        steps.append(step)
    return steps


def workflow_env(workflow_text):
    """The workflow's top-level env: values (plain strings)."""
    env = {}
    inside = False
    for line in workflow_text.split("\n"):
        if line.startswith("env:"):
            inside = True
            continue
        if inside:
            if line and not line.startswith(" "):
                break
            m = re.match(r'^  ([A-Z_]+): "(.*)"$', line)
            if m:
                env[m.group(1)] = m.group(2)
    return env


validator = shutil.which("action-validator")
check(validator is not None,
      "action-validator is on PATH (scripts/install-deps.sh installs it from npm)")

# 1. The template in the kit, and the repository init-repo makes from it, are valid workflows.
template = os.path.join(kit_source, "mazekit", "student-ci", "mazekit.yml")
if validator:
    r = subprocess.run([validator, template], capture_output=True, text=True)
    check(r.returncode == 0, "the kit's workflow template is valid: " + r.stdout + r.stderr)

shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
repo = os.path.join(work, "my maze")  # a space, on purpose
temp = os.path.join(work, "runner-temp")
os.makedirs(temp)
r = subprocess.run([mazekit, "init-repo", repo, "--lesson", "1"], capture_output=True, text=True)
check(r.returncode == 0, "mazekit init-repo makes the repository: " + r.stderr)
workflow_file = os.path.join(repo, ".github", "workflows", "mazekit.yml")
check(os.path.isfile(workflow_file), "the repository has .github/workflows/mazekit.yml")
version = subprocess.run([mazekit, "--version"], capture_output=True, text=True).stdout.strip()
with open(os.path.join(repo, "VERSION"), encoding="utf-8") as f:
    check("mazekit " + f.read().strip() == version, "the repository's VERSION is the kit's")
check(os.path.isfile(os.path.join(repo, "LICENSE")), "the repository has the kit's LICENSE")
if failures:
    sys.exit(1)
with open(workflow_file, encoding="utf-8") as f:
    workflow = f.read()
if validator:
    r = subprocess.run([validator, workflow_file], capture_output=True, text=True)
    check(r.returncode == 0, "the repository's workflow is valid: " + r.stdout + r.stderr)
# Another lesson or none can be named, and a mistake is caught by the validator.
broken = os.path.join(work, "broken.yml")
with open(broken, "w", encoding="utf-8") as f:
    f.write(workflow.replace("runs-on: ubuntu-22.04", "runs_on: ubuntu-22.04"))
if validator:
    r = subprocess.run([validator, broken], capture_output=True, text=True)
    check(r.returncode != 0, "action-validator rejects a workflow with runs_on for runs-on")

env_values = workflow_env(workflow)
check(env_values.get("MAZEKIT_LESSON") == "1", "init-repo --lesson 1 names lesson 1 in the workflow")
check("runs-on: ubuntu-22.04" in workflow, "the job runs on ubuntu-22.04")
check(re.search(r"^on:\n  push:", workflow, re.M) is not None, "the workflow runs on every push")
check("uses: actions/checkout@v4" in workflow, "the workflow checks the code out")
check("uses: actions/upload-artifact@v4" in workflow and "path: out/pictures/" in workflow,
      "the workflow keeps the pictures with actions/upload-artifact@v4")
for name in ("build", "out"):
    check(not os.path.exists(os.path.join(repo, name)), "the repository has no " + name + "/")
check(not os.path.exists(os.path.join(repo, "exercises", ".mazekit-progress.json")),
      "the repository has no progress file")
check(os.path.isfile(os.path.join(repo, "exercises", "01-turtle-warmup", "warmup.hpp")),
      "the repository has the student's exercises")
# From here on the repository holds the exercises as they start (the build tree's starting
# files), whatever a student wrote in the checkout this test runs in.
starting = os.path.join(build_dir, "mazekit", "starting-files")
for lesson in os.listdir(starting):
    shutil.rmtree(os.path.join(repo, "exercises", lesson), ignore_errors=True)
    shutil.copytree(os.path.join(starting, lesson), os.path.join(repo, "exercises", lesson))

steps = run_steps(workflow)
names = [s["name"] for s in steps]
check(names == ["Check out your code", "Install what the kit needs", "Keep the build between runs",
                "Remember what passed before", "Build mazekit", "Check your steps",
                "Write the table of steps", "Keep your pictures"],
      "the workflow's steps, in order: " + repr(names))
by_name = {s["name"]: s for s in steps}
install = by_name.get("Install what the kit needs", {}).get("run") or ""
check(install.split("\n")[0] == "sudo scripts/install-deps.sh --runtime",
      "dependencies come from scripts/install-deps.sh --runtime, the one list: " + install)
check(re.search(r"^permissions:\n  contents: read\n\n", workflow, re.M) is not None and
      workflow.count("permissions:") == 1, "the workflow may read the repository, nothing more")
check(re.search(r"uses: actions/cache@v4\n        with:\n          path: ~/.cache/ccache\n"
                r"          key: mazekit-build-ubuntu-22.04-gcc-\$\{\{ steps.install.outputs."
                r"compiler \}\}-\$\{\{ hashFiles\('CMakeLists.txt'", workflow) is not None,
      "the compiler's cache is kept, keyed on the compiler's version and the kit's CMakeLists.txt")
check("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache" in by_name.get("Build mazekit", {}).get("run", ""),
      "the build compiles through ccache")
check("path: ~/.cache/mazekit/progress.json" in workflow and
      "restore-keys: |\n            mazekit-progress-${{ github.ref_name }}-" in workflow,
      "the progress of the branch's last run is restored")
check(os.access(os.path.join(repo, "scripts", "install-deps.sh"), os.X_OK),
      "the repository's scripts/install-deps.sh is executable")
build = by_name.get("Build mazekit", {}).get("run") or ""
check("cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release" in build and
      "--preset" not in build, "mazekit is built without presets (Ubuntu 22.04's CMake 3.22)")

# 2. The shell steps, run as GitHub runs them: bash -e, in the repository, with the workflow's
# env and the runner's variables.
def run_in_repo(names, env):
    results = {}
    started = time.monotonic()
    for name in names:
        step_started = time.monotonic()
        r = subprocess.run(["bash", "-e", "-c", by_name[name]["run"]], cwd=repo, env=env,
                           capture_output=True, text=True, timeout=1500)
        results[name] = r
        print(f"step '{name}': exit {r.returncode} in {time.monotonic() - step_started:.2f} s")
        if r.returncode not in (0, 1):
            print(r.stdout[-3000:])
        if r.stderr:
            print(r.stderr[-3000:])
    print(f"the workflow's shell steps took {time.monotonic() - started:.2f} s")
    return results


summary = os.path.join(temp, "step-summary.md")
env = dict(os.environ)
for name in list(env):
    if name.startswith("MAZEKIT_"):
        del env[name]
env.update(env_values)
home = os.path.join(work, "home")  # the runner's home: the progress file is kept under it
os.makedirs(home)
env.update({"RUNNER_TEMP": temp, "GITHUB_STEP_SUMMARY": summary, "HOME": home,
            "GITHUB_OUTPUT": os.path.join(temp, "output"), "CI": "true", "NO_COLOR": "1",
            "GITHUB_ACTIONS": "true"})
progress = os.path.join(home, ".cache", "mazekit", "progress.json")

if full:
    # 2a. Lesson 1 solved, configured as the build step configures it, checked as on GitHub.
    # The finished lesson 1, as the kit's build cut it out of the lesson's source.
    solution = os.path.join(build_dir, "lessons", "01-turtle-warmup", "solutions", "step05")
    for name in os.listdir(solution):
        shutil.copy(os.path.join(solution, name),
                    os.path.join(repo, "exercises", "01-turtle-warmup", name))
    configure = build.split("\n")[0].strip()
    r = subprocess.run(["bash", "-e", "-c", configure], cwd=repo, env=env, capture_output=True,
                       text=True, timeout=600)
    check(r.returncode == 0, "the build step's configure works: " + r.stderr[-2000:])
    os.makedirs(os.path.join(repo, "build", "mazekit"), exist_ok=True)
    shutil.copy(mazekit, os.path.join(repo, "build", "mazekit", "mazekit"))
    results = run_in_repo(["Check your steps", "Write the table of steps"], env)
    check(results["Check your steps"].returncode == 0, "the check step passes: lesson 1 is done")
    with open(summary, encoding="utf-8") as f:
        table = f.read()
    print(table)
    check("## Lesson 1: Turtle warm-up" in table, "the summary names the lesson")
    check("GREEN: every step passes (5 of 5)." in table, "the summary says the lesson is done")
    rows = [l for l in table.split("\n") if re.match(r"^\| \d+ \|", l)]
    check(len(rows) == 5 and all(" | GREEN | " in r and " | passed | " in r for r in rows),
          "every step's row is GREEN, passed")
    for k, step_id in enumerate(["01-a-screen", "02-blue-background", "03-white-square",
                                 "04-pen-up", "05-top-row"]):
        picture = f"out/pictures/01-turtle-warmup/{step_id}.png"
        check(len(rows) == 5 and f"`{picture}`" in rows[k], f"step {k + 1}'s row names {picture}")
        check(os.path.isfile(os.path.join(repo, picture)),
              f"{picture} is in the repository, where the artifact step takes it")
    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)
    print("every check passed")
    sys.exit(0)

# 2b. The check and the table, against the test suite's build tree.
os.symlink(build_dir, os.path.join(repo, "build"))
results = run_in_repo(["Check your steps", "Write the table of steps"], env)

check(results["Check your steps"].returncode == 0,
      "the check step passes while the step the student works on is RED (nothing broke)")
notices = [l for l in results["Check your steps"].stdout.split("\n") if l.startswith("::")]
print("\n".join(notices))
# The starting warmup.hpp has no line to blame: the notice is on the test's line that uses the
# name the student is to write.
check(len(notices) == 1 and
      notices[0].startswith("::notice file=lessons/01-turtle-warmup/tests/step01_a_screen.cpp,"
                            "line=") and
      ",title=Lesson 1%2C step 1 is RED%3A your next step::does not compile%0A" in notices[0] and
      "%0AWhat it means: " in notices[0],
      "the RED step is one notice on the test's line, with what it means: " + repr(notices))
check(os.path.isfile(progress), "the check step keeps its progress where the cache takes it")
with open(os.path.join(temp, "mazekit-status.json"), encoding="utf-8") as f:
    status = json.load(f)
check(status["schema"] == "mazekit.status/1", "the check step wrote mazekit status --json")
check(results["Write the table of steps"].returncode == 0, "the table step succeeds")
with open(summary, encoding="utf-8") as f:
    table = f.read()
print(table)
check("## Lesson 1: Turtle warm-up" in table, "the summary names the lesson")
check("RED at step 1: 0 of 5 steps pass." in table, "the summary says where the student is")
rows = [l for l in table.split("\n") if re.match(r"^\| \d+ \|", l)]
check(len(rows) == 5, "the summary has a row for each of lesson 1's five steps")
if len(rows) == 5:
    check(rows[0].startswith("| 1 | RED | A screen to draw on | does not compile: ") and
          "step01_a_screen.cpp:" in rows[0] and ("'makeScreen' was not declared" in rows[0] or
                                                  "undeclared identifier 'makeScreen'" in rows[0]),
          "step 1's row has its verdict and first error: " + rows[0])
    check(rows[1] == "| 2 |  | The background is blue: everything is wall | not checked yet |  |",
          "step 2's row says it is not checked yet: " + rows[1])
check(not os.path.exists(os.path.join(repo, "exercises", ".mazekit-progress.json")),
      "the check step keeps its progress file out of the repository")

# 2c. The student's own file does not compile (line 3). In the middle of a lesson: a notice on
# warmup.hpp, line 3, and the run passes. Then step 1 passed in an earlier run: it broke, an
# error on the same place, and the run fails.
warmup = os.path.join(repo, "exercises", "01-turtle-warmup", "warmup.hpp")
with open(warmup, "w", encoding="utf-8") as f:
    f.write("#pragma once\n#include <turtle/turtle.hpp>\nint oops = ;\n")
os.remove(progress)


def checked(names):
    """The check step's exit status, its log, and GitHub's workflow commands in it."""
    ran = run_in_repo(names, env)["Check your steps"]
    commands = [l for l in ran.stdout.split("\n") if l.startswith("::")]
    print("\n".join(commands))
    return ran.returncode, ran.stdout, commands


status, out, lines = checked(["Check your steps"])
check(status == 0, "mid-lesson, RED in the student's file: exit 0")
check(len(lines) == 1 and lines[0].startswith(
    "::notice file=exercises/01-turtle-warmup/warmup.hpp,line=3,title=Lesson 1%2C step 1 is RED"),
      "the notice is on the student's warmup.hpp, line 3: " + repr(lines))
check("This run passes." in out, "the log says why the run passes")

with open(progress, "w", encoding="utf-8") as f:
    json.dump({"mazekit_progress": 1, "lesson": "01-turtle-warmup", "step": "02-blue-background",
               "passed": {"01-turtle-warmup": {"01-a-screen": "the files of an earlier push"}}}, f)
status, out, lines = checked(["Check your steps", "Write the table of steps"])
check(status == 1, "a step that passed before fails now: exit 1")
check(len(lines) == 1 and lines[0].startswith(
    "::error file=exercises/01-turtle-warmup/warmup.hpp,line=3,title=Lesson 1%2C step 1 broke"),
      "the broken step is one error on warmup.hpp, line 3: " + repr(lines))
with open(os.path.join(temp, "mazekit-status.json"), encoding="utf-8") as f:
    status = json.load(f)
check(status["steps"][0]["broke"] is True and status["steps"][1]["broke"] is False,
      "the status JSON says step 1 broke")
with open(summary, encoding="utf-8") as f:
    table = f.read()
check("| 1 | BROKE | " in table and "**BROKE**" in table, "the table shows step 1 BROKE: " + table)
open(summary, "w").close()

# 3. Without a report (mazekit could not run), the table step says so and does not fail.
os.remove(os.path.join(temp, "mazekit-status.json"))
open(summary, "w").close()
r = subprocess.run(["bash", "-e", "-c", by_name["Write the table of steps"]["run"]], cwd=repo,
                   env=env, capture_output=True, text=True, timeout=60)
with open(summary, encoding="utf-8") as f:
    text = f.read()
check(r.returncode == 0 and "mazekit status --json gave no report" in text,
      "with no report the summary says so: " + text + r.stderr)

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("every check passed")
