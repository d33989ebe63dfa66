// Step 14: digging stops at every edge of the maze: towards the outside the turtle stays where
// it is, and a direction that is none of the four is a mistake that dig reports.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <stdexcept>

#include "maze.hpp"

TEST_CASE("dig never leaves the matrix", "[lesson02][step14]") {
  Maze m;
  m.reset();
  CHECK(m.dig(NORTH) == turtle::Vec2D(-190, 190));  // the top edge

  m.turtle.goTo(190, 190);  // the top-right square
  CHECK(m.dig(EAST) == turtle::Vec2D(190, 190));
  CHECK(m.dig(NORTH) == turtle::Vec2D(190, 190));

  m.turtle.goTo(190, -190);  // the bottom-right square
  CHECK(m.dig(EAST) == turtle::Vec2D(190, -190));
  CHECK(m.dig(SOUTH) == turtle::Vec2D(190, -190));

  m.turtle.goTo(-190, -190);  // the bottom-left square
  CHECK(m.dig(SOUTH) == turtle::Vec2D(-190, -190));
  CHECK(m.dig(WEST) == turtle::Vec2D(-190, -190));
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}

TEST_CASE("dig reports a direction that is not one of the four", "[lesson02][step14]") {
  Maze m;
  m.reset();
  CHECK_THROWS_AS(m.dig(4), std::invalid_argument);
  CHECK_THROWS_AS(m.dig(-1), std::invalid_argument);
  CHECK(m.turtle.position() == turtle::Vec2D(-190, 190));
}
