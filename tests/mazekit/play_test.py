#!/usr/bin/env python3
"""mazekit play without a human: lesson 7's game on a pseudo-terminal.

Runs the game built from lesson 7's last solution on a pty, sends it keys (arrow keys as
their escape sequences, q, Ctrl-C, Ctrl-D) and signals, reads the screens it draws, and checks
that the terminal's settings (`stty -g`) are the same after every way out as before. It plays a
whole game by the right-hand rule, reading each screen's turn count, and checks the win and
its picture. Then mazekit play itself: not a terminal is exit 2, and the kit's untouched
exercise, whose game.hpp has no Game yet, says which step to finish first.

    play_test.py PLAY_PROGRAM MAZEKIT KIT_SOURCE WORK_DIR THROWING_PLAY_PROGRAM

THROWING_PLAY_PROGRAM is the same game built with a Game whose move() throws.
"""
import fcntl
import os
import re
import select
import signal
import subprocess
import sys
import termios
import time

PLAY, MAZEKIT, KIT, WORK, THROWING = sys.argv[1:6]
FRAME_END = b"\x1b[J"  # every screen the game draws ends with "clear to the end"
KEYS = {"east": b"\x1b[C", "north": b"\x1b[A", "west": b"\x1b[D", "south": b"\x1b[B"}
failures = []
passes = []


def check(condition, what):
    print(("ok      " if condition else "FAILED  ") + what)
    (passes if condition else failures).append(what)


def stty(fd):
    return subprocess.run(["stty", "-g"], stdin=fd, capture_output=True, text=True,
                          check=True).stdout.strip()


class Pty:
    """A program on a new pseudo-terminal, which is its controlling terminal."""

    def __init__(self, argv, env=None):
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, b"\x30\x00\x64\x00\x00\x00\x00\x00")
        self.before = stty(self.slave)

        def become_session_leader():
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.process = subprocess.Popen(argv, stdin=self.slave, stdout=self.slave,
                                        stderr=self.slave, preexec_fn=become_session_leader,
                                        env=env)
        self.output = b""

    def read_until(self, predicate, seconds=10):
        deadline = time.monotonic() + seconds
        while not predicate(self.output) and time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the program is gone and the slave closed
                    break
                if not chunk:
                    break
                self.output += chunk
        return predicate(self.output)

    def frames(self):
        return self.output.count(FRAME_END)

    def send(self, data):
        os.write(self.master, data)

    def wait(self, seconds=10):
        try:
            code = self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
            check(False, "the program ended within %d s" % seconds)
        self.read_until(lambda out: False, 0.3)  # what it wrote last
        return code

    def close(self):
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass

    def text(self):
        return self.output.decode("utf-8", "replace")


def turns(out):
    found = re.findall(rb"Turns: (\d+)", out)
    return int(found[-1]) if found else None


def game(*extra):
    return [PLAY, "--seed", "7", "--braid", "0.3", "--picture",
            os.path.join(WORK, "play.png")] + list(extra)


os.makedirs(WORK, exist_ok=True)

# Keys that end the game: q, Ctrl-C (a key in raw mode), Ctrl-D. Arrow keys move first.
for name, key in [("q", b"q"), ("Ctrl-C", b"\x03"), ("Ctrl-D", b"\x04")]:
    p = Pty(game())
    check(p.read_until(lambda out: b"Turns: 0" in out), name + ": the first screen shows turn 0")
    check("@@" in p.text() and "XX" in p.text(), name + ": the screen shows the player and the goal")
    for direction in ("south", "east", "north", "west"):
        frames = p.frames()
        p.send(KEYS[direction])
        p.read_until(lambda out: out.count(FRAME_END) > frames)
    check(p.frames() == 5, name + ": one screen for each of four arrow keys (%d)" % p.frames())
    moved = turns(p.output)
    check("You went" in p.text() or "A wall blocks" in p.text(), name + ": a move is told")
    p.send(key)
    code = p.wait()
    check(code == 0, name + ": the game ends with status 0 (%s)" % code)
    check(re.search(r"You stopped after %d turns?\." % moved, p.text()) is not None,
          name + ": says how many turns")
    check(stty(p.slave) == p.before, name + ": the terminal's settings are as before")
    p.close()

# Signals: the settings are restored, and the game ends by the signal.
for signame in ("SIGINT", "SIGTERM", "SIGHUP"):
    number = getattr(signal, signame)
    p = Pty(game())
    check(p.read_until(lambda out: b"Turns: 0" in out), signame + ": the game started")
    raw = stty(p.slave)
    check(raw != p.before, signame + ": the game put the terminal in raw mode")
    p.process.send_signal(number)
    code = p.wait()
    check(code == -number, signame + ": the game ended by the signal (%s)" % code)
    check(stty(p.slave) == p.before, signame + ": the terminal's settings are as before")
    p.close()

# An exception in the student's code in the middle of a game: the terminal back, the error
# said, status 1.
p = Pty([THROWING, "--seed", "7"])
check(p.read_until(lambda out: b"Turns: 0" in out), "exception: the game started")
p.send(KEYS["east"])
code = p.wait()
check(code == 1, "exception: the game ends with status 1 (%s)" % code)
check("a Game that throws on its first move (direction 0)" in p.text(),
      "exception: the error is shown")
check(stty(p.slave) == p.before, "exception: the terminal's settings are as before")
p.close()

# The terminal closed under the game (its input gone): it ends rather than hang.
p = Pty(game())
check(p.read_until(lambda out: b"Turns: 0" in out), "closed: the game started")
os.close(p.slave)
os.close(p.master)
try:
    code = p.process.wait(10)
    check(True, "closed: the game ended when its terminal closed (%s)" % code)
except subprocess.TimeoutExpired:
    p.process.kill()
    check(False, "closed: the game ended when its terminal closed")

# A whole game, by the right-hand rule, reading the turn count after every key.
picture = os.path.join(WORK, "play.png")
if os.path.exists(picture):
    os.remove(picture)
p = Pty(game())
p.read_until(lambda out: b"Turns: 0" in out)
order = ["east", "north", "west", "south"]  # counter-clockwise, as the Maze numbers them
facing, keys, won = 3, 0, False
while keys < 4000 and not won:
    for turn in (3, 0, 1, 2):  # right, straight on, left, back
        direction = (facing + turn) % 4
        frames, before = p.frames(), turns(p.output)
        p.send(KEYS[order[direction]])
        keys += 1
        p.read_until(lambda out: out.count(FRAME_END) > frames)
        if b"You reached the goal" in p.output or p.process.poll() is not None:
            won = True
            break
        if turns(p.output) == before + 1:
            facing = direction
            break
code = p.wait()
check(code == 0, "win: the game ends with status 0 (%s)" % code)
found = re.search(r"You reached the goal in (\d+) turns?!", p.text())
check(found is not None, "win: it says so, with the turns")
check("The picture of your path: " + picture in p.text(), "win: it says where the picture is")
with open(picture, "rb") as f:
    check(f.read(8) == b"\x89PNG\r\n\x1a\n", "win: the picture is a PNG")
check(stty(p.slave) == p.before, "win: the terminal's settings are as before")
p.close()

# Not a terminal: a clear message and exit 2, from the game and from mazekit play.
for argv, who in [(game(), "the game"), ([MAZEKIT, "play", "--seed", "1"], "mazekit play")]:
    ran = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    check(ran.returncode == 2, who + " without a terminal: exit 2 (%d)" % ran.returncode)
    check("terminal" in ran.stderr, who + " without a terminal: says so: " + ran.stderr.strip())
ran = subprocess.run([MAZEKIT, "play", "--braid", "1.5"], stdin=subprocess.DEVNULL,
                     capture_output=True, text=True)
check(ran.returncode == 2 and "1.5" in ran.stderr, "mazekit play --braid 1.5: exit 2, naming 1.5")

# mazekit play on the kit's own exercise: its game.hpp has no Game yet. A fresh progress file:
# no step has passed, so the step to finish first is step 1.
env = dict(os.environ, MAZEKIT_STATE=os.path.join(WORK, "progress.json"))
p = Pty([MAZEKIT, "play", "--seed", "1"], env)
code = p.wait(300)
text = p.text()
check(code == 1, "mazekit play, no Game yet: exit 1 (%s)" % code)
check("Your game does not compile yet" in text, "mazekit play, no Game yet: says so")
check("game.hpp" in text or "step" in text, "mazekit play, no Game yet: shows the first error")
check("Finish step 1 first" in text and "mazekit check 7 1" in text,
      "mazekit play, no Game yet: names the step to finish first")
check(stty(p.slave) == p.before, "mazekit play, no Game yet: the terminal's settings are as before")
p.close()

print("play: %d passed, %d failed" % (len(passes), len(failures)))
sys.exit(1 if failures else 0)
