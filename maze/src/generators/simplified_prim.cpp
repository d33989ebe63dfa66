// Prim's algorithm, simplified: keep a list of cells on the edge of the maze ("active").
// Take any one of them at random and join it to a random unvisited neighbour, which becomes
// active too; a cell with no unvisited neighbour left leaves the list.
#include <cstdint>
#include <vector>

#include "grid_walk.hpp"
#include "maze/generators.hpp"

namespace maze {

void simplifiedPrim(Grid& grid, Random& random) {
  grid.closeAll();
  const std::size_t cells = grid.cellCount();
  detail::CellBits visited(cells);
  std::vector<std::uint32_t> active;
  const std::uint32_t first = detail::randomCell(grid, random);
  visited.set(first);
  active.push_back(first);

  while (!active.empty()) {
    const std::size_t pick = random.below(static_cast<std::uint32_t>(active.size()));
    const std::size_t here = active[pick];
    detail::Neighbors all = detail::neighborsOf(grid, here);
    detail::Neighbors fresh;
    for (int k = 0; k < all.count; ++k) {
      if (!visited.test(all.cell[k])) fresh.add(all.cell[k], all.direction[k]);
    }
    if (fresh.count == 0) {
      active[pick] = active.back();  // order does not matter: picks are random
      active.pop_back();
      continue;
    }
    const std::size_t next = fresh.cell[random.below(static_cast<std::uint32_t>(fresh.count))];
    detail::unchecked(grid).openBetween(here, next);
    visited.set(next);
    active.push_back(static_cast<std::uint32_t>(next));
  }
}

}  // namespace maze
