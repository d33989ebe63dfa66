// Sidewinder: row by row, build a run of cells joined eastwards; a coin decides when the run
// ends, and then one random cell of the run opens to the north. The top row is one corridor.
#include <cstdint>

#include "maze/generators.hpp"

namespace maze {

void sidewinder(Grid& grid, Random& random) {
  grid.closeAll();
  const int rows = grid.rows();
  const int cols = grid.cols();
  for (int r = 0; r < rows; ++r) {
    int runStart = 0;
    for (int c = 0; c < cols; ++c) {
      const bool atEastSide = c + 1 == cols;
      const bool atTop = r == 0;
      const bool closeRun = atEastSide || (!atTop && random.coin());
      if (closeRun) {
        if (!atTop) {
          const int member =
              runStart +
              static_cast<int>(random.below(static_cast<std::uint32_t>(c - runStart + 1)));
          grid.open({r, member}, Direction::north);
        }
        runStart = c + 1;
      } else {
        grid.open({r, c}, Direction::east);
      }
    }
  }
}

}  // namespace maze
