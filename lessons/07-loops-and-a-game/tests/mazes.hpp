#pragma once
// Helpers shared by lesson 7's tests: where a square is, a made maze, and the proof that
// braid() opened only walls between two cells and nothing else.

#include <vector>

#include <catch2/catch.hpp>

#include "maze.hpp"

namespace lesson07 {

// The centre of the square at matrix[row][col].
inline turtle::Vec2D squareAt(int row, int col) { return {-190.0 + 20 * col, 190.0 - 20 * row}; }

// Makes the maze that `seed` gives.
inline void makeSeededMaze(Maze& m, int seed) {
  m.seed(seed);
  m.reset();
  m.makeMaze();
}

// How many squares of the matrix are WALL.
inline int wallCount(const Maze& m) {
  int walls = 0;
  for (const auto& row : m.matrix) {
    for (int value : row) {
      if (value == WALL) ++walls;
    }
  }
  return walls;
}

// Every square that changed since `before` was a wall between two open cells, inside the
// border, and is now EMPTY and white; the border (the last row and column) is still wall.
inline void checkOnlyWallsBetweenCellsOpened(const std::vector<std::vector<int>>& before,
                                             const Maze& m) {
  const int rows = static_cast<int>(m.matrix.size());
  const int cols = static_cast<int>(m.matrix[0].size());
  for (int row = 0; row < rows; ++row) {
    for (int col = 0; col < cols; ++col) {
      if (m.matrix[row][col] == before[row][col]) continue;
      INFO("the square at row " << row << ", column " << col << " was opened");
      CHECK(before[row][col] == WALL);
      CHECK(m.matrix[row][col] == EMPTY);
      CHECK(m.screen.colorAt(squareAt(row, col)) == "white");
      const bool betweenTwoCells = (row % 2 == 1) != (col % 2 == 1);  // one odd, one even
      REQUIRE(betweenTwoCells);
      REQUIRE(row < rows - 1);
      REQUIRE(col < cols - 1);
      if (row % 2 == 1) {
        CHECK(before[row - 1][col] != WALL);
        CHECK(before[row + 1][col] != WALL);
      } else {
        CHECK(before[row][col - 1] != WALL);
        CHECK(before[row][col + 1] != WALL);
      }
    }
  }
}

}  // namespace lesson07
