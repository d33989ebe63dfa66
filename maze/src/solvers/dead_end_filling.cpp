// Dead-end filling: fill in every dead end (a cell with one way out) other than the start and
// the goal; filling one may turn its neighbour into a dead end, which is filled in turn. In a
// perfect maze only the way from start to goal is left; with loops, the loops stay too, and
// the path is the shortest way through what is left.
#include <cstdint>
#include <vector>

#include "grid_walk.hpp"
#include "maze/solvers.hpp"

namespace maze {

Path deadEndFilling(const Grid& grid, Cell from, Cell to) {
  requireOnGrid(grid, from, "start");
  requireOnGrid(grid, to, "goal");
  const std::size_t cells = grid.cellCount();
  const std::size_t start = detail::unchecked(grid).index(from);
  const std::size_t goal = detail::unchecked(grid).index(to);
  std::vector<std::uint8_t> waysOut(cells);
  detail::CellBits filled(cells);
  std::vector<std::uint32_t> toFill;
  for (std::size_t i = 0; i < cells; ++i) {
    waysOut[i] = static_cast<std::uint8_t>(detail::openNeighborsOf(grid, i).count);
    if (waysOut[i] <= 1 && i != start && i != goal) toFill.push_back(static_cast<std::uint32_t>(i));
  }
  while (!toFill.empty()) {
    const std::size_t here = toFill.back();
    toFill.pop_back();
    filled.set(here);
    const detail::Neighbors open = detail::openNeighborsOf(grid, here);
    for (int k = 0; k < open.count; ++k) {
      const std::size_t n = open.cell[k];
      if (filled.test(n)) continue;
      if (--waysOut[n] == 1 && n != start && n != goal)
        toFill.push_back(static_cast<std::uint32_t>(n));
    }
  }
  // Walk what is left, breadth-first.
  std::vector<std::uint32_t> cameFrom(cells, detail::noCell);
  std::vector<std::uint32_t> queue{static_cast<std::uint32_t>(start)};
  cameFrom[start] = static_cast<std::uint32_t>(start);
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::size_t here = queue[head];
    if (here == goal) return detail::pathFromParents(grid, cameFrom, start, goal);
    const detail::Neighbors open = detail::openNeighborsOf(grid, here);
    for (int k = 0; k < open.count; ++k) {
      const std::size_t n = open.cell[k];
      if (!filled.test(n) && cameFrom[n] == detail::noCell) {
        cameFrom[n] = static_cast<std::uint32_t>(here);
        queue.push_back(static_cast<std::uint32_t>(n));
      }
    }
  }
  return {};
}

}  // namespace maze
