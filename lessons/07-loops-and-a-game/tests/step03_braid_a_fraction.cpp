// Step 3: braid(fraction) opens walls for only that fraction of the dead ends: braid(0.25)
// opens a wall for one dead end in four. A fraction outside 0 to 1 is refused.
#include <catch2/catch.hpp>
#include <cmath>
#include <lesson_picture.hpp>
#include <stdexcept>
#include <vector>

#include "maze.hpp"
#include "mazes.hpp"

TEST_CASE("braid opens one wall for each dead end in its fraction", "[lesson07][step03]") {
  for (int seed = 1; seed <= 3; ++seed) {
    INFO("the maze made with seed " << seed);
    Maze m;
    lesson07::makeSeededMaze(m, seed);
    const std::vector<std::vector<int>> before = m.matrix;
    const int deadEndsBefore = m.deadEnds();
    const int wallsBefore = lesson07::wallCount(m);
    m.braid(0.25);
    const long walls = std::lround(0.25 * deadEndsBefore);  // walls to take down
    CHECK(wallsBefore - lesson07::wallCount(m) == walls);
    // Each wall ends at least one dead end, and at most two: when both its cells were one.
    CHECK(m.deadEnds() <= deadEndsBefore - walls);
    CHECK(m.deadEnds() >= deadEndsBefore - 2 * walls);
    lesson07::checkOnlyWallsBetweenCellsOpened(before, m);
    if (seed == 3) {
      m.turtle.hideturtle();
      lesson::picture(m.screen);
    }
  }
}

TEST_CASE("braid(0) changes nothing", "[lesson07][step03]") {
  Maze m;
  lesson07::makeSeededMaze(m, 2);
  const std::vector<std::vector<int>> before = m.matrix;
  m.braid(0);
  CHECK(m.matrix == before);
}

TEST_CASE("a fraction outside 0 to 1 is refused, with the fraction given", "[lesson07][step03]") {
  Maze m;
  lesson07::makeSeededMaze(m, 2);
  const std::vector<std::vector<int>> before = m.matrix;
  CHECK_THROWS_AS(m.braid(1.5), std::invalid_argument);
  CHECK_THROWS_WITH(m.braid(1.5), Catch::Contains("1.5") && Catch::Contains("0 to 1"));
  CHECK_THROWS_WITH(m.braid(-0.25), Catch::Contains("-0.25"));
  CHECK(m.matrix == before);  // nothing was opened
}
