// Prim's algorithm proper: every cell gets a random cost. The active cell with the lowest
// cost grows next, into its cheapest unvisited neighbour. The result has many short dead ends.
#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

#include "grid_walk.hpp"
#include "maze/generators.hpp"

namespace maze {

void truePrim(Grid& grid, Random& random) {
  grid.closeAll();
  const std::size_t cells = grid.cellCount();
  std::vector<std::uint32_t> cost(cells);
  for (auto& c : cost) c = random.next();
  detail::CellBits visited(cells);

  // (cost, cell), cheapest on top; ties go to the lower cell index.
  using Entry = std::pair<std::uint32_t, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> active;
  const std::uint32_t first = detail::randomCell(grid, random);
  visited.set(first);
  active.push({cost[first], first});

  while (!active.empty()) {
    const std::size_t here = active.top().second;
    detail::Neighbors all = detail::neighborsOf(grid, here);
    std::size_t best = cells;
    for (int k = 0; k < all.count; ++k) {
      const std::size_t n = all.cell[k];
      if (!visited.test(n) && (best == cells || cost[n] < cost[best])) best = n;
    }
    if (best == cells) {
      active.pop();
      continue;
    }
    detail::unchecked(grid).openBetween(here, best);
    visited.set(best);
    active.push({cost[best], static_cast<std::uint32_t>(best)});
  }
}

}  // namespace maze
