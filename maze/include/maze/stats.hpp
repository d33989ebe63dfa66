#pragma once
// Measuring a maze: dead ends, solution length, longest path, and the checks that make a
// maze "perfect" (one way, and only one, between any two cells).

#include <cstddef>

#include "maze/grid.hpp"

namespace maze {

/// Cells with exactly one open wall.
std::size_t deadEndCount(const Grid& grid);
/// deadEndCount as a share of all cells, from 0 to 1.
double deadEndShare(const Grid& grid);
/// Cells on the shortest path from the top-left to the bottom-right cell, both included;
/// 0 if there is no way.
std::size_t solutionLength(const Grid& grid);

/// The longest of the shortest paths between two cells, in cells (two breadth-first sweeps:
/// exact for a perfect maze; for a maze with loops, a lower bound).
struct LongestPath {
  Cell from;
  Cell to;
  std::size_t length = 0;  ///< cells, both ends included
};
LongestPath longestPath(const Grid& grid);

/// Every cell can be reached from every other.
bool isConnected(const Grid& grid);
/// Connected with exactly cells − 1 open walls: a spanning tree, so no loops.
bool isPerfect(const Grid& grid);

}  // namespace maze
