// Step 8: Maze Master writes the same maze a third way: each cell keeps only its right and its
// lower wall, numbered 1 to 4 (0: not visited). toTwoWalls and fromTwoWalls convert between
// that and the cells, and nothing is lost: cells to two walls and back gives the same cells, and
// the same maze.
#include <catch2/catch.hpp>
#include <cstdint>
#include <lesson_picture.hpp>
#include <vector>

#include "cell_helpers.hpp"
#include "cells.hpp"

TEST_CASE("toTwoWalls numbers each cell by its right and lower walls as Maze Master does",
          "[lesson06][step08]") {
  CHECK(TwoWalls::NOT_VISITED == 0);
  CHECK(TwoWalls::NO_WALLS == 1);
  CHECK(TwoWalls::RIGHT_WALL == 2);
  CHECK(TwoWalls::LOWER_WALL == 3);
  CHECK(TwoWalls::BOTH_WALLS == 4);

  CellGrid cells(2, std::vector<std::uint8_t>(3, Cell::VISITED));  // 2 rows of 3 cells
  dig(cells, 0, 0, Cell::EAST);
  dig(cells, 0, 0, Cell::SOUTH);
  dig(cells, 0, 1, Cell::SOUTH);
  dig(cells, 1, 1, Cell::EAST);
  dig(cells, 1, 2, Cell::NORTH);
  const std::vector<std::vector<int>> expected = {
      {TwoWalls::NO_WALLS, TwoWalls::RIGHT_WALL, TwoWalls::RIGHT_WALL},
      {TwoWalls::BOTH_WALLS, TwoWalls::LOWER_WALL, TwoWalls::BOTH_WALLS},
  };
  CHECK(toTwoWalls(cells) == expected);

  cells[1][2] = 0;  // a cell never visited
  CHECK(toTwoWalls(cells)[1][2] == TwoWalls::NOT_VISITED);
}

TEST_CASE("fromTwoWalls turns Maze Master's numbers into cells, with exits on both sides",
          "[lesson06][step08]") {
  const std::vector<std::vector<int>> walls = {{1, 2, 2}, {4, 3, 4}};
  const CellGrid cells = fromTwoWalls(walls);
  REQUIRE(cells.size() == 2);
  REQUIRE(cells[0].size() == 3);
  REQUIRE(cells[1].size() == 3);
  CHECK(bits(cells[0][0]) == bits(Cell::VISITED | Cell::EAST | Cell::SOUTH));
  CHECK(bits(cells[0][1]) == bits(Cell::VISITED | Cell::WEST | Cell::SOUTH));
  CHECK(bits(cells[0][2]) == bits(Cell::VISITED | Cell::SOUTH));
  CHECK(bits(cells[1][0]) == bits(Cell::VISITED | Cell::NORTH));
  CHECK(bits(cells[1][1]) == bits(Cell::VISITED | Cell::NORTH | Cell::EAST));
  CHECK(bits(cells[1][2]) == bits(Cell::VISITED | Cell::NORTH | Cell::WEST));
  CHECK(bits(fromTwoWalls({{0}})[0][0]) == "00000000");  // not visited
}

TEST_CASE("cells to two walls and back gives the same cells, and the same maze",
          "[lesson06][step08]") {
  for (int seed = 1; seed <= 5; ++seed) {
    INFO("the maze made with seed " << seed);
    Maze m;
    m.seed(seed);
    m.reset();
    m.makeMaze();
    const CellGrid cells = toCells(m);
    const std::vector<std::vector<int>> walls = toTwoWalls(cells);
    CHECK(fromTwoWalls(walls) == cells);
    CHECK(toMatrix(fromTwoWalls(walls)) == lesson::openOrWall(m.matrix));
    if (seed == 1) {
      turtle::Screen screen;
      lesson::drawTwoWalls(screen, walls);  // step 6's maze, drawn from two walls a cell
      lesson::picture(screen);
    }
  }
}

TEST_CASE("fromTwoWalls refuses a number that is not 0 to 4, and an exit off the grid",
          "[lesson06][step08]") {
  CHECK_THROWS_WITH(fromTwoWalls({{1, 4}, {4, 7}}),
                    Catch::Contains("[1][1]") && Catch::Contains("7") && Catch::Contains("1 to 4"));
  CHECK_THROWS_WITH(fromTwoWalls({{-1}}), Catch::Contains("-1"));
  // No right wall on the right edge: the exit east would lead off the grid.
  CHECK_THROWS_WITH(fromTwoWalls({{4, 3}}), Catch::Contains("cell (0, 1)"));
}
