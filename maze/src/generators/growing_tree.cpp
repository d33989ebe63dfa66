// Growing tree: keep a list of cells on the edge of the maze. Each step takes one of them —
// the newest with probability 1/2 (as the backtracker would), otherwise one at random (as
// simplified Prim would) — and joins it to a random unvisited neighbour, which is added to
// the list. A cell with no unvisited neighbour left is taken off the list.
#include <cstdint>
#include <vector>

#include "grid_walk.hpp"
#include "maze/generators.hpp"

namespace maze {

void growingTree(Grid& grid, Random& random) {
  grid.closeAll();
  const std::size_t cells = grid.cellCount();
  detail::CellBits visited(cells);
  std::vector<std::uint32_t> active;  // oldest first, so the newest is at the back
  const std::uint32_t first = detail::randomCell(grid, random);
  visited.set(first);
  active.push_back(first);

  while (!active.empty()) {
    const std::size_t pick = random.coin()
                                 ? active.size() - 1
                                 : random.below(static_cast<std::uint32_t>(active.size()));
    const std::size_t here = active[pick];
    detail::Neighbors all = detail::neighborsOf(grid, here);
    detail::Neighbors fresh;
    for (int k = 0; k < all.count; ++k) {
      if (!visited.test(all.cell[k])) fresh.add(all.cell[k], all.direction[k]);
    }
    if (fresh.count == 0) {
      // Keep the list in order of age: "newest" must stay meaningful.
      active.erase(active.begin() + static_cast<std::ptrdiff_t>(pick));
      continue;
    }
    const std::size_t next = fresh.cell[random.below(static_cast<std::uint32_t>(fresh.count))];
    grid.openBetween(here, next);
    visited.set(next);
    active.push_back(static_cast<std::uint32_t>(next));
  }
}

}  // namespace maze
