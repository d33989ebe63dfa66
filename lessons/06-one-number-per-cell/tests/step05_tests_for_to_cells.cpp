// Step 5 (your tests): tests for toCells(m), written before toCells itself: the cell
// cells[row][col] is the square matrix[2 * row][2 * col], VISITED when that square is open, with
// an exit on both sides wherever the square between two cells is open - right up to the last
// row and column, for a maze of any size, and with the END and a solved way counted as open.
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>
#include <lesson_picture.hpp>
#include <vector>

#include "cells.hpp"
#include "maze.hpp"

namespace {

// True when the square matrix[row][col] is on the matrix and not WALL.
bool isOpenSquare(const Maze& m, int row, int col) {
  const int size = static_cast<int>(m.matrix.size());
  return row >= 0 && row < size && col >= 0 && col < size && m.matrix[row][col] != WALL;
}

// Checks every cell of `cells` against the squares of `m`: VISITED when its square is open, and
// each of its four exits there exactly when the square between it and that neighbour is open.
void checkCellsMatchSquares(const Maze& m, const CellGrid& cells) {
  const int count = static_cast<int>(m.matrix.size()) / 2;
  REQUIRE(static_cast<int>(cells.size()) == count);
  for (int row = 0; row < count; ++row) {
    REQUIRE(static_cast<int>(cells[row].size()) == count);
    for (int col = 0; col < count; ++col) {
      INFO("cell (" << row << ", " << col << ") is " << bits(cells[row][col]));
      const int r = 2 * row;
      const int c = 2 * col;
      CHECK(hasFlag(cells[row][col], Cell::VISITED) == isOpenSquare(m, r, c));
      CHECK(hasFlag(cells[row][col], Cell::EAST) == (col + 1 < count && isOpenSquare(m, r, c + 1)));
      CHECK(hasFlag(cells[row][col], Cell::SOUTH) ==
            (row + 1 < count && isOpenSquare(m, r + 1, c)));
      CHECK(hasFlag(cells[row][col], Cell::WEST) == isOpenSquare(m, r, c - 1));
      CHECK(hasFlag(cells[row][col], Cell::NORTH) == isOpenSquare(m, r - 1, c));
    }
  }
}

// How many exits the cells have, all together.
int exitCount(const CellGrid& cells) {
  int exits = 0;
  for (const auto& cellRow : cells) {
    for (std::uint8_t cell : cellRow) {
      for (int way : {Cell::NORTH, Cell::EAST, Cell::SOUTH, Cell::WEST}) {
        if (hasFlag(cell, way)) ++exits;
      }
    }
  }
  return exits;
}

}  // namespace

TEST_CASE("toCells of a fresh maze is one VISITED cell with no exits", "[lesson06][step05]") {
  Maze m;
  m.reset();  // only the top-left square is open
  const CellGrid cells = toCells(m);
  REQUIRE(cells.size() == 10);
  for (std::size_t row = 0; row < cells.size(); ++row) {
    REQUIRE(cells[row].size() == 10);
    for (std::size_t col = 0; col < cells[row].size(); ++col) {
      INFO("cell (" << row << ", " << col << ")");
      const std::uint8_t expected = row == 0 && col == 0 ? Cell::VISITED : 0;
      CHECK(bits(cells[row][col]) == bits(expected));
    }
  }
}

TEST_CASE("toCells reads a corridor dug by hand, each exit from both sides", "[lesson06][step05]") {
  Maze m;
  m.reset();
  for (int i = 0; i < 4; ++i) m.dig(EAST);  // cells (0, 0), (0, 1), (0, 2)
  m.dig(SOUTH);
  m.dig(SOUTH);  // and down to cell (1, 2)
  const CellGrid cells = toCells(m);
  REQUIRE(cells.size() == 10);
  CHECK(bits(cells[0][0]) == bits(Cell::VISITED | Cell::EAST));
  CHECK(bits(cells[0][1]) == bits(Cell::VISITED | Cell::WEST | Cell::EAST));
  CHECK(bits(cells[0][2]) == bits(Cell::VISITED | Cell::WEST | Cell::SOUTH));
  CHECK(bits(cells[1][2]) == bits(Cell::VISITED | Cell::NORTH));
  CHECK(bits(cells[1][1]) == "00000000");  // never dug
  CHECK(exitCount(cells) == 6);            // three passages, two exits each
}

TEST_CASE("toCells reads the last row and the last column of cells too", "[lesson06][step05]") {
  Maze m;
  m.reset();
  for (int i = 0; i < 18; ++i) m.dig(EAST);   // along the top to cell (0, 9)
  for (int i = 0; i < 18; ++i) m.dig(SOUTH);  // down the right to cell (9, 9)
  for (int i = 0; i < 2; ++i) m.dig(WEST);    // and one cell west along the bottom
  const CellGrid cells = toCells(m);
  REQUIRE(cells.size() == 10);
  REQUIRE(cells[9].size() == 10);
  CHECK(bits(cells[0][8]) == bits(Cell::VISITED | Cell::WEST | Cell::EAST));
  CHECK(bits(cells[0][9]) == bits(Cell::VISITED | Cell::WEST | Cell::SOUTH));
  CHECK(bits(cells[8][9]) == bits(Cell::VISITED | Cell::NORTH | Cell::SOUTH));
  CHECK(bits(cells[9][9]) == bits(Cell::VISITED | Cell::NORTH | Cell::WEST));
  CHECK(bits(cells[9][8]) == bits(Cell::VISITED | Cell::EAST));
  checkCellsMatchSquares(m, cells);
  m.turtle.hideturtle();  // the picture shows the squares the cells were read from
  lesson::picture(m.screen);
}

TEST_CASE("toCells reads every cell of made mazes, of two sizes", "[lesson06][step05]") {
  for (int size : {20, 30}) {
    for (int seed = 1; seed <= 3; ++seed) {
      INFO("a maze of " << size << " squares, seed " << seed);
      Maze m(size);
      m.seed(seed);
      m.reset();
      m.makeMaze();
      const CellGrid cells = toCells(m);
      checkCellsMatchSquares(m, cells);
      const int count = size / 2;
      CHECK(exitCount(cells) == 2 * (count * count - 1));  // a perfect maze: cells - 1 passages
    }
  }
}

TEST_CASE("toCells counts the END and the squares of a solved way as open", "[lesson06][step05]") {
  Maze m;
  m.seed(2);
  m.reset();
  m.makeMaze();
  const CellGrid unsolved = toCells(m);
  m.solve();  // the way is VISITED now, and the bottom-right cell is the END
  const CellGrid cells = toCells(m);
  CHECK(cells == unsolved);
  CHECK(hasFlag(cells[9][9], Cell::VISITED));
  checkCellsMatchSquares(m, cells);
}
