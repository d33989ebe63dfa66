// Recursive backtracker (depth-first search), the lesson's algorithm, without recursion.
//
// The lesson's makeMaze calls itself once per cell, and a call stack that deep overflows
// somewhere past 550 × 550 cells. Here the way back is written into the grid instead: each
// cell remembers, in two bits, the direction it was entered from, and backing up follows
// those directions home. Memory: 2 bits of walls + 1 visited + 2 way-back = 5 bits a cell.
#include <cstdint>
#include <vector>

#include "grid_walk.hpp"
#include "maze/generators.hpp"

namespace maze {

namespace {

/// Two bits per cell: the direction back towards the start.
class WayBack {
 public:
  explicit WayBack(std::size_t cells) : words_((cells + 31) / 32, 0) {}
  void set(std::size_t i, Direction d) {
    const unsigned shift = static_cast<unsigned>(i & 31) * 2;
    std::uint64_t& w = words_[i >> 5];
    w = (w & ~(std::uint64_t{3} << shift)) | (std::uint64_t{static_cast<std::uint8_t>(d)} << shift);
  }
  Direction get(std::size_t i) const {
    const unsigned shift = static_cast<unsigned>(i & 31) * 2;
    return static_cast<Direction>((words_[i >> 5] >> shift) & 3U);
  }

 private:
  std::vector<std::uint64_t> words_;
};

}  // namespace

void recursiveBacktracker(Grid& grid, Random& random) {
  grid.closeAll();
  const std::size_t cells = grid.cellCount();
  const auto cols = static_cast<std::size_t>(grid.cols());
  const auto rows = static_cast<std::size_t>(grid.rows());
  detail::CellBits visited(cells);
  WayBack wayBack(cells);

  std::size_t here = 0;  // start at the top-left cell, as the lesson does
  std::size_t row = 0;
  std::size_t col = 0;
  visited.set(here);
  std::size_t unvisited = cells - 1;

  while (unvisited > 0) {
    Direction options[4];
    unsigned count = 0;
    if (row > 0 && !visited.test(here - cols)) options[count++] = Direction::north;
    if (row + 1 < rows && !visited.test(here + cols)) options[count++] = Direction::south;
    if (col + 1 < cols && !visited.test(here + 1)) options[count++] = Direction::east;
    if (col > 0 && !visited.test(here - 1)) options[count++] = Direction::west;

    if (count > 0) {
      const Direction d = options[count == 1 ? 0 : random.below(count)];
      switch (d) {
        case Direction::north: here -= cols; --row; grid.openSouth(here); break;
        case Direction::south: grid.openSouth(here); here += cols; ++row; break;
        case Direction::east: grid.openEast(here); ++here; ++col; break;
        case Direction::west: --here; --col; grid.openEast(here); break;
      }
      visited.set(here);
      wayBack.set(here, opposite(d));
      --unvisited;
    } else {
      // A dead end: step back the way we came.
      switch (wayBack.get(here)) {
        case Direction::north: here -= cols; --row; break;
        case Direction::south: here += cols; ++row; break;
        case Direction::east: ++here; ++col; break;
        case Direction::west: --here; --col; break;
      }
    }
  }
}

}  // namespace maze
