// Braiding: taking out dead ends so that the maze gets loops. Each dead end, in random order,
// is kept with probability 1 − p; otherwise it opens one more wall — to a neighbour that is a
// dead end too if there is one (that removes two dead ends at once), else to any neighbour.
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "grid_walk.hpp"
#include "maze/generators.hpp"

namespace maze {

void braid(Grid& grid, double p, Random& random) {
  if (!(p >= 0.0 && p <= 1.0)) {
    throw std::invalid_argument("braid share must be between 0 and 1, got " + std::to_string(p));
  }
  std::vector<std::uint32_t> deadEnds;
  for (std::size_t i = 0; i < grid.cellCount(); ++i) {
    if (grid.openCount(detail::unchecked(grid).cellAt(i)) == 1)
      deadEnds.push_back(static_cast<std::uint32_t>(i));
  }
  random.shuffle(deadEnds);
  for (std::uint32_t i : deadEnds) {
    const Cell cell = detail::unchecked(grid).cellAt(i);
    if (grid.openCount(cell) != 1) continue;  // an earlier opening already took care of it
    if (p < 1.0 && random.unit() >= p) continue;
    detail::Neighbors all = detail::neighborsOf(grid, i);
    detail::Neighbors closed;
    detail::Neighbors closedDeadEnds;
    for (int k = 0; k < all.count; ++k) {
      if (detail::unchecked(grid).isOpenBetween(i, all.cell[k])) continue;
      closed.add(all.cell[k], all.direction[k]);
      if (grid.openCount(detail::unchecked(grid).cellAt(all.cell[k])) == 1) {
        closedDeadEnds.add(all.cell[k], all.direction[k]);
      }
    }
    const detail::Neighbors& choices = closedDeadEnds.count > 0 ? closedDeadEnds : closed;
    if (choices.count == 0) continue;  // a 1-wide grid: nowhere else to open
    detail::unchecked(grid).openBetween(
        i, choices.cell[random.below(static_cast<std::uint32_t>(choices.count))]);
  }
}

}  // namespace maze
