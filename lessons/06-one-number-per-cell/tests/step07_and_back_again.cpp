// Step 7: toMatrix(cells) writes the cells back as a Maze's matrix of squares. Squares to cells
// and back gives the same maze - as far as cells can tell it: a square is open or WALL; the END
// and solve()'s VISITED squares come back as open, EMPTY.
#include <catch2/catch.hpp>
#include <cstdint>
#include <lesson_picture.hpp>
#include <vector>

#include "cell_helpers.hpp"
#include "cells.hpp"

TEST_CASE("toMatrix writes each cell as its square and the passages it opens",
          "[lesson06][step07]") {
  CellGrid cells(2, std::vector<std::uint8_t>(3, Cell::VISITED));  // 2 rows of 3 cells
  dig(cells, 0, 0, Cell::EAST);
  dig(cells, 0, 1, Cell::EAST);
  dig(cells, 0, 1, Cell::SOUTH);
  dig(cells, 1, 1, Cell::WEST);
  dig(cells, 1, 1, Cell::EAST);
  const int X = WALL;
  const int o = EMPTY;
  const std::vector<std::vector<int>> expected = {
      {o, o, o, o, o, X},  // row 0: cells (0, 0), (0, 1), (0, 2) and the passages east
      {X, X, o, X, X, X},  // the passage south from cell (0, 1)
      {o, o, o, o, o, X},  // row 1
      {X, X, X, X, X, X},  // the wall below the last row of cells
  };
  CHECK(toMatrix(cells) == expected);

  cells[1][2] = 0;  // a cell never VISITED, and no way into it: its square stays WALL
  cells[1][1] = Cell::VISITED | Cell::WEST;
  CHECK(toMatrix(cells)[2][4] == WALL);
  CHECK(toMatrix(cells)[2][3] == WALL);
}

TEST_CASE("squares to cells and back gives the same maze", "[lesson06][step07]") {
  for (int seed = 1; seed <= 5; ++seed) {
    INFO("the maze made with seed " << seed);
    Maze m;
    m.seed(seed);
    m.reset();
    m.makeMaze();
    const CellGrid cells = toCells(m);
    CHECK(toMatrix(cells) == lesson::openOrWall(m.matrix));
    m.solve();  // the way is marked VISITED: open squares, all the same to the cells
    CHECK(toCells(m) == cells);
    CHECK(toMatrix(toCells(m)) == lesson::openOrWall(m.matrix));
  }
}

TEST_CASE("a maze built from toMatrix's squares reads as the same cells", "[lesson06][step07]") {
  Maze m;
  m.seed(1);  // the maze of step 6's picture
  m.reset();
  m.makeMaze();
  const CellGrid cells = toCells(m);
  const std::vector<std::vector<int>> matrix = toMatrix(cells);

  Maze back;  // a second maze, built square by square from the numbers
  back.reset();
  for (int row = 0; row < static_cast<int>(matrix.size()); ++row) {
    for (int col = 0; col < static_cast<int>(matrix[row].size()); ++col) {
      back.setMatrixValueAt(lesson::squareCentre(row, col), matrix[row][col]);
    }
  }
  CHECK(back.matrix == lesson::openOrWall(m.matrix));
  CHECK(toCells(back) == cells);
  back.turtle.hideturtle();
  lesson::picture(back.screen);
}

TEST_CASE("toMatrix refuses an exit off the grid, naming the cell", "[lesson06][step07]") {
  CellGrid cells(2, std::vector<std::uint8_t>(3, Cell::VISITED));
  cells[0][2] = Cell::VISITED | Cell::EAST;  // the right edge: east leads nowhere
  CHECK_THROWS_WITH(toMatrix(cells), Catch::Contains("cell (0, 2)") && Catch::Contains("EAST"));
  cells[0][2] = Cell::VISITED;
  cells[1][0] = Cell::VISITED | Cell::SOUTH;  // the bottom edge
  CHECK_THROWS_WITH(toMatrix(cells), Catch::Contains("cell (1, 0)") && Catch::Contains("SOUTH"));
  cells[1][0] = Cell::VISITED;
  cells[1].pop_back();  // a row shorter than the first
  CHECK_THROWS_WITH(toMatrix(cells), Catch::Contains("row 1") && Catch::Contains("2 cells"));
}
