// Measuring mazes: dead ends, solution length, longest path, and the "perfect maze" checks.
#include "maze/stats.hpp"

#include <cstdint>
#include <utility>
#include <vector>

#include "grid_walk.hpp"
#include "maze/solvers.hpp"

namespace maze {

namespace {

/// Breadth-first distances from one cell: (the farthest cell, its distance, cells reached).
struct Sweep {
  std::size_t farthest = 0;
  std::size_t distance = 0;
  std::size_t reached = 0;
};

Sweep sweepFrom(const Grid& grid, std::size_t start) {
  std::vector<std::uint32_t> distance(grid.cellCount(), detail::noCell);
  std::vector<std::uint32_t> queue{static_cast<std::uint32_t>(start)};
  distance[start] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::size_t here = queue[head];
    const detail::Neighbors open = detail::openNeighborsOf(grid, here);
    for (int k = 0; k < open.count; ++k) {
      if (distance[open.cell[k]] == detail::noCell) {
        distance[open.cell[k]] = distance[here] + 1;
        queue.push_back(static_cast<std::uint32_t>(open.cell[k]));
      }
    }
  }
  // The last cell reached is one of the farthest.
  return {queue.back(), distance[queue.back()], queue.size()};
}

}  // namespace

std::size_t deadEndCount(const Grid& grid) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < grid.cellCount(); ++i) {
    if (detail::openNeighborsOf(grid, i).count == 1) ++count;
  }
  return count;
}

double deadEndShare(const Grid& grid) {
  return static_cast<double>(deadEndCount(grid)) / static_cast<double>(grid.cellCount());
}

std::size_t solutionLength(const Grid& grid) {
  return breadthFirst(grid, {0, 0}, {grid.rows() - 1, grid.cols() - 1}).size();
}

LongestPath longestPath(const Grid& grid) {
  const Sweep first = sweepFrom(grid, 0);
  const Sweep second = sweepFrom(grid, first.farthest);
  return {detail::unchecked(grid).cellAt(first.farthest),
          detail::unchecked(grid).cellAt(second.farthest), second.distance + 1};
}

bool isConnected(const Grid& grid) { return sweepFrom(grid, 0).reached == grid.cellCount(); }

bool isPerfect(const Grid& grid) {
  return grid.passageCount() + 1 == grid.cellCount() && isConnected(grid);
}

}  // namespace maze
