#pragma once
// Helpers shared by the maze tests: the properties every maze must have.

#include <catch2/catch.hpp>

#include "maze/grid.hpp"
#include "maze/solvers.hpp"

namespace maze_test {

/// Every border wall of the grid reads as closed.
inline bool borderIntact(const maze::Grid& grid) {
  using maze::Direction;
  for (int c = 0; c < grid.cols(); ++c) {
    if (grid.isOpen({0, c}, Direction::north)) return false;
    if (grid.isOpen({grid.rows() - 1, c}, Direction::south)) return false;
  }
  for (int r = 0; r < grid.rows(); ++r) {
    if (grid.isOpen({r, 0}, Direction::west)) return false;
    if (grid.isOpen({r, grid.cols() - 1}, Direction::east)) return false;
  }
  return true;
}

/// The path starts at `from`, ends at `to`, and every step moves to a neighbouring cell
/// through an open wall.
inline void requireValidPath(const maze::Grid& grid, const maze::Path& path, maze::Cell from,
                             maze::Cell to) {
  REQUIRE_FALSE(path.empty());
  REQUIRE(path.front() == from);
  REQUIRE(path.back() == to);
  for (std::size_t i = 1; i < path.size(); ++i) {
    const maze::Cell a = path[i - 1];
    const maze::Cell b = path[i];
    bool stepped = false;
    for (maze::Direction d : maze::allDirections) {
      if (maze::step(a, d) == b) {
        INFO("step " << i << " from (" << a.row << "," << a.col << ") to (" << b.row << "," << b.col
                     << ")");
        REQUIRE(grid.isOpen(a, d));
        stepped = true;
      }
    }
    INFO("step " << i << " is not to a neighbouring cell");
    REQUIRE(stepped);
  }
}

}  // namespace maze_test
