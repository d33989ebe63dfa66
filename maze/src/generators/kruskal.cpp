// Kruskal's algorithm: take the inner walls in a random order and remove a wall whenever the
// cells on its two sides are not yet connected. A union–find structure answers "connected?".
#include <cstdint>
#include <vector>

#include "grid_unchecked.hpp"
#include "maze/generators.hpp"
#include "union_find.hpp"

namespace maze {

void kruskal(Grid& grid, Random& random) {
  grid.closeAll();
  const std::size_t cells = grid.cellCount();
  const auto cols = static_cast<std::size_t>(grid.cols());
  const auto rows = static_cast<std::size_t>(grid.rows());

  // A wall is a cell index times two, plus 0 for its east wall or 1 for its south wall.
  std::vector<std::uint32_t> walls;
  walls.reserve(2 * cells);
  for (std::size_t i = 0; i < cells; ++i) {
    if (i % cols + 1 < cols) walls.push_back(static_cast<std::uint32_t>(2 * i));
    if (i / cols + 1 < rows) walls.push_back(static_cast<std::uint32_t>(2 * i + 1));
  }
  random.shuffle(walls);

  detail::UnionFind sets(cells);
  std::size_t joined = 1;
  for (std::uint32_t wall : walls) {
    const std::uint32_t a = wall / 2;
    const bool south = (wall & 1U) != 0;
    const auto b = static_cast<std::uint32_t>(south ? a + cols : a + 1);
    if (sets.unite(a, b)) {
      if (south) {
        detail::unchecked(grid).openSouth(a);
      } else {
        detail::unchecked(grid).openEast(a);
      }
      if (++joined == cells) break;
    }
  }
}

}  // namespace maze
