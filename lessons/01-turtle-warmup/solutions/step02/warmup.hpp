#pragma once
// Lesson 1 after step 2: the screen is blue, all wall.

#include <turtle/turtle.hpp>

inline turtle::Screen makeScreen() {
  turtle::Screen screen;
  screen.bgcolor("blue");
  return screen;
}
