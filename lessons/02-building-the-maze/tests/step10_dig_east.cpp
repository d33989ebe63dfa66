// Step 10: dig(EAST) digs the square to the right of the turtle and moves the turtle onto it,
// returning the turtle's new position. The four directions get names; they are numbered the
// way the turtle turns, counter-clockwise from east.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("dig east moves the turtle one square right and empties that square",
          "[lesson02][step10]") {
  Maze m;
  m.reset();
  CHECK(m.dig(EAST) == turtle::Vec2D(-170, 190));
  CHECK(m.turtle.position() == turtle::Vec2D(-170, 190));
  CHECK(m.matrix[0][1] == 0);
  CHECK(m.screen.colorAt(-170, 190) == "white");

  CHECK(m.dig(EAST) == turtle::Vec2D(-150, 190));
  CHECK(m.matrix[0][2] == 0);
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}

TEST_CASE("the directions are numbered counter-clockwise from east", "[lesson02][step10]") {
  CHECK(EAST == 0);
  CHECK(NORTH == 1);
  CHECK(WEST == 2);
  CHECK(SOUTH == 3);
}
