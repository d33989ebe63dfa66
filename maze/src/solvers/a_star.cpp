// A* search: always look next at the cell whose distance walked so far plus its straight-line
// (Manhattan) distance to the goal is smallest. That estimate never overshoots in a grid, so
// the first path found is a shortest one; in open mazes it looks at far fewer cells than
// breadth-first.
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <queue>
#include <tuple>
#include <vector>

#include "grid_walk.hpp"
#include "maze/solvers.hpp"

namespace maze {

Path aStar(const Grid& grid, Cell from, Cell to) {
  requireOnGrid(grid, from, "start");
  requireOnGrid(grid, to, "goal");
  const std::size_t start = detail::unchecked(grid).index(from);
  const std::size_t goal = detail::unchecked(grid).index(to);
  auto estimate = [&](std::size_t i) {
    const Cell c = detail::unchecked(grid).cellAt(i);
    return static_cast<std::uint32_t>(std::abs(c.row - to.row) + std::abs(c.col - to.col));
  };
  std::vector<std::uint32_t> walked(grid.cellCount(), detail::noCell);
  std::vector<std::uint32_t> cameFrom(grid.cellCount(), detail::noCell);
  // (walked + estimate, estimate, cell): the smallest total first; among equals, the one
  // nearest the goal.
  using Entry = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  walked[start] = 0;
  cameFrom[start] = static_cast<std::uint32_t>(start);
  open.emplace(estimate(start), estimate(start), static_cast<std::uint32_t>(start));
  while (!open.empty()) {
    const auto [total, left, here] = open.top();
    open.pop();
    if (total != walked[here] + left) continue;  // an old entry: a shorter way was found since
    if (here == goal) return detail::pathFromParents(grid, cameFrom, start, goal);
    const detail::Neighbors next = detail::openNeighborsOf(grid, here);
    for (int k = 0; k < next.count; ++k) {
      const std::size_t n = next.cell[k];
      const std::uint32_t distance = walked[here] + 1;
      if (walked[n] == detail::noCell || distance < walked[n]) {
        walked[n] = distance;
        cameFrom[n] = here;
        const std::uint32_t h = estimate(n);
        open.emplace(distance + h, h, static_cast<std::uint32_t>(n));
      }
    }
  }
  return {};
}

}  // namespace maze
