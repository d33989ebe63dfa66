// Aldous–Broder: wander at random; each time the walk enters a cell it has never been in,
// open the wall it came through. Every spanning tree is equally likely, but the last few
// cells take long to find.
#include "grid_walk.hpp"
#include "maze/generators.hpp"

namespace maze {

void aldousBroder(Grid& grid, Random& random) {
  grid.closeAll();
  const std::size_t cells = grid.cellCount();
  if (cells < 2) return;
  detail::CellBits visited(cells);
  std::size_t here = detail::randomCell(grid, random);
  visited.set(here);
  std::size_t unvisited = cells - 1;
  while (unvisited > 0) {
    const std::size_t next = detail::randomNeighbor(grid, here, random);
    if (!visited.test(next)) {
      detail::unchecked(grid).openBetween(here, next);
      visited.set(next);
      --unvisited;
    }
    here = next;
  }
}

}  // namespace maze
