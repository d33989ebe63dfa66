#pragma once
// Lesson 1 after step 5: a white path along the top of the maze.

#include <turtle/turtle.hpp>

// The maze's numbers, each named once: a name says what a number means, and a number that
// changes is changed here, in one place.
constexpr int SIZE = 20;    // squares in each row of the maze
constexpr int SQUARE = 20;  // a square's side on the screen, in pixels
constexpr int LEFT = -190;  // x of the centre of the first square in a row
constexpr int TOP = 190;    // y of the centre of every square in the top row

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
  for (int col = 0; col < SIZE; ++col) {
    stampSquare(t, LEFT + SQUARE * col, TOP, "white");
  }
}
