// Wilson's algorithm: loop-erased random walks. One random cell starts the maze. Then, from
// each cell not yet in the maze, walk at random until the walk touches the maze, and add the
// walk to the maze with its loops erased. Every spanning tree of the grid is equally likely.
//
// The loops are erased for free: each cell remembers only the direction the walk last left
// it by, so a loop is forgotten as soon as the walk leaves its first cell again.
#include <cstdint>
#include <vector>

#include "grid_walk.hpp"
#include "maze/generators.hpp"

namespace maze {

void wilson(Grid& grid, Random& random) {
  grid.closeAll();
  const std::size_t cells = grid.cellCount();
  if (cells < 2) return;
  detail::CellBits inMaze(cells);
  std::vector<std::uint32_t> leftBy(cells, 0);  // the cell the walk last went to from here

  inMaze.set(detail::randomCell(grid, random));
  std::size_t start = 0;
  while ((start = inMaze.firstClear(start, cells)) < cells) {
    // Walk until the maze is hit, writing down where each cell was left for.
    std::size_t here = start;
    while (!inMaze.test(here)) {
      const std::size_t next = detail::randomNeighbor(grid, here, random);
      leftBy[here] = static_cast<std::uint32_t>(next);
      here = next;
    }
    // Follow the last exits from the start: that is the walk without its loops.
    here = start;
    while (!inMaze.test(here)) {
      inMaze.set(here);
      detail::unchecked(grid).openBetween(here, leftBy[here]);
      here = leftBy[here];
    }
  }
}

}  // namespace maze
