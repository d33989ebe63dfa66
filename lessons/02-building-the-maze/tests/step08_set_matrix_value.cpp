// Step 8: setMatrixValueAt(position, value) writes the square under a position and says true;
// off the matrix it changes nothing and says false.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("setMatrixValueAt writes the square under a position", "[lesson02][step08]") {
  Maze m;
  m.reset();
  CHECK(m.setMatrixValueAt(m.turtle.position(), 1));
  CHECK(m.matrix[0][0] == 1);
  CHECK(m.getMatrixValueAt(m.turtle.position()) == 1);

  // Two squares right of the corner is row 0, column 2; two below is row 2, column 0.
  CHECK(m.setMatrixValueAt(turtle::Vec2D(-150, 190), 0));
  CHECK(m.matrix[0][2] == 0);
  CHECK(m.matrix[2][0] == 1);
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}

TEST_CASE("setMatrixValueAt changes nothing off the matrix", "[lesson02][step08]") {
  Maze m;
  m.reset();
  const auto before = m.matrix;
  CHECK_FALSE(m.setMatrixValueAt(turtle::Vec2D(-210, 190), 0));
  CHECK_FALSE(m.setMatrixValueAt(turtle::Vec2D(190, -210), 0));
  CHECK(m.matrix == before);
}
