// Hunt-and-kill: walk at random into unvisited cells until stuck ("kill"), then hunt: scan the
// rows from the top for the first unvisited cell, join it to a visited neighbour, and walk on
// from there. The walk starts at the top-left cell, so every cell before the first unvisited
// one is visited and the hunt never has to look back: it costs one pass over the grid in all.
#include <cstdint>

#include "grid_walk.hpp"
#include "maze/generators.hpp"

namespace maze {

void huntAndKill(Grid& grid, Random& random) {
  grid.closeAll();
  const std::size_t cells = grid.cellCount();
  detail::CellBits visited(cells);
  std::size_t here = 0;
  visited.set(here);
  std::size_t huntFrom = 0;

  for (;;) {
    detail::Neighbors all = detail::neighborsOf(grid, here);
    detail::Neighbors fresh;
    for (int k = 0; k < all.count; ++k) {
      if (!visited.test(all.cell[k])) fresh.add(all.cell[k], all.direction[k]);
    }
    if (fresh.count > 0) {  // kill: walk on
      const std::size_t next = fresh.cell[random.below(static_cast<std::uint32_t>(fresh.count))];
      detail::unchecked(grid).openBetween(here, next);
      visited.set(next);
      here = next;
      continue;
    }
    // Hunt: the first unvisited cell has a visited neighbour to its north or west.
    huntFrom = visited.firstClear(huntFrom, cells);
    if (huntFrom == cells) return;
    here = huntFrom;
    detail::Neighbors around = detail::neighborsOf(grid, here);
    detail::Neighbors done;
    for (int k = 0; k < around.count; ++k) {
      if (visited.test(around.cell[k])) done.add(around.cell[k], around.direction[k]);
    }
    detail::unchecked(grid).openBetween(
        here, done.cell[random.below(static_cast<std::uint32_t>(done.count))]);
    visited.set(here);
  }
}

}  // namespace maze
