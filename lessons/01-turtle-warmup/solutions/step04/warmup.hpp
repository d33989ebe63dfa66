#pragma once
// Lesson 1 after step 4: the turtle lifts its pen before it moves.

#include <turtle/turtle.hpp>

inline turtle::Screen makeScreen() {
  turtle::Screen screen;
  screen.bgcolor("blue");
  return screen;
}

inline void stampSquare(turtle::Turtle& t, double x, double y, const turtle::Color& color) {
  t.penup();
  t.goTo(x, y);
  t.shape("square");
  t.color(color);
  t.stamp();
}
