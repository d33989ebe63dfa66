// Step 2: braid(1) takes down one wall at every dead end, so that the maze has loops and no
// dead end is left.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <vector>

#include "maze.hpp"
#include "mazes.hpp"

TEST_CASE("braid joins the two ends of a U into a loop", "[lesson07][step02]") {
  Maze m;
  m.reset();
  m.dig(EAST);  // a U: east, down and back west, with one wall between its two ends
  m.dig(EAST);
  m.dig(SOUTH);
  m.dig(SOUTH);
  m.dig(WEST);
  m.dig(WEST);
  REQUIRE(m.deadEnds() == 2);
  m.braid(1);
  CHECK(m.matrix[1][0] == EMPTY);  // the wall between the ends
  CHECK(m.deadEnds() == 0);
}

TEST_CASE("braid(1) leaves a made maze with no dead end, and whole", "[lesson07][step02]") {
  Maze m;
  lesson07::makeSeededMaze(m, 4);
  const std::vector<std::vector<int>> before = m.matrix;
  REQUIRE(m.deadEnds() > 0);
  m.braid(1);
  CHECK(m.deadEnds() == 0);
  lesson07::checkOnlyWallsBetweenCellsOpened(before, m);
  m.turtle.hideturtle();
  lesson::picture(m.screen);
}
