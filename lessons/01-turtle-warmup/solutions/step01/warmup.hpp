#pragma once
// Lesson 1 after step 1: a screen to draw on.

#include <turtle/turtle.hpp>

inline turtle::Screen makeScreen() {
  turtle::Screen screen;
  return screen;
}
