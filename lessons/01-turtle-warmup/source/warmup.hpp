#pragma once
//@ 1
// Lesson 1 after step 1: a screen to draw on.
//@ end
//@ 2
// Lesson 1 after step 2: the screen is blue, all wall.
//@ end
//@ 3
// Lesson 1 after step 3: a square stamped where we ask for it.
//@ end
//@ 4
// Lesson 1 after step 4: the turtle lifts its pen before it moves.
//@ end
//@ 5-
// Lesson 1 after step 5: a white path along the top of the maze.
//@ end

#include <turtle/turtle.hpp>
//@ 5-

// The maze's numbers, each named once: a name says what a number means, and a number that
// changes is changed here, in one place.
constexpr int SIZE = 20;    // squares in each row of the maze
constexpr int SQUARE = 20;  // a square's side on the screen, in pixels
constexpr int LEFT = -190;  // x of the centre of the first square in a row
constexpr int TOP = 190;    // y of the centre of every square in the top row
//@ end

inline turtle::Screen makeScreen() {
  turtle::Screen screen;
//@ 2-
  screen.bgcolor("blue");
//@ end
  return screen;
}
//@ 3-

inline void stampSquare(turtle::Turtle& t, double x, double y, const turtle::Color& color) {
//@ end
//@ 4-
  t.penup();
//@ end
//@ 3-
  t.goTo(x, y);
  t.shape("square");
  t.color(color);
  t.stamp();
}
//@ end
//@ 5-

inline void stampTopRow(turtle::Turtle& t) {
  for (int col = 0; col < SIZE; ++col) {
    stampSquare(t, LEFT + SQUARE * col, TOP, "white");
  }
}
//@ end
