#!/usr/bin/env python3
"""mazekit watch --view in headless Chromium: the page changes when a file is saved.

Runs `mazekit watch --view --port 0` on a pseudo-terminal (watch wants one) over a copy of the
kit's lessons and exercises, opens the page it names in headless Chromium (Debian's chromium,
driven through the DevTools protocol on a pipe: --remote-debugging-pipe), and checks what the
page shows: lesson 1's first step RED, then, after the exercise file is saved with step 1
solved, step 2 with its picture, without the page being reloaded, and its drawing played back
stamp by stamp, beside the step's expected picture and the comparison of the two (its file
named in the terminal too). 20 tabs of the page open at once each follow the save too. Then the
grid, seen (or not) as its box says, the page once watch has stopped, and the --view and --port
options that are refused.

Who the server answers: a Host naming this machine (127.0.0.1, localhost) with or without the
key of the address watch prints (http://127.0.0.1:PORT/s/KEY/); any other Host (a forwarded
address, as in GitHub Codespaces, or a DNS rebinding attack) only under that key, and else a
403 that says what to open. A second tab opens the page by another host name
(forwarded.test, mapped to 127.0.0.1 in Chromium) with the key and follows the save too. When
watch is started again (with a new key, and a codespace's variables set, so that it also prints
the codespace's forwarded address), the first tab reconnects, and the second says to open the
new address.

    live_view_test.py MAZEKIT KIT_SOURCE BUILD_DIR WORK_DIR
"""
import base64
import fcntl
import json
import os
import pty
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

MAZEKIT, KIT, BUILD, WORK = sys.argv[1:5]
failures = []


def check(condition, what):
    print(("ok      " if condition else "FAILED  ") + what, flush=True)
    if not condition:
        failures.append(what)


class Chromium:
    """Headless Chromium, spoken to in the DevTools protocol over --remote-debugging-pipe:
    JSON messages ending in a NUL byte, read by Chromium from its fd 3, written to its fd 4."""

    def __init__(self, url):
        def high(fd):  # above 4, so that the shell can move them to 3 and 4
            moved = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
            os.close(fd)
            return moved

        self.to_read, self.to_write = map(high, os.pipe())
        self.from_read, self.from_write = map(high, os.pipe())
        program = shutil.which("chromium") or shutil.which("chromium-browser")
        if program is None:
            sys.exit("live_view_test: headless Chromium is needed: scripts/install-deps.sh "
                     "installs Debian's chromium")
        script = 'exec "$0" "$@" 3<&%d 4>&%d %d<&- %d>&-' % (
            self.to_read, self.from_write, self.to_read, self.from_write)
        self.process = subprocess.Popen(
            ["bash", "-c", script, program, "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--remote-debugging-pipe",
             # Another host name for this machine, as a forwarded port's address would be.
             "--host-resolver-rules=MAP forwarded.test 127.0.0.1",
             "--user-data-dir=" + os.path.join(WORK, "chromium-profile"), url],
            pass_fds=(self.to_read, self.from_write), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(self.to_read)
        os.close(self.from_write)
        self.buffer = b""
        self.last_id = 0
        self.session = self._attach()

    def call(self, method, params=None, session=None, seconds=30):
        self.last_id += 1
        message = {"id": self.last_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_write, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.last_id:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply["result"]
            ready, _, _ = select.select([self.from_read], [], [], 0.5)
            if ready:
                self.buffer += os.read(self.from_read, 1 << 20)
        raise TimeoutError(f"Chromium did not answer {method} within {seconds} s")

    def _attach(self):
        for _ in range(80):
            pages = [t for t in self.call("Target.getTargets")["targetInfos"]
                     if t["type"] == "page"]
            if pages:
                return self.call("Target.attachToTarget",
                                 {"targetId": pages[0]["targetId"], "flatten": True})["sessionId"]
            time.sleep(0.25)
        raise TimeoutError("Chromium opened no page")

    def open(self, url):
        """Opens `url` in a new tab; returns the tab's session, for evaluate and wait_for."""
        target = self.call("Target.createTarget", {"url": url})["targetId"]
        return self.call("Target.attachToTarget",
                         {"targetId": target, "flatten": True})["sessionId"]

    def evaluate(self, expression, session=None):
        result = self.call("Runtime.evaluate",
                           {"expression": expression, "returnByValue": True},
                           session or self.session)
        return result["result"].get("value")

    def wait_for(self, expression, seconds=60, session=None):
        """Polls `expression` until it is true; returns whether it became true."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.evaluate(expression, session):
                return True
            time.sleep(0.25)
        return False

    def close(self):
        self.process.kill()
        self.process.wait()


class Watch:
    """mazekit watch on a new pseudo-terminal."""

    def __init__(self, args, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(MAZEKIT, ["mazekit", "watch"] + args, env)
        self.output = b""

    def read_until(self, pattern, seconds=120):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            match = re.search(pattern, self.output)
            if match:
                return match
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if ready:
                try:
                    self.output += os.read(self.fd, 65536)
                except OSError:  # the program ended
                    break
        return re.search(pattern, self.output)

    def stop(self):
        os.kill(self.pid, signal.SIGINT)
        _, status = os.waitpid(self.pid, 0)
        return status

    def status(self, seconds=30):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.read_until(rb"(?!)", 0.5)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
        os.kill(self.pid, signal.SIGKILL)
        return None


def fetch(url, host=None, first_line=False):
    """The status and body of GET `url`, with `host` as the Host header if given; of an event
    stream, which does not end, `first_line` asks for its first line alone."""
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.readline() if first_line else response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


REFUSAL = b"Open the address mazekit watch printed"


shutil.rmtree(WORK, ignore_errors=True)
kit = os.path.join(WORK, "kit")
os.makedirs(kit)
# The lessons, and the exercises as they start (the build tree's starting files), never the
# checkout's exercises/, where a student may have worked.
shutil.copytree(os.path.join(KIT, "lessons"), os.path.join(kit, "lessons"))
shutil.copytree(os.path.join(BUILD, "mazekit", "starting-files"), os.path.join(kit, "exercises"))
env = dict(os.environ, MAZEKIT_HOME=kit, MAZEKIT_BUILD=BUILD,
           MAZEKIT_STATE=os.path.join(WORK, "progress.json"),
           MAZEKIT_PICTURES=os.path.join(WORK, "pictures"), TERM="xterm")
CODESPACE_VARIABLES = ("CODESPACES", "CODESPACE_NAME", "GITHUB_CODESPACES_PORT_FORWARDING_DOMAIN")
for name in CODESPACE_VARIABLES:  # as on a student's own computer, even when this runs in one
    env.pop(name, None)

# A mazekit built without the live view (a cpp-httplib that does not link with the build's
# standard library: mazekit/CMakeLists.txt) says so, and what to do, instead of serving a page.
if os.environ.get("MAZEKIT_TEST_NO_LIVE_VIEW") == "1":
    watch = Watch(["--view", "--port", "0"], env)
    said = watch.read_until(rb"built without the live view[^\r\n]*use mazekit watch without --view")
    check(said is not None, "a mazekit built without the live view says so, and what to do: " +
          watch.output.decode(errors="replace"))
    check(watch.status() == 2, "...and stops with exit status 2 (bad usage)")
    sys.exit(1 if failures else 0)

watch = Watch(["--view", "--port", "0"], env)
found = watch.read_until(rb"Live view: (http://127\.0\.0\.1:(\d+)/s/([0-9a-f]{32})/) ")
check(found is not None, "watch --view names the page it serves on 127.0.0.1, with a key of "
      "32 hex digits")
if found is None:
    print(watch.output.decode(errors="replace"))
    sys.exit(1)
url, port, key = found.group(1).decode(), int(found.group(2)), found.group(3).decode()
top = f"http://127.0.0.1:{port}/"
check(watch.read_until(rb"In this codespace", 1) is None,
      "outside a codespace, no codespace's address is printed")

status, body = fetch(url + "state")
state = json.loads(body)
check(status == 200 and state["lesson"] == "Lesson 1 of 7: Turtle warm-up"
      and state["step"].startswith("Step 1 of 5") and state["verdict"] == "does not compile"
      and state["picture"] is None, "/state says lesson 1, step 1, does not compile, no picture")
check(state["expected"] is not None and state["comparison"] is None,
      "/state names step 1's expected picture, and no comparison before the step draws")

# This machine's own name: answered with the key, without it, and with another run's key; on
# another port too (VS Code forwards to another local port when the usual one is taken).
status, body = fetch(top)
check(status == 200 and b"<title>mazekit" in body, "127.0.0.1 without the key gets the page")
status, _ = fetch(top + "state", host=f"localhost:{port + 1}")
check(status == 200, "localhost on another port (a forwarded one) gets the state")
status, _ = fetch(top + "s/" + "0" * 32 + "/state")
check(status == 200, "127.0.0.1 with another run's key still gets the state (a page from before "
      "mazekit watch started again reconnects)")

# Another host name (a forwarded address, or a DNS rebinding attack): refused without the key,
# with a message that says what to open; answered with it.
forwarded = f"forwarded.test:{port}"
for path in ("", "state", "events", "picture.png", "s/", "s/" + "0" * 32 + "/state",
             "s/" + key[:-1] + "/state", "s/" + key + "x/state"):
    status, body = fetch(top + path, host=forwarded)
    check(status == 403 and REFUSAL in body,
          f"another host name asking for /{path} is refused (403), told what to open")
status, body = fetch(top + "state", host=f"attacker.example:{port}")
check(status == 403 and f"http://127.0.0.1:{port}/s/".encode() in body and key.encode() not in body,
      "the refusal names the address to open, and not the key")
status, body = fetch(url, host=forwarded)
check(status == 200 and b"<title>mazekit" in body, "another host name with the key gets the page")
status, body = fetch(url + "state", host=forwarded)
check(status == 200 and json.loads(body)["step"].startswith("Step 1 of 5"),
      "another host name with the key gets the state")
status, line = fetch(url + "events", host=forwarded, first_line=True)
check(status == 200 and line.startswith(b"data: "),
      "another host name with the key gets the events: " + repr(line))
status, body = fetch(url[:-1], host=forwarded)
check(status == 200 and b"<title>mazekit" in body,
      "/s/KEY without its slash leads to the page (its relative addresses need the slash)")

chromium = Chromium(url)
try:
    # The same page by another host name and the key, in a second tab, and without the key in a
    # third, as in a codespace's browser.
    away = chromium.open(f"http://{forwarded}/s/{key}/")
    refused = chromium.open(f"http://{forwarded}/")
    check(chromium.wait_for("document.body && document.body.innerText.includes("
                            f"{json.dumps(REFUSAL.decode())})", 30, refused),
          "the browser by another host name without the key shows the refusal")
    check(chromium.wait_for("document.getElementById('step').textContent.startsWith('Step 1 of 5')"
                            " && document.getElementById('status').textContent.startsWith('Live')",
                            60, away),
          "the browser by another host name with the key shows step 1, live")
    step = "document.getElementById('step').textContent"
    verdict = "document.getElementById('verdict').textContent"
    check(chromium.wait_for(f"{step}.startsWith('Step 1 of 5') && "
                            "document.getElementById('status').textContent.startsWith('Live')"),
          "the page shows step 1 and that it is live")
    check(chromium.evaluate(verdict) == "RED  does not compile", "the page shows step 1's RED")
    check(chromium.evaluate("document.getElementById('picture').hidden") is True,
          "the page has no picture before the step runs")
    updates = int(chromium.evaluate("document.getElementById('updates').textContent"))
    chromium.evaluate("window.sameDocument = true")  # gone if the page were loaded again

    # 19 more tabs of the same address, 20 in all: a browser opens at most 6 connections to one
    # site, and each tab's own event stream would hold one for good, so the tabs share one.
    targets = [chromium.call("Target.createTarget", {"url": url})["targetId"] for _ in range(19)]
    tabs = [chromium.call("Target.attachToTarget", {"targetId": target, "flatten": True})
            ["sessionId"] for target in targets]

    def tabs_where(expression, seconds):
        """How many of `tabs` make `expression` true within `seconds`, all waited for at once."""
        deadline, done = time.monotonic() + seconds, set()
        while len(done) < len(tabs) and time.monotonic() < deadline:
            done |= {i for i, tab in enumerate(tabs)
                     if i not in done and chromium.evaluate(expression, tab)}
            time.sleep(0.25)
        return len(done)

    live = tabs_where("document.getElementById('step').textContent.startsWith('Step 1 of 5') && "
                      "document.getElementById('status').textContent.startsWith('Live')", 60)
    check(live == 19, f"20 tabs of the page each show step 1, live ({live + 1} of 20 do)")

    # A save that solves step 1: watch moves on to step 2, and the open page follows. The
    # screen is not blue (step 2's RED), and three squares are stamped on it, to play back.
    with open(os.path.join(kit, "exercises", "01-turtle-warmup", "warmup.hpp"), "a") as f:
        f.write("""
inline turtle::Screen makeScreen() {
  turtle::Screen screen;
  turtle::Turtle t(screen);
  t.shape("square");
  t.penup();
  for (int i = 0; i < 3; ++i) {
    t.goTo(-100 + 100 * i, 0);
    t.stamp();
  }
  t.hideturtle();
  return screen;
}
""")
    check(chromium.wait_for(f"{step}.startsWith('Step 2 of 5') && "
                            "document.getElementById('checking').textContent === ''", 120),
          "after the save the page shows step 2, without being reloaded")
    check(chromium.evaluate("window.sameDocument === true"), "the page was not reloaded")
    followed = tabs_where(f"{step}.startsWith('Step 2 of 5')", 60)
    check(followed == 19, f"each of the 20 tabs follows the save ({followed + 1} of 20 do)")
    for target in targets:  # the first tab goes on alone, and listens once the others are gone
        chromium.call("Target.closeTarget", {"targetId": target})
    check(int(chromium.evaluate("document.getElementById('updates').textContent")) > updates,
          "the page heard of the change from the server (server-sent events)")
    check(chromium.evaluate(verdict) == "RED  failed", "the page shows step 2's RED: failed")
    check(chromium.wait_for("!document.getElementById('picture').hidden && "
                            "document.getElementById('picture').naturalWidth === 400"),
          "the page shows step 2's picture, 400 pixels wide")
    detail = chromium.evaluate("document.getElementById('detail').textContent")
    check("the screen's background is blue" in detail, "the page shows the failed test case")
    status, png = fetch(url + "picture.png")
    check(status == 200 and png.startswith(b"\x89PNG"), "/picture.png is the step's PNG")
    # The expected picture beside the student's, and where they differ: the blue background
    # is missing (blue), the three white stamps are too much (orange).
    status, body = fetch(url + "state")
    state = json.loads(body)
    check(state["expected"] is not None and state["comparison"] is not None
          and state["comparison_note"].endswith("02-blue-background.compare.png"),
          "/state names the expected picture and the comparison: " + state["comparison_note"])
    status, png = fetch(url + "expected.png")
    with open(os.path.join(KIT, "lessons", "01-turtle-warmup", "pictures",
                           "02-blue-background.png"), "rb") as f:
        check(status == 200 and png == f.read(), "/expected.png is the lesson's step 2 picture")
    status, png = fetch(url + "comparison.png")
    compared = os.path.join(WORK, "pictures", "01-turtle-warmup", "02-blue-background.compare.png")
    check(status == 200 and png.startswith(b"\x89PNG") and os.path.exists(compared)
          and open(compared, "rb").read() == png,
          "/comparison.png is the comparison written beside the student's picture")
    check(watch.read_until(rb"Difference: +\S*02-blue-background\.compare\.png "
                           rb"\(orange: only in yours, blue: only in the expected\)", 10)
          is not None, "the terminal names the comparison's file, and what its colours mean")
    check(chromium.wait_for("!document.getElementById('expectedBox').hidden && "
                            "document.getElementById('expected').naturalWidth === 400 && "
                            "!document.getElementById('comparisonBox').hidden && "
                            "document.getElementById('comparison').naturalWidth === 400"),
          "the page shows the expected picture and the comparison beside the student's")
    status, png = fetch(url + "picture.png", host=forwarded)
    check(status == 200 and png.startswith(b"\x89PNG"),
          "another host name with the key gets the PNG")
    status, svg = fetch(url + "picture.svg", host=forwarded)
    check(status == 200 and b"<svg" in svg, "another host name with the key gets the SVG")
    status, _ = fetch(top + "picture.png", host=forwarded)
    check(status == 403, "another host name without the key does not get the PNG")

    # The tab by another host name followed the save through its events, and shows the picture
    # and the drawing to play back, all asked for under the key.
    check(chromium.wait_for("document.getElementById('step').textContent.startsWith('Step 2 of 5')"
                            " && Number(document.getElementById('updates').textContent) > 0 && "
                            "document.getElementById('picture').naturalWidth === 400 && "
                            "document.getElementById('frame').max === '3'", 60, away),
          "the tab by another host name with the key shows step 2, its picture and its drawing")

    # The drawing played back: three stamps, one a frame.
    check(chromium.wait_for("!document.getElementById('player').hidden && "
                            "document.getElementById('frame').max === '3'"),
          "the player offers the drawing's 3 steps")
    # The drawing's steps, as the page finds them in Cairo 1.16's SVG (in a <g>) or 1.18's.
    visible = ("drawingSteps(document.querySelector('#drawing svg'))"
               ".filter(e => e.style.display !== 'none').length")
    chromium.evaluate("const f = document.getElementById('frame'); f.value = '1';"
                      "f.dispatchEvent(new Event('input'))")
    check(chromium.evaluate(visible) == 1 and
          chromium.evaluate("document.getElementById('picture').hidden") is True,
          "frame 1 shows the first stamp alone, in place of the picture")
    chromium.evaluate("document.getElementById('play').click()")
    check(chromium.wait_for(f"document.getElementById('frame').value === '3' && {visible} === 3",
                            10),
          "Play draws the stamps one after another to the end")

    # The grid as a person sees it: rendered or not (an <svg>'s "hidden" property is not an
    # HTML element's, and hid nothing), over the student's picture and the expected one.
    seen = ("(id) => { const e = document.getElementById(id); return getComputedStyle(e).display "
            "!== 'none' && e.getBoundingClientRect().width > 0; }")
    grids = f"[({seen})('grid'), ({seen})('expectedGrid')]"
    check(chromium.evaluate("document.getElementById('showGrid').checked") is False and
          chromium.evaluate(grids) == [False, False],
          "the grid is off at first, its box unticked, over either picture")
    chromium.evaluate("document.getElementById('showGrid').click()")
    check(chromium.evaluate(grids) == [True, True] and
          chromium.evaluate("document.getElementById('grid').querySelectorAll('line').length "
                            "=== 42"),
          "ticked, the grid shows over both pictures, a line every 20 pixels (21 each way)")
    labels = chromium.evaluate(
        "[...document.getElementById('grid').querySelectorAll('text')].map(t => t.textContent)"
        ".join(' ')")
    check(labels == "-200 -100 0 100 100 -100", "the grid's labels are the turtle's coordinates")
    # A screenshot, for a person to look at: a laptop's window, the three pictures in a row.
    chromium.call("Emulation.setDeviceMetricsOverride",
                  {"width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": False},
                  chromium.session)
    shot = chromium.call("Page.captureScreenshot", {}, chromium.session)["data"]
    with open(os.path.join(WORK, "live-view.png"), "wb") as f:
        f.write(base64.b64decode(shot))
    chromium.evaluate("document.getElementById('showGrid').click()")
    check(chromium.evaluate("document.getElementById('showGrid').checked") is False and
          chromium.evaluate(grids) == [False, False], "unticked again, the grid is gone")
    chromium.evaluate("document.getElementById('showGrid').click()")
    chromium.evaluate("setTimeout(() => location.reload(), 0)")
    time.sleep(1)
    check(chromium.wait_for("document.getElementById('step').textContent.startsWith('Step 2') && "
                            "document.getElementById('expected').naturalWidth === 400", 30) and
          chromium.evaluate("document.getElementById('showGrid').checked") is True and
          chromium.evaluate(grids) == [True, True],
          "the page opened again remembers the grid ticked, and shows it")

    watch.stop()
    check(chromium.wait_for("document.getElementById('status').textContent"
                            ".includes('not running')", 30),
          "after Ctrl-C the page says mazekit watch is not running")

    # Started again on the same port, in a codespace: a new key, and the codespace's address.
    codespace = dict(env, CODESPACES="true", CODESPACE_NAME="fuzzy-space-robot-5x7q",
                     GITHUB_CODESPACES_PORT_FORWARDING_DOMAIN="app.github.dev")
    watch = Watch(["--view", "--port", str(port)], codespace)
    again = watch.read_until(rb"Live view: http://127\.0\.0\.1:(\d+)/s/([0-9a-f]{32})/ .*\r?\n"
                             rb"In this codespace, open it at (\S+)")
    check(again is not None and int(again.group(1)) == port and again.group(2).decode() != key,
          "watch started again has a new key")
    check(again is not None and again.group(3).decode() ==
          f"https://fuzzy-space-robot-5x7q-{port}.app.github.dev/s/{again.group(2).decode()}/",
          "in a codespace, watch also prints the codespace's forwarded address, with the key: " +
          (again.group(3).decode() if again else watch.output.decode(errors="replace")))
    check(chromium.wait_for("document.getElementById('status').textContent.startsWith('Live')",
                            60),
          "the page by 127.0.0.1 reconnects to watch started again")
    check(chromium.wait_for("document.getElementById('status').textContent"
                            ".includes('open the address it printed now')", 60, away),
          "the page by another host name, with the old key, says to open the new address")
    watch.stop()
finally:
    chromium.close()

# Options refused, each with exit status 2 and the value named.
refused = Watch(["--port", "8765"], env)
check(refused.status() == 2 and b"give --view with it" in refused.output,
      "--port without --view is refused (exit 2)")
refused = Watch(["--view", "--port", "70000"], env)
check(refused.status() == 2 and b"from 1 to 65535" in refused.output and b"70000" in refused.output,
      "--port 70000 is refused, naming it (exit 2)")
taken = socket.socket()
taken.bind(("127.0.0.1", 0))
taken.listen()
busy = taken.getsockname()[1]
refused = Watch(["--view", "--port", str(busy)], env)
check(refused.status() == 2 and f"127.0.0.1:{busy}".encode() in refused.output
      and b"--port 0" in refused.output,
      "a port another program listens on is refused, naming it and what to do (exit 2)")
taken.close()

print(f"{len(failures)} of the checks failed" if failures else "every check passed")
sys.exit(1 if failures else 0)
