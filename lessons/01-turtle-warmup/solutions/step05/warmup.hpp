#pragma once
// Lesson 1 after step 5: a white path along the top of the maze.

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

inline void stampTopRow(turtle::Turtle& t) {
  for (double x = -190; x <= 190; x += 20) {
    stampSquare(t, x, 190, "white");
  }
}
