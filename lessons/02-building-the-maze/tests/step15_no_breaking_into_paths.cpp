// Step 15: digging never breaks into another path: dig digs only a wall, and only if the square
// beyond it and the two beside it are not open. Squares off the matrix count as wall.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("dig stops rather than break into a path ahead", "[lesson02][step15]") {
  Maze m;
  m.reset();
  m.setMatrixValueAt(turtle::Vec2D(-190, 150), 0);  // a path two squares below the turtle
  CHECK(m.dig(SOUTH) == turtle::Vec2D(-190, 190));
  CHECK(m.matrix[1][0] == 1);

  m.setMatrixValueAt(turtle::Vec2D(-150, 190), 0);  // and two squares to its right
  CHECK(m.dig(EAST) == turtle::Vec2D(-190, 190));
  CHECK(m.matrix[0][1] == 1);

  m.turtle.goTo(-150, 150);  // two squares right of the path at (-190, 150)
  CHECK(m.dig(WEST) == turtle::Vec2D(-150, 150));

  m.turtle.goTo(-190, 150);  // two squares below the start
  CHECK(m.dig(NORTH) == turtle::Vec2D(-190, 150));
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}

TEST_CASE("dig stops rather than break into a path beside the square", "[lesson02][step15]") {
  Maze m;
  m.reset();
  m.setMatrixValueAt(turtle::Vec2D(-170, 170), 0);  // right beside the square below the start
  CHECK(m.dig(SOUTH) == turtle::Vec2D(-190, 190));
  CHECK(m.matrix[1][0] == 1);
}

TEST_CASE("dig does not dig a square that is open already", "[lesson02][step15]") {
  Maze m;
  m.reset();
  m.dig(EAST);
  CHECK(m.dig(WEST) == turtle::Vec2D(-170, 190));  // back onto the start: not a wall
}
