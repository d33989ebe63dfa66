// Binary tree: every cell opens its north or its east wall, chosen by a coin. The top row
// can only go east and the right column only north, so both become long open corridors.
#include "maze/generators.hpp"

namespace maze {

void binaryTree(Grid& grid, Random& random) {
  grid.closeAll();
  const int rows = grid.rows();
  const int cols = grid.cols();
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const bool canGoNorth = r > 0;
      const bool canGoEast = c + 1 < cols;
      if (canGoNorth && canGoEast) {
        grid.open({r, c}, random.coin() ? Direction::north : Direction::east);
      } else if (canGoNorth) {
        grid.open({r, c}, Direction::north);
      } else if (canGoEast) {
        grid.open({r, c}, Direction::east);
      }
    }
  }
}

}  // namespace maze
