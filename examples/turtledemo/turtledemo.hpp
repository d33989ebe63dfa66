#pragma once
// CPython's own turtle demos (Lib/turtledemo in CPython 3.11), ported line for line: each
// Python line is the C++ line beside it in the same order, so a Python student can read
// one next to the other. tests/turtle/turtledemo_test.cpp runs each and compares what it
// drew with what CPython 3.11 drew for the same program, item by item.
//
// Python's `from turtle import *` draws with one turtle on one screen; here that turtle
// is `t` and the screen is the one passed in. Python's turtles live on after main()
// returns, so the ports make theirs in `turtles`, which the caller keeps. Where a demo
// sleeps so that its viewer can look (time.sleep), it calls `sleep`: the test takes a
// snapshot there.

#include <deque>
#include <functional>
#include <string>

#include <turtle/turtle.hpp>

namespace turtledemo {

using Sleep = std::function<void(double seconds)>;

/// What a demo draws on and with.
struct Run {
  turtle::Screen& screen;
  std::deque<turtle::Turtle>& turtles;  // a deque never moves what it holds
  Sleep sleep = [](double) {};
  turtle::Turtle& newTurtle() { return turtles.emplace_back(screen); }
};

std::string peace(Run& run);
std::string yinyang(Run& run);
std::string chaos(Run& run);
std::string bytedesign(Run& run);
std::string lindenmayer(Run& run);
std::string rosette(Run& run);
/// round_dance dances until a key is pressed; the port dances `frames` frames (the
/// description of Python's drawing was taken after 60).
std::string round_dance(Run& run, int frames = 60);

/// Every demo by its Python file's name, for the demo program and the tests.
struct Demo {
  const char* name;
  std::string (*main)(Run&);
};
inline std::string roundDanceSixtyFrames(Run& run) { return round_dance(run); }
inline constexpr Demo demos[] = {
    {"peace", peace},
    {"yinyang", yinyang},
    {"chaos", chaos},
    {"bytedesign", bytedesign},
    {"lindenmayer", lindenmayer},
    {"rosette", rosette},
    {"round_dance", roundDanceSixtyFrames},
};

}  // namespace turtledemo
