"""The class report of the fabricated class (grading/), from the grading run that the test
"mazekit.grade grades the fabricated submissions ..." made (fixture honest_class_graded): no
student is graded again here.

    class_report_test.py GRADED_DIR EXPECTED_CSV SCHEMA WORK_DIR MAZEKIT

class-report.json: valid against tests/mazekit/class_report.schema.json, and per step the
count of students who passed is the count of grading/expected.csv's non-zero scores; the
reasons, the students who stopped earliest as the fabricated class was made. report.html:
opened in headless Chromium (its DOM, and a screenshot whose bars are drawn in green and red).
Then `mazekit class-report` on progress files: the same report from what each file says passed.
"""
import csv
import json
import os
import shutil
import struct
import subprocess
import sys
import zlib

import jsonschema

graded, expected_csv, schema_file, work, mazekit = sys.argv[1:6]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED: " + what)


with open(os.path.join(graded, "class-report.json"), encoding="utf-8") as f:
    report = json.load(f)
with open(schema_file, encoding="utf-8") as f:
    schema = json.load(f)
try:
    jsonschema.validate(report, schema)
except jsonschema.ValidationError as error:
    check(False, "class-report.json is valid against the schema: " + error.message)

with open(expected_csv, encoding="utf-8") as f:
    rows = list(csv.reader(f))
header, students = rows[0], rows[1:]
step_ids = header[1:-2]
check(report["students"] == len(students) == 11, f"11 students: {report['students']}")
check([s["id"] for s in report["steps"]] == step_ids, "a row per step of lesson 2, in order")
for k, step in enumerate(report["steps"]):
    passed = sum(1 for row in students if int(row[1 + k]) > 0)
    check(step["passed"] == passed and step["red"] == len(students) - passed,
          f"step {step['number']}: {passed} passed as expected.csv says, got {step['passed']}")
    check(sum(r["count"] for r in step["reasons"]) == step["red"],
          f"step {step['number']}: every RED student is under one reason")
    check(step["chaffs_missed"] == [], f"step {step['number']} is no test-writing step")

# By hand, for the fabricated class: 6 pass steps 1-9, 5 steps 10-11, 4 steps 12-18, 1 the end.
check([s["passed"] for s in report["steps"]] ==
      [6] * 9 + [5, 5] + [4] * 7 + [1] * 4, "the passes per step: " +
      repr([s["passed"] for s in report["steps"]]))


def reasons(number):
    return {(r["outcome"], r["reason"]): r for r in report["steps"][number - 1]["reasons"]}


step19 = reasons(19)
crashed = [r for (o, _), r in step19.items() if o == "crashed"]
check(len(crashed) == 1 and crashed[0]["students"] == ["crashes"] and
      crashed[0]["reason"].startswith("SIGSEGV"), "step 19: crashes crashed: SIGSEGV")
check(any(o == "timed out" and r["students"] == ["loops-forever"] for (o, _), r in step19.items()),
      "step 19: loops-forever timed out")
check(any(o == "ended early" and r["students"] == ["exits-early"] for (o, _), r in step19.items()),
      "step 19: exits-early ended early")
# Step 10: edits-its-tests's own step 10 (its edit ignored) does not compile: no dig().
step10 = reasons(10)
member = step10.get(("does not compile", "a member the class does not have"))
check(member is not None and member["students"] == ["edits-its-tests"] and
      member["explanation"] and "dig" in member["example"],
      "step 10: edits-its-tests, a member the class does not have, explained: " + repr(step10))
# Step 1: the missing semicolon, explained.
semicolon = [r for (o, _), r in reasons(1).items() if "does-not-compile" in r["students"]]
check(len(semicolon) == 1 and semicolon[0]["outcome"] == "does not compile" and
      semicolon[0]["explanation"], "step 1: does-not-compile's missing ';' is explained")
# A file that never compiles fails every step alike: from step 2 on, its group says since when,
# and comes after the reasons new at that step.
check(semicolon[0]["since_step"] is None, "step 1: the missing ';' is new at step 1")
again = [r for r in report["steps"][1]["reasons"] if "does-not-compile" in r["students"]]
check(len(again) == 1 and again[0]["since_step"] == 1,
      "step 2: does-not-compile's missing ';' is the same since step 1: " + repr(again))
check(member is not None and member["since_step"] is None,
      "step 10: edits-its-tests's missing dig() is new at step 10")
for step in report["steps"]:
    flags = [r["since_step"] is not None for r in step["reasons"]]
    check(flags == sorted(flags), f"step {step['number']}: the reasons new at it come first")

stopped = [(s["name"], s["step"]) for s in report["stopped_earliest"]]
check(stopped[:5] == [(n, 1) for n in ["climbs-out", "does-not-compile", "links-out",
                                        "no-source", "zip-bomb"]],
      "stopped earliest: the five who pass nothing, by name: " + repr(stopped[:5]))
check(stopped[5:] == [("edits-its-tests", 10), ("half done", 12), ("crashes", 19),
                      ("exits-early", 19), ("loops-forever", 19), ("complete", None)],
      "then edits-its-tests at 10, half done at 12, three at 19, complete last: " +
      repr(stopped[5:]))

# report.html in headless Chromium, as an instructor opens it: from disk.
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
check(chromium is not None, "headless Chromium is installed (scripts/install-deps.sh --tests)")
if chromium:
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    page = "file://" + os.path.abspath(os.path.join(graded, "report.html"))
    common = [chromium, "--headless", "--no-sandbox", "--disable-gpu",
              "--user-data-dir=" + os.path.join(work, "profile")]
    r = subprocess.run(common + ["--dump-dom", page], capture_output=True, text=True, timeout=120)
    dom = r.stdout
    check("<h2>Where the class is stuck</h2>" in dom, "Chromium shows the class report's heading")
    row2 = dom[dom.find('<tr id="step-2">'):dom.find('<tr id="step-3">')]
    check("<b>5</b> RED for the same reason as at an earlier step" in row2,
          "step 2's row says in one line that 5 students are RED as at step 1: " + row2[:400])
    for step in report["steps"]:
        label = f'aria-label="{step["passed"]} of 11 passed"'
        row_start = dom.find(f'<tr id="step-{step["number"]}">')
        row = dom[row_start:dom.find("</tr>", row_start)]
        check(row_start >= 0 and label in row,
              f"step {step['number']}'s bar says {step['passed']} of 11 passed")
    check("<script" not in dom.lower(), "the page holds no script")
    screenshot = os.path.join(work, "report.png")
    r = subprocess.run(common + ["--screenshot=" + screenshot, "--window-size=1400,1800", page],
                       capture_output=True, text=True, timeout=120)
    check(os.path.isfile(screenshot), "Chromium took a screenshot of report.html: " + r.stderr)
    if os.path.isfile(screenshot):
        # Decodes the PNG (8-bit RGB or RGBA, as Chromium writes it) and counts the bars' colours.
        with open(screenshot, "rb") as f:
            data = f.read()
        pos, idat, width, height, channels = 8, b"", 0, 0, 4
        while pos < len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b"IHDR":
                width, height, depth, colour = struct.unpack(">IIBB", body[:10])
                channels = {2: 3, 6: 4}[colour]
            elif kind == b"IDAT":
                idat += body
            pos += 12 + length
        raw = zlib.decompress(idat)
        stride = width * channels
        previous = bytearray(stride)
        green = red = 0
        for y in range(height):
            kind = raw[y * (stride + 1)]
            line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            for x in range(stride):
                a = line[x - channels] if x >= channels else 0
                b = previous[x]
                c = previous[x - channels] if x >= channels else 0
                if kind == 1:
                    line[x] = (line[x] + a) & 255
                elif kind == 2:
                    line[x] = (line[x] + b) & 255
                elif kind == 3:
                    line[x] = (line[x] + (a + b) // 2) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            previous = line
            for x in range(0, stride, channels):
                pixel = tuple(line[x:x + 3])
                green += pixel == (0x33, 0xAA, 0x33)
                red += pixel == (0xF6, 0xC8, 0xC8)
        print(f"screenshot {screenshot}: {width}x{height}, {green} bar-green and {red} bar-red pixels")
        check(green > 22 * 100, "the bars' green parts are drawn")
        check(red > 22 * 100, "the bars' red parts (and the red steps of the table) are drawn")

# mazekit class-report on three collected progress files (one that is none).
progress = os.path.join(work, "collected")
os.makedirs(os.path.join(progress, "bo"), exist_ok=True)
lesson = "02-building-the-maze"
for file, passed in (("ana.json", step_ids[:11]), (os.path.join("bo", ".mazekit-progress.json"),
                                                    step_ids[:3])):
    with open(os.path.join(progress, file), "w", encoding="utf-8") as f:
        json.dump({"mazekit_progress": 1, "lesson": lesson, "step": "",
                   "passed": {lesson: {step: "a hash" for step in passed}}}, f)
with open(os.path.join(progress, "cy.json"), "w", encoding="utf-8") as f:
    f.write("{not json")
names = [os.path.join(progress, n) for n in ("ana.json", "bo/.mazekit-progress.json", "cy.json")]
out = os.path.join(work, "progress-report")
r = subprocess.run([mazekit, "class-report", *names, "--lesson", "2", "--out", out],
                   capture_output=True, text=True, timeout=60)
check(r.returncode == 0, "mazekit class-report exits 0: " + r.stderr)
if r.returncode == 0:
    with open(os.path.join(out, "class-report.json"), encoding="utf-8") as f:
        from_progress = json.load(f)
    try:
        jsonschema.validate(from_progress, schema)
    except jsonschema.ValidationError as error:
        check(False, "class-report.json from progress files is valid: " + error.message)
    check([s["passed"] for s in from_progress["steps"]] == [2] * 3 + [1] * 8 + [0] * 11,
          "passed per step as the progress files say: " +
          repr([s["passed"] for s in from_progress["steps"]]))
    check([(s["name"], s["step"]) for s in from_progress["stopped_earliest"]] ==
          [("cy", 1), ("bo", 4), ("ana", 12)], "cy (no progress file) first, then bo, ana")
    with open(os.path.join(out, "class-report.html"), encoding="utf-8") as f:
        check("<h2>Where the class is stuck</h2>" in f.read(), "class-report.html is written")
r = subprocess.run([mazekit, "class-report", os.path.join(progress, "nobody.json"), "--lesson",
                    "2", "--out", out], capture_output=True, text=True, timeout=60)
check(r.returncode == 2 and "nobody.json' is not a file" in r.stderr,
      "a progress file that is not there is bad usage, named: " + r.stderr)

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("every check passed")
