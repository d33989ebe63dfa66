// Step 3: a maze is a grid of cells, CellGrid, cells[row][col]. dig(cells, row, col, direction)
// opens an exit in a cell - and refuses a cell that is not on the grid, an exit that would lead
// off it, and a direction that is not one of the four.
#include <catch2/catch.hpp>
#include <cstdint>
#include <lesson_picture.hpp>
#include <vector>

#include "cell_helpers.hpp"
#include "cells.hpp"

TEST_CASE("dig opens an exit in the cell", "[lesson06][step03]") {
  CellGrid cells(3, std::vector<std::uint8_t>(4, 0));  // 3 rows of 4 cells, no exits yet
  dig(cells, 0, 0, Cell::EAST);
  CHECK(bits(cells[0][0]) == bits(Cell::EAST));
  dig(cells, 0, 0, Cell::SOUTH);
  CHECK(bits(cells[0][0]) == bits(Cell::EAST | Cell::SOUTH));
  dig(cells, 2, 3, Cell::NORTH);
  dig(cells, 2, 3, Cell::WEST);
  CHECK(bits(cells[2][3]) == bits(Cell::NORTH | Cell::WEST));
  CHECK(bits(cells[1][1]) == "00000000");  // a cell nobody dug from

  // The picture: a corridor dug through a 10 by 10 grid, along the top and down the right.
  CellGrid grid(10, std::vector<std::uint8_t>(10, 0));
  for (int col = 0; col < 9; ++col) dig(grid, 0, col, Cell::EAST);
  for (int row = 0; row < 9; ++row) dig(grid, row, 9, Cell::SOUTH);
  for (int i = 0; i < 10; ++i) {  // the digger has been along it: white
    grid[0][i] |= Cell::VISITED;
    grid[i][9] |= Cell::VISITED;
  }
  turtle::Screen screen;
  lesson::drawCells(screen, grid);
  lesson::picture(screen);
}

TEST_CASE("dig refuses a cell off the grid, a way off the grid and a wrong direction",
          "[lesson06][step03]") {
  CellGrid cells(3, std::vector<std::uint8_t>(4, 0));
  const CellGrid before = cells;
  CHECK_THROWS_WITH(dig(cells, 3, 0, Cell::EAST),
                    Catch::Contains("cell (3, 0)") && Catch::Contains("rows 0 to 2"));
  CHECK_THROWS_WITH(dig(cells, 0, -1, Cell::EAST),
                    Catch::Contains("cell (0, -1)") && Catch::Contains("columns 0 to 3"));
  CHECK_THROWS_WITH(dig(cells, 0, 3, Cell::EAST),
                    Catch::Contains("cell (0, 3)") && Catch::Contains("edge"));
  CHECK_THROWS_WITH(dig(cells, 0, 0, Cell::NORTH),
                    Catch::Contains("cell (0, 0)") && Catch::Contains("edge"));
  CHECK_THROWS_WITH(dig(cells, 2, 1, Cell::SOUTH), Catch::Contains("cell (2, 1)"));
  CHECK_THROWS_WITH(dig(cells, 1, 0, Cell::WEST), Catch::Contains("cell (1, 0)"));
  CHECK_THROWS_WITH(dig(cells, 1, 1, Cell::VISITED),
                    Catch::Contains("got 16") && Catch::Contains("Cell::WEST"));
  CHECK_THROWS_WITH(dig(cells, 1, 1, Cell::NORTH | Cell::EAST), Catch::Contains("got 3"));
  CHECK(cells == before);  // nothing refused was dug
}
