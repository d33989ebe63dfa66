// Recursive division: start with one big room (no inner walls), split it by a wall with a
// single gap, and split each half again, until every room is one cell wide. A room taller
// than wide is split across, a room wider than tall along; a square room is split along.
// The rooms waiting to be split are kept in a list, not on the call stack.
#include <cstdint>
#include <vector>

#include "maze/generators.hpp"

namespace maze {

namespace {

struct Room {
  int row;
  int col;
  int height;
  int width;
};

int randomBelow(Random& random, int bound) {
  return static_cast<int>(random.below(static_cast<std::uint32_t>(bound)));
}

}  // namespace

void recursiveDivision(Grid& grid, Random& random) {
  grid.openAll();
  std::vector<Room> rooms{{0, 0, grid.rows(), grid.cols()}};
  while (!rooms.empty()) {
    const Room room = rooms.back();
    rooms.pop_back();
    if (room.height <= 1 || room.width <= 1) continue;
    if (room.height > room.width) {
      // A wall across, south of row `cut`, with one gap.
      const int cut = randomBelow(random, room.height - 1);
      const int gap = randomBelow(random, room.width);
      for (int c = 0; c < room.width; ++c) {
        if (c != gap) grid.close({room.row + cut, room.col + c}, Direction::south);
      }
      rooms.push_back({room.row + cut + 1, room.col, room.height - cut - 1, room.width});
      rooms.push_back({room.row, room.col, cut + 1, room.width});
    } else {
      // A wall along, east of column `cut`, with one gap.
      const int cut = randomBelow(random, room.width - 1);
      const int gap = randomBelow(random, room.height);
      for (int r = 0; r < room.height; ++r) {
        if (r != gap) grid.close({room.row + r, room.col + cut}, Direction::east);
      }
      rooms.push_back({room.row, room.col + cut + 1, room.height, room.width - cut - 1});
      rooms.push_back({room.row, room.col, room.height, cut + 1});
    }
  }
}

}  // namespace maze
