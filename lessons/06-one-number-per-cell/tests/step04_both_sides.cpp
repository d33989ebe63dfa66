// Step 4: the wall between two cells belongs to both of them, so dig opens it from both sides:
// the cell gets the exit, and the neighbour that way gets the opposite one.
#include <catch2/catch.hpp>
#include <cstdint>
#include <lesson_picture.hpp>
#include <vector>

#include "cell_helpers.hpp"
#include "cells.hpp"

TEST_CASE("dig gives the neighbour the opposite exit", "[lesson06][step04]") {
  CellGrid cells(3, std::vector<std::uint8_t>(3, 0));
  dig(cells, 1, 1, Cell::EAST);
  CHECK(bits(cells[1][1]) == bits(Cell::EAST));
  CHECK(bits(cells[1][2]) == bits(Cell::WEST));
  dig(cells, 1, 1, Cell::SOUTH);
  CHECK(bits(cells[2][1]) == bits(Cell::NORTH));
  dig(cells, 1, 1, Cell::WEST);
  CHECK(bits(cells[1][0]) == bits(Cell::EAST));
  dig(cells, 1, 1, Cell::NORTH);
  CHECK(bits(cells[0][1]) == bits(Cell::SOUTH));
  CHECK(bits(cells[1][1]) == "00001111");  // open on all four sides
  CHECK(bits(cells[0][0]) == "00000000");  // the corners are nobody's neighbour
  CHECK(bits(cells[2][2]) == "00000000");

  // The picture: the corridor of step 3 again, now open all the way.
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

TEST_CASE("after any digging every exit has its neighbour's exit facing it", "[lesson06][step04]") {
  CellGrid cells(4, std::vector<std::uint8_t>(5, 0));
  // A winding path: east, south, west, south, east, east, north.
  int row = 0;
  int col = 0;
  for (int direction :
       {Cell::EAST, Cell::SOUTH, Cell::WEST, Cell::SOUTH, Cell::EAST, Cell::EAST, Cell::NORTH}) {
    dig(cells, row, col, direction);
    if (direction == Cell::EAST) ++col;
    if (direction == Cell::WEST) --col;
    if (direction == Cell::SOUTH) ++row;
    if (direction == Cell::NORTH) --row;
  }
  // .at() throws, and the test fails, rather than reading past a row for an exit off the grid.
  int exits = 0;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 5; ++c) {
      INFO("cell (" << r << ", " << c << ") is " << bits(cells[r][c]));
      if (cells[r][c] & Cell::EAST) CHECK((cells.at(r).at(c + 1) & Cell::WEST) != 0);
      if (cells[r][c] & Cell::WEST) CHECK((cells.at(r).at(c - 1) & Cell::EAST) != 0);
      if (cells[r][c] & Cell::SOUTH) CHECK((cells.at(r + 1).at(c) & Cell::NORTH) != 0);
      if (cells[r][c] & Cell::NORTH) CHECK((cells.at(r - 1).at(c) & Cell::SOUTH) != 0);
      for (int flag : {Cell::NORTH, Cell::EAST, Cell::SOUTH, Cell::WEST}) {
        if (cells[r][c] & flag) ++exits;
      }
    }
  }
  CHECK(exits == 2 * 7);  // seven walls dug, each an exit on both sides
}
