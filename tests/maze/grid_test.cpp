// The compact maze model: walls as bits, border always closed, clear errors.
#include <catch2/catch.hpp>

#include "maze/grid.hpp"

using maze::Cell;
using maze::Direction;
using maze::Grid;

TEST_CASE("a new grid has every wall closed", "[maze][grid]") {
  Grid grid(3, 4);
  CHECK(grid.rows() == 3);
  CHECK(grid.cols() == 4);
  CHECK(grid.cellCount() == 12);
  CHECK(grid.passageCount() == 0);
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 4; ++c) CHECK(grid.openCount({r, c}) == 0);
  }
}

TEST_CASE("opening a wall opens it from both sides", "[maze][grid]") {
  Grid grid(3, 3);
  grid.open({1, 1}, Direction::east);
  CHECK(grid.isOpen({1, 1}, Direction::east));
  CHECK(grid.isOpen({1, 2}, Direction::west));
  grid.open({1, 1}, Direction::north);
  CHECK(grid.isOpen({0, 1}, Direction::south));
  CHECK_FALSE(grid.isOpen({1, 1}, Direction::west));
  CHECK(grid.openCount({1, 1}) == 2);
  CHECK(grid.passageCount() == 2);
  grid.close({0, 1}, Direction::south);
  CHECK_FALSE(grid.isOpen({1, 1}, Direction::north));
  CHECK(grid.passageCount() == 1);
}

TEST_CASE("border walls cannot be opened and read as closed", "[maze][grid]") {
  Grid grid(2, 2);
  REQUIRE_THROWS_WITH(
      grid.open({0, 1}, Direction::east),
      "cannot open the east wall of cell (0, 1): it is on the border of the 2×2 grid");
  REQUIRE_THROWS_AS(grid.open({0, 0}, Direction::north), std::out_of_range);
  REQUIRE_THROWS_WITH(grid.open({5, 0}, Direction::east),
                      "cannot open a wall of cell (5, 0): the 2×2 grid has rows 0 to 1 and "
                      "columns 0 to 1");
  CHECK_FALSE(grid.isOpen({0, 0}, Direction::north));
}

TEST_CASE("every call that takes a cell refuses one off the grid, naming it and the grid's size",
          "[maze][grid]") {
  Grid grid(2, 3);
  REQUIRE_THROWS_WITH(grid.isOpen({-1, 7}, Direction::south),
                      "cannot look at the walls of cell (-1, 7): the 2×3 grid has rows 0 to 1 "
                      "and columns 0 to 2");
  REQUIRE_THROWS_WITH(grid.openCount({2, 0}),
                      "cannot count the open walls of cell (2, 0): the 2×3 grid has rows 0 to 1 "
                      "and columns 0 to 2");
  REQUIRE_THROWS_WITH(grid.index({0, 3}),
                      "cannot number cell (0, 3): the 2×3 grid has rows 0 to 1 and columns 0 to 2");
  REQUIRE_THROWS_WITH(grid.cellAt(6),
                      "there is no cell number 6 in the 2×3 grid: its cells are numbered 0 to 5");
  REQUIRE_THROWS_AS(grid.close({0, -1}, Direction::east), std::out_of_range);
  CHECK(grid.index({1, 2}) == 5);
  CHECK(grid.cellAt(5) == Cell{1, 2});
}

TEST_CASE("a grid smaller than 1x1 is refused with its size in the message", "[maze][grid]") {
  REQUIRE_THROWS_WITH(Grid(0, 5), "maze size must be at least 1×1, got 0×5");
  REQUIRE_THROWS_WITH(Grid(3, -2), "maze size must be at least 1×1, got 3×-2");
  REQUIRE_THROWS_AS(Grid(100000, 100000), std::invalid_argument);
}

TEST_CASE("a grid holds two bits per cell", "[maze][grid]") {
  Grid grid(1000, 1000);
  CHECK(grid.memoryBytes() <= 1000 * 1000 / 4 + 64);
}

TEST_CASE("openAll makes one room and closeAll undoes it", "[maze][grid]") {
  Grid grid(4, 5);
  grid.openAll();
  CHECK(grid.passageCount() == 4 * 4 + 3 * 5);
  CHECK(grid.openCount({0, 0}) == 2);
  CHECK(grid.openCount({1, 1}) == 4);
  grid.closeAll();
  CHECK(grid.passageCount() == 0);
}

TEST_CASE("cell indices run row by row", "[maze][grid]") {
  Grid grid(3, 7);
  CHECK(grid.index({2, 3}) == 17);
  CHECK(grid.cellAt(17) == Cell{2, 3});
}
