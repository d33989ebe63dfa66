// The wall follower: keep one hand on the wall and walk. At every step turn towards that hand
// if you can, else go straight, else turn away, else go back. In a maze without loops the
// walk reaches every cell, the goal included. In a maze with loops it may circle an island for
// ever; the walk is stopped the moment it stands in a cell facing a way it faced there before.
#include <cstdint>
#include <vector>

#include "grid_walk.hpp"
#include "maze/solvers.hpp"

namespace maze {

namespace {

Direction turned(Direction d, int quarterTurnsLeft) {
  return static_cast<Direction>((static_cast<int>(d) + quarterTurnsLeft + 4) % 4);
}

}  // namespace

Path wallFollower(const Grid& grid, Cell from, Cell to, Hand hand) {
  requireOnGrid(grid, from, "start");
  requireOnGrid(grid, to, "goal");
  const std::size_t cells = grid.cellCount();
  // Directions are numbered counter-clockwise (east 0, north 1, ...): +1 is a left turn.
  const int toHand = hand == Hand::left ? 1 : -1;
  const int tries[4] = {toHand, 0, -toHand, 2};

  detail::CellBits seen(cells * 4);  // (cell, facing) pairs already stood in
  std::vector<std::uint32_t> placeInPath(cells, detail::noCell);
  Path path{from};
  placeInPath[detail::unchecked(grid).index(from)] = 0;
  Cell here = from;
  Direction facing = Direction::east;
  while (here != to) {
    const std::size_t state =
        detail::unchecked(grid).index(here) * 4 + static_cast<std::size_t>(facing);
    if (seen.test(state)) return {};  // going round in circles: the goal is not on this wall
    seen.set(state);
    bool moved = false;
    for (int turn : tries) {
      const Direction d = turned(facing, turn);
      if (grid.isOpen(here, d)) {
        facing = d;
        here = step(here, d);
        moved = true;
        break;
      }
    }
    if (!moved) return {};  // a cell with no open wall at all
    // Cut the detour out if the walk came back to a cell already on the path.
    std::uint32_t& place = placeInPath[detail::unchecked(grid).index(here)];
    if (place != detail::noCell) {
      while (path.size() > place + 1) {
        placeInPath[detail::unchecked(grid).index(path.back())] = detail::noCell;
        path.pop_back();
      }
    } else {
      place = static_cast<std::uint32_t>(path.size());
      path.push_back(here);
    }
  }
  return path;
}

}  // namespace maze
