// Step 16: the maze's cells are the squares with an even row and column; the squares between
// them are passages. A passage must lead to a cell, so dig never digs one whose far side is off
// the matrix: the last row and the last column stay wall. A cell on the edge can still be dug.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("dig leaves the last row and the last column as wall", "[lesson02][step16]") {
  Maze m;
  m.reset();
  m.turtle.goTo(-190, -170);  // row 18: below it, row 19 leads nowhere
  CHECK(m.dig(SOUTH) == turtle::Vec2D(-190, -170));
  CHECK(m.matrix[19][0] == 1);

  m.turtle.goTo(170, 190);  // column 18: right of it, column 19 leads nowhere
  CHECK(m.dig(EAST) == turtle::Vec2D(170, 190));
  CHECK(m.matrix[0][19] == 1);
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}

TEST_CASE("dig still reaches a cell on the edge", "[lesson02][step16]") {
  Maze m;
  m.reset();
  m.turtle.goTo(-170, 150);                        // the passage at row 2, column 1
  CHECK(m.dig(WEST) == turtle::Vec2D(-190, 150));  // the cell at row 2, column 0
  CHECK(m.matrix[2][0] == 0);
}
