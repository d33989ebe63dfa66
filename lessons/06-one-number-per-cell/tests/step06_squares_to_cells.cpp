// Step 6: toCells(m) reads a Maze's matrix of squares as cells: the cell cells[row][col] is the
// square matrix[2 * row][2 * col]; it is VISITED when that square is open, and it has an exit
// wherever the square between it and a neighbour is open.
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>
#include <lesson_picture.hpp>
#include <vector>

#include "cell_helpers.hpp"
#include "cells.hpp"

namespace {

// True when the square at matrix[row][col] is on the matrix and open.
bool openSquare(const Maze& m, int row, int col) {
  return row >= 0 && row < static_cast<int>(m.matrix.size()) && col >= 0 &&
         col < static_cast<int>(m.matrix[row].size()) && m.matrix[row][col] != WALL;
}

}  // namespace

TEST_CASE("toCells reads a fresh maze: one VISITED cell with no exits", "[lesson06][step06]") {
  Maze m;
  m.reset();  // only the top-left square is open
  const CellGrid cells = toCells(m);
  const std::size_t cellRows = (m.matrix.size() + 1) / 2;  // the even rows: 0, 2, 4, ...
  REQUIRE(cells.size() == cellRows);
  for (std::size_t row = 0; row < cellRows; ++row) {
    INFO("row " << row);
    REQUIRE(cells[row].size() == cellRows);
    for (std::size_t col = 0; col < cellRows; ++col) {
      const std::uint8_t expected = row == 0 && col == 0 ? Cell::VISITED : 0;
      CHECK(bits(cells[row][col]) == bits(expected));
    }
  }
}

TEST_CASE("toCells reads a corridor dug in the matrix", "[lesson06][step06]") {
  Maze m;
  m.reset();
  for (int i = 0; i < 4; ++i) m.dig(EAST);  // cells (0, 0), (0, 1), (0, 2)
  m.dig(SOUTH);
  m.dig(SOUTH);  // and down to cell (1, 2)
  const CellGrid cells = toCells(m);
  REQUIRE(cells.size() >= 2);
  CHECK(bits(cells[0][0]) == bits(Cell::VISITED | Cell::EAST));
  CHECK(bits(cells[0][1]) == bits(Cell::VISITED | Cell::WEST | Cell::EAST));
  CHECK(bits(cells[0][2]) == bits(Cell::VISITED | Cell::WEST | Cell::SOUTH));
  CHECK(bits(cells[1][2]) == bits(Cell::VISITED | Cell::NORTH));
  CHECK(bits(cells[1][1]) == "00000000");
}

TEST_CASE("toCells reads made mazes: every cell VISITED, an exit for every open passage",
          "[lesson06][step06]") {
  for (int seed = 1; seed <= 3; ++seed) {
    INFO("the maze made with seed " << seed);
    Maze m;
    m.seed(seed);
    m.reset();
    m.makeMaze();
    const CellGrid cells = toCells(m);
    const int rows = static_cast<int>(m.matrix.size() + 1) / 2;
    REQUIRE(static_cast<int>(cells.size()) == rows);
    int exits = 0;
    for (int row = 0; row < rows; ++row) {
      REQUIRE(static_cast<int>(cells[row].size()) == rows);
      for (int col = 0; col < rows; ++col) {
        INFO("cell (" << row << ", " << col << ") is " << bits(cells[row][col]));
        const std::uint8_t cell = cells[row][col];
        const int r = 2 * row;  // the cell's square in the matrix
        const int c = 2 * col;
        CHECK((cell & Cell::VISITED) != 0);
        CHECK(((cell & Cell::NORTH) != 0) == openSquare(m, r - 1, c));
        CHECK(((cell & Cell::SOUTH) != 0) == openSquare(m, r + 1, c));
        CHECK(((cell & Cell::WEST) != 0) == openSquare(m, r, c - 1));
        CHECK(((cell & Cell::EAST) != 0) == openSquare(m, r, c + 1));
        for (int flag : {Cell::NORTH, Cell::EAST, Cell::SOUTH, Cell::WEST}) {
          if (cell & flag) ++exits;
        }
      }
    }
    // A perfect maze of rows * rows cells has one passage fewer than cells: two exits each.
    CHECK(exits == 2 * (rows * rows - 1));
    if (seed == 1) {
      turtle::Screen screen;
      lesson::drawCells(screen, cells, true);  // the maze drawn from its numbers, and the numbers
      lesson::picture(screen);
    }
  }
}
