// Step 12: dig(WEST) digs the square to the left of the turtle, but from the left edge there is
// nowhere to go: the turtle stays where it is.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("dig west from the left edge stays where it is", "[lesson02][step12]") {
  Maze m;
  m.reset();
  CHECK(m.dig(WEST) == turtle::Vec2D(-190, 190));
  CHECK(m.getMatrixValueAt(m.turtle.position()) == 0);
}

// The test above passes even if dig ignores WEST altogether. This one does not.
TEST_CASE("dig west moves the turtle one square left and empties that square",
          "[lesson02][step12]") {
  Maze m;
  m.reset();
  m.dig(EAST);
  m.dig(EAST);
  m.dig(SOUTH);
  m.dig(SOUTH);  // now at (-150, 150)
  CHECK(m.dig(WEST) == turtle::Vec2D(-170, 150));
  CHECK(m.matrix[2][1] == 0);
  CHECK(m.dig(WEST) == turtle::Vec2D(-190, 150));
  CHECK(m.matrix[2][0] == 0);
  CHECK(m.screen.colorAt(-190, 150) == "white");
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
