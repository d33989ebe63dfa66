#!/usr/bin/env python3
"""Python's turtle, stamping the maze grid with tracer(0): the peer turtle_bench compares with.

    xvfb-run -a python3 bench/python_turtle_stamps.py STAMPS RUNS

Prints one line: the median stamps per second over RUNS runs. Each run records STAMPS
goto + stamp calls and then calls update(), so Tk draws them, as the kit's figure includes
drawing the stamps to a raster.
"""
import statistics
import sys
import time
import turtle


def main():
    stamps, runs = int(sys.argv[1]), int(sys.argv[2])
    screen = turtle.Screen()
    screen.setup(420, 420)
    screen.tracer(0)
    t = turtle.Turtle()
    t.penup()
    t.shape("square")
    t.hideturtle()
    rates = []
    for _ in range(runs):
        t.clearstamps()
        start = time.perf_counter()
        for i in range(stamps):
            t.goto(-190 + 20 * (i % 20), 190 - 20 * ((i // 20) % 20))
            t.color("white" if i % 2 else "yellow")
            t.stamp()
        screen.update()
        rates.append(stamps / (time.perf_counter() - start))
    print(f"{statistics.median(rates):.0f}")


if __name__ == "__main__":
    main()
