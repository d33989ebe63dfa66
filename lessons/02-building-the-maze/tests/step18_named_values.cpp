// Step 18: the values a square can hold get names, as the directions did: INVALID (-1, off the
// matrix), EMPTY (0), WALL (1), VISITED (2, for lesson 3) and END (3, the goal).
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("the values of a square have names", "[lesson02][step18]") {
  CHECK(INVALID == -1);
  CHECK(EMPTY == 0);
  CHECK(WALL == 1);
  CHECK(VISITED == 2);
  CHECK(END == 3);
}

TEST_CASE("with names the tests read as they mean", "[lesson02][step18]") {
  Maze m;
  m.reset();
  CHECK(m.getMatrixValueAt(m.turtle.position()) == EMPTY);
  const auto n = m.neighbors();
  REQUIRE(n.size() == 4);
  CHECK(n[0].value == INVALID);
  CHECK(n[1].value == WALL);
  CHECK(n[2].value == WALL);
  CHECK(n[3].value == INVALID);
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
