// Step 1: a Maze can be any even number of squares on a side, Maze m(30), and still fills the
// screen; Maze m without a size is the 20 by 20 maze of lessons 2 to 4.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <stdexcept>

#include "maze.hpp"
#include "maze_checks.hpp"

TEST_CASE("a maze can have 30 squares on a side", "[lesson05][step01]") {
  Maze m(30);
  CHECK(m.size() == 30);
  REQUIRE(m.matrix.size() == 30);
  for (const auto& row : m.matrix) CHECK(row.size() == 30);

  m.reset();
  CHECK(m.matrix[0][0] == EMPTY);
  CHECK(m.matrix[0][1] == WALL);
  // 30 squares fill the 400 pixels: each is 400 / 30 = 13.3 pixels wide.
  CHECK(m.turtle.position() == turtle::Vec2D(-200 + 400.0 / 60, 200 - 400.0 / 60));
  CHECK(m.screen.colorAt(-200 + 12, 200 - 12) == "white");  // inside square [0][0]
  CHECK(m.screen.colorAt(-200 + 15, 200 - 2) == "blue");    // inside square [0][1]
}

TEST_CASE("a 30 by 30 maze is made and solved", "[lesson05][step01]") {
  Maze m(30);
  m.seed(5);
  m.reset();
  m.makeMaze();
  lesson::checkMadeMaze(m);
  CHECK(m.getMatrixValueAt(m.centreOf(28, 28)) == END);
  lesson::checkWayThrough(m, m.solve());
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}

TEST_CASE("a maze without a size is 20 by 20", "[lesson05][step01]") {
  Maze m;
  CHECK(m.size() == 20);
  CHECK(m.matrix.size() == 20);
  m.reset();
  m.makeMaze();
  lesson::checkMadeMaze(m);
}

TEST_CASE("a maze's size must be even and 4 or more", "[lesson05][step01]") {
  CHECK_THROWS_AS(Maze(7), std::invalid_argument);
  CHECK_THROWS_WITH(Maze(7), Catch::Contains("got 7"));
  CHECK_THROWS_WITH(Maze(2), Catch::Contains("got 2"));
  CHECK_NOTHROW(Maze(4));
}
