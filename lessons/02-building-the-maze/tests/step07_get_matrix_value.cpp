// Step 7: getMatrixValueAt(position) reads the square under a turtle position: the matrix
// counts rows down from the top and columns right from the left, matrix[row][col]. A position
// off the matrix is not a square at all, and reads -1.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("getMatrixValueAt reads the square under a position", "[lesson02][step07]") {
  Maze m;
  m.reset();
  CHECK(m.getMatrixValueAt(m.turtle.position()) == 0);
  CHECK(m.getMatrixValueAt(turtle::Vec2D(-190, 190)) == 0);
  CHECK(m.getMatrixValueAt(turtle::Vec2D(-170, 190)) == 1);
  CHECK(m.getMatrixValueAt(turtle::Vec2D(190, -190)) == 1);

  // Row first, then column: one square right of the corner is row 0, column 1.
  m.matrix[0][1] = 0;
  CHECK(m.getMatrixValueAt(turtle::Vec2D(-170, 190)) == 0);
  CHECK(m.getMatrixValueAt(turtle::Vec2D(-190, 170)) == 1);
  // Anywhere inside a square reads that square, not only its centre.
  CHECK(m.getMatrixValueAt(turtle::Vec2D(-179.5, 199.5)) == 0);
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}

TEST_CASE("getMatrixValueAt reads -1 off the matrix", "[lesson02][step07]") {
  Maze m;
  m.reset();
  CHECK(m.getMatrixValueAt(turtle::Vec2D(-210, 190)) == -1);    // left of it
  CHECK(m.getMatrixValueAt(turtle::Vec2D(210, 190)) == -1);     // right
  CHECK(m.getMatrixValueAt(turtle::Vec2D(-190, 210)) == -1);    // above
  CHECK(m.getMatrixValueAt(turtle::Vec2D(-190, -210)) == -1);   // below
  CHECK(m.getMatrixValueAt(turtle::Vec2D(-200.5, 190)) == -1);  // just past the edge
}
