// Step 17: neighbors() tells what lies two squares from the turtle - the next cell in each
// direction, past the wall between - north, south, east and west, with each one's position and
// value. Off the matrix the value is -1.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("neighbors after reset: nothing north or west, wall south and east",
          "[lesson02][step17]") {
  Maze m;
  m.reset();
  const auto n = m.neighbors();
  REQUIRE(n.size() == 4);
  CHECK(n[0].position == turtle::Vec2D(-190, 230));  // north
  CHECK(n[0].value == -1);
  CHECK(n[1].position == turtle::Vec2D(-190, 150));  // south
  CHECK(n[1].value == 1);
  CHECK(n[2].position == turtle::Vec2D(-150, 190));  // east
  CHECK(n[2].value == 1);
  CHECK(n[3].position == turtle::Vec2D(-230, 190));  // west
  CHECK(n[3].value == -1);
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}

TEST_CASE("neighbors look two squares away from wherever the turtle is", "[lesson02][step17]") {
  Maze m;
  m.reset();
  m.turtle.goTo(-170, 170);  // still too near the top-left edges to have a cell north or west
  auto n = m.neighbors();
  REQUIRE(n.size() == 4);
  CHECK(n[0].value == -1);
  CHECK(n[1].value == 1);
  CHECK(n[2].value == 1);
  CHECK(n[3].value == -1);

  m.turtle.goTo(-190, 190);
  m.dig(EAST);
  m.dig(EAST);               // the cell at row 0, column 2 is dug out
  m.turtle.goTo(-150, 150);  // the cell at row 2, column 2, below it
  n = m.neighbors();
  REQUIRE(n.size() == 4);
  CHECK(n[0].position == turtle::Vec2D(-150, 190));
  CHECK(n[0].value == 0);
  CHECK(n[1].value == 1);
  CHECK(n[2].value == 1);
  CHECK(n[3].value == 1);
}
