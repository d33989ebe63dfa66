// Step 22: the maze needs a goal: makeMaze() finishes by making the bottom-right cell, at
// (170, -170), the END, painted yellow.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("makeMaze makes the bottom-right cell the yellow END", "[lesson02][step22]") {
  Maze m;
  m.seed(3);
  m.reset();
  m.makeMaze();
  CHECK(m.getMatrixValueAt(turtle::Vec2D(170, -170)) == END);
  CHECK(m.matrix[18][18] == END);
  CHECK(m.screen.colorAt(170, -170) == "yellow");

  int ends = 0;
  int emptyCells = 0;
  for (int row = 0; row < 20; ++row) {
    for (int col = 0; col < 20; ++col) {
      if (m.matrix[row][col] == END) ++ends;
      if (row % 2 == 0 && col % 2 == 0 && m.matrix[row][col] == EMPTY) ++emptyCells;
    }
  }
  CHECK(ends == 1);
  CHECK(emptyCells == 99);  // every other cell is still dug out
  m.turtle.hideturtle();    // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
