#!/usr/bin/env python3
"""What CPython's own turtle demos draw, written down for the kit's tests.

Runs each demo of Lib/turtledemo that needs no user (its main(), as the demo viewer does)
under Python's real turtle and Tk, and writes NAME.txt beside this script: every line,
fill, dot and stamp still on the canvas, in the order they lie, with Python's repr of every
number, and every turtle's state. A snapshot is taken wherever the demo sleeps
(time.sleep, to let the viewer look) and when main() returns. The kit's ported demos
(examples/turtledemo/) are compared with these files by tests/turtle/turtledemo_test.cpp.

    xvfb-run -a python3 tests/turtle/turtledemo/capture.py [--demos DIR] [NAME ...]

DIR holds the demos (default: the turtledemo package of this Python; Debian ships it in
python3.X-examples). Animation is switched off (tracer(0)): it changes nothing drawn.
"""

import argparse
import importlib.util
import pathlib
import sys
import time
import turtle

DEMOS = ["peace", "yinyang", "chaos", "bytedesign", "lindenmayer", "rosette", "round_dance"]
ROUND_DANCE_FRAMES = 60  # round_dance dances until a key is pressed: the port stops here

items = []  # [kind, turtle, undo entry, text or None (removed or empty)]
world = None


def num(value):
    return repr(float(value))


def pt(p):
    return "(%s,%s)" % (num(p[0]), num(p[1]))


def undo_entry(t):
    buf = t.undobuffer
    if not buf or buf.bufsize == 0 or buf.ptr < 0:
        return None
    return buf.buffer[buf.ptr]


def record(kind, t, text):
    item = [kind, t, undo_entry(t), text]
    items.append(item)
    return item


def hook():
    RT = turtle.RawTurtle
    original = {name: getattr(RT, name) for name in
                ("_goto", "dot", "stamp", "begin_fill", "end_fill", "undo", "_clear",
                 "clearstamp")}

    def _goto(self, end):
        start = self._position
        drawing = self._drawing
        original["_goto"](self, end)
        if drawing and not getattr(self, "_in_dot", False) and (
                start[0] != end[0] or start[1] != end[1]):
            record("line", self, "line %s -> %s width %s color %s" % (
                pt(start), pt(end), num(self._pensize), self._pencolor))

    def dot(self, size=None, *color):
        self._in_dot = True
        try:
            original["dot"](self, size, *color)
        finally:
            self._in_dot = False
        if not color:
            c = self._pencolor
        else:
            c = self._colorstr(color[0] if len(color) == 1 else color)
        d = size if size else max(self._pensize + 4, 2 * self._pensize)
        record("dot", self, "dot at %s size %s color %s" % (pt(self._position), num(d), c))

    def stamp(self):
        sid = original["stamp"](self)
        item = record("stamp", self, "stamp %s at %s heading %s pen %s fill %s" % (
            self.turtle.shapeIndex, pt(self._position), num(self.heading()), self._pencolor,
            self._fillcolor))
        item.append(sid)
        return sid

    def begin_fill(self):
        original["begin_fill"](self)
        self._fill_record = record("fill", self, None)

    def end_fill(self):
        path = list(self._fillpath or [])
        filling = self.filling()
        original["end_fill"](self)
        if filling and len(path) > 2:
            self._fill_record[3] = "fill %s polygon %s" % (
                self._fillcolor, " ".join(pt(p) for p in path))
            self._fill_record.append(undo_entry(self))  # undoing end_fill empties it

    def undo(self):
        entry = undo_entry(self)
        original["undo"](self)
        if entry is None:
            return
        for item in items:
            if item[1] is self and item[2] is entry:
                item[3] = None
            elif item[0] == "fill" and item[1] is self and len(item) > 4 and item[4] is entry:
                item[3] = None

    def _clear(self):
        original["_clear"](self)
        for item in items:
            if item[1] is self:
                item[3] = None

    def clearstamp(self, stampid):
        original["clearstamp"](self, stampid)
        for item in items:
            if item[0] == "stamp" and item[1] is self and item[4] == stampid:
                item[3] = None

    for name, fun in list(locals().items()):
        if name in original:
            setattr(RT, name, fun)

    TS = turtle.TurtleScreen
    tracer = TS.tracer

    def no_animation(self, n=None, delay=None):
        if n is None:
            return tracer(self)
        return tracer(self, 0, 0)

    TS.tracer = no_animation
    setworld = TS.setworldcoordinates

    def setworldcoordinates(self, llx, lly, urx, ury):
        global world
        world = (llx, lly, urx, ury)
        setworld(self, llx, lly, urx, ury)

    TS.setworldcoordinates = setworldcoordinates
    clear_screen = TS.clear

    def clear(self):  # clearscreen: every drawing goes, and so do the turtles
        global world
        clear_screen(self)
        items.clear()
        world = None

    TS.clear = clear
    TS.clearscreen = clear


def snapshot(out, why):
    screen = turtle.Screen()
    out.append("snapshot %s" % why)
    head = "screen bgcolor %s" % screen._bgcolor()
    if world is not None and screen.mode() == "world":
        head += " world %s %s" % (pt(world[:2]), pt(world[2:]))
    out.append(head)
    out.extend(item[3] for item in items if item[3] is not None)
    for t in screen.turtles():
        stretch = t.shapesize()
        out.append("turtle %s at %s heading %s pen %s fill %s %s size (%s,%s,%s) tilt %s" % (
            t.shape(), pt(t.position()), num(t.heading()), t._pencolor, t._fillcolor,
            "shown" if t.isvisible() else "hidden", num(stretch[0]), num(stretch[1]),
            num(stretch[2]), num(t.tiltangle())))


def capture(name, demos, folder):
    global world
    items.clear()
    world = None
    spec = importlib.util.spec_from_file_location(name, demos / (name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = ["# What CPython %s's turtle drew for turtledemo/%s.py (made by capture.py)"
           % (sys.version.split()[0], name)]
    sleeps = [0]

    def sleep(seconds):
        sleeps[0] += 1
        snapshot(out, "sleep %d" % sleeps[0])

    time.sleep = sleep
    module.sleep = sleep
    if name == "round_dance":
        update = turtle.TurtleScreen.update
        frames = [0]

        # main() calls update() 180 times while it places the dancers, then once a frame.
        def counted_update(self):
            update(self)
            frames[0] += 1
            if frames[0] == 180 + ROUND_DANCE_FRAMES:
                module.running = False

        turtle.TurtleScreen.update = counted_update
        turtle.update = lambda: counted_update(turtle.Screen())
        module.update = turtle.update
    module.main()
    snapshot(out, "end")
    (folder / (name + ".txt")).write_text("\n".join(out) + "\n")
    turtle.Screen().clear()
    turtle.Screen().mode("standard")
    turtle.Turtle._pen = None
    print("%s: %d lines" % (name, len(out)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--demos", type=pathlib.Path,
                        default=pathlib.Path(turtle.__file__).parent / "turtledemo")
    parser.add_argument("names", nargs="*", default=DEMOS)
    args = parser.parse_args()
    hook()
    folder = pathlib.Path(__file__).resolve().parent
    for name in args.names:
        capture(name, args.demos, folder)


if __name__ == "__main__":
    main()
