// Breadth-first search: visit the cells in order of their distance from the start, so the
// first time the goal is reached, it is by a shortest path.
#include <cstdint>
#include <vector>

#include "grid_walk.hpp"
#include "maze/solvers.hpp"

namespace maze {

Path breadthFirst(const Grid& grid, Cell from, Cell to) {
  requireOnGrid(grid, from, "start");
  requireOnGrid(grid, to, "goal");
  const std::size_t start = detail::unchecked(grid).index(from);
  const std::size_t goal = detail::unchecked(grid).index(to);
  std::vector<std::uint32_t> cameFrom(grid.cellCount(), detail::noCell);
  std::vector<std::uint32_t> queue;  // cells in the order they were reached
  queue.reserve(64);
  queue.push_back(static_cast<std::uint32_t>(start));
  cameFrom[start] = static_cast<std::uint32_t>(start);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::size_t here = queue[head];
    if (here == goal) return detail::pathFromParents(grid, cameFrom, start, goal);
    const detail::Neighbors open = detail::openNeighborsOf(grid, here);
    for (int k = 0; k < open.count; ++k) {
      if (cameFrom[open.cell[k]] == detail::noCell) {
        cameFrom[open.cell[k]] = static_cast<std::uint32_t>(here);
        queue.push_back(static_cast<std::uint32_t>(open.cell[k]));
      }
    }
  }
  return {};
}

}  // namespace maze
