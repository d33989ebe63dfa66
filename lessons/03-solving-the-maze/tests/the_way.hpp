#pragma once
// The proof that a way solve() returned is right, shared by lesson 3's tests: it starts at the
// start, ends at the END, every move goes one square north, south, east or west, every square
// on it is open and no square comes twice; the matrix marks exactly its squares VISITED (the END
// stays END), and the picture shows them red.

#include <cmath>
#include <set>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "maze.hpp"

namespace lesson {

// The centre of the square at matrix[row][col].
inline turtle::Vec2D squareAt(int row, int col) { return {-190.0 + 20 * col, 190.0 - 20 * row}; }

inline void checkWay(const Maze& m, const std::vector<turtle::Vec2D>& way) {
  REQUIRE_FALSE(way.empty());
  CHECK(way.front() == turtle::Vec2D(-190, 190));
  CHECK(m.getMatrixValueAt(way.back()) == END);

  std::set<std::pair<long, long>> squares;
  for (std::size_t i = 0; i < way.size(); ++i) {
    INFO("square " << i << " of the way, at " << way[i]);
    if (i > 0) {
      const turtle::Vec2D move = way[i] - way[i - 1];
      const bool oneSquare = move == turtle::Vec2D(0, 20) || move == turtle::Vec2D(0, -20) ||
                             move == turtle::Vec2D(20, 0) || move == turtle::Vec2D(-20, 0);
      CHECK(oneSquare);
    }
    if (i + 1 < way.size()) {
      CHECK(m.getMatrixValueAt(way[i]) == VISITED);
      CHECK(m.screen.colorAt(way[i]) == "red");
    }
    CHECK(squares.insert({std::lround(way[i].x), std::lround(way[i].y)}).second);  // not twice
  }

  int visited = 0;
  for (const auto& row : m.matrix) {
    for (int value : row) {
      if (value == VISITED) ++visited;
    }
  }
  CHECK(visited + 1 == static_cast<int>(way.size()));  // no other square is marked
}

}  // namespace lesson
