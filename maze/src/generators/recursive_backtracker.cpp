// Recursive backtracker (depth-first search), the lesson's algorithm, without recursion.
//
// The lesson's makeMaze calls itself once per cell, and a call stack that deep overflows
// somewhere past 550 × 550 cells. Here the way back is written down instead: each cell
// remembers, in two bits, the direction it was entered from, and backing up follows those
// directions home. Memory: 2 bits of walls + 1 visited + 2 way-back = 5 bits a cell.
//
// It is also written to be fast (tens of millions of cells a second), which in a maze means
// few unpredictable branches: the "visited" bits have a border of visited cells around the
// grid, so looking at the four neighbours needs no "am I at the edge?" tests; the unvisited
// neighbours form a 4-bit mask, and a table picks the k-th of them.
#include <cstdint>
#include <vector>

#include "grid_unchecked.hpp"
#include "maze/generators.hpp"

namespace maze {

namespace {

// The four moves are the Directions of lessonOrder, numbered by their place in it (0 north,
// 1 south, 2 east, 3 west), so that a move fits in two bits and the unvisited neighbours in a
// 4-bit mask. The wall crossed is the south or east wall of the upper or left cell of the two.
constexpr bool crossesSouthWall[4] = {true, true, false, false};
constexpr bool wallBelongsToNext[4] = {true, false, false, true};
constexpr unsigned back[4] = {1, 0, 3, 2};  // the move that undoes each move

constexpr bool movesAgreeWithDirections() {
  for (unsigned m = 0; m < 4; ++m) {
    const Direction d = lessonOrder[m];
    const bool vertical = d == Direction::north || d == Direction::south;
    const bool towardsStart = d == Direction::north || d == Direction::west;
    if (crossesSouthWall[m] != vertical || wallBelongsToNext[m] != towardsStart) return false;
    if (lessonOrder[back[m]] != opposite(d)) return false;
  }
  return true;
}
static_assert(movesAgreeWithDirections(), "the moves are lessonOrder's directions");

/// pick[mask][k]: the k-th set bit of mask (k counted from 0).
/// count[mask]: how many bits are set.
struct PickTable {
  std::uint8_t pick[16][4] = {};
  std::uint8_t count[16] = {};
  constexpr PickTable() {
    for (unsigned mask = 0; mask < 16; ++mask) {
      unsigned k = 0;
      for (unsigned bit = 0; bit < 4; ++bit) {
        if ((mask >> bit) & 1U) pick[mask][k++] = static_cast<std::uint8_t>(bit);
      }
      count[mask] = static_cast<std::uint8_t>(k);
    }
  }
};
constexpr PickTable table;

/// One bit per cell of the grid with a one-cell border around it, the border set.
class BorderedBits {
 public:
  BorderedBits(std::size_t rows, std::size_t cols)
      : stride_(cols + 2), words_(((rows + 2) * stride_) / 64 + 1, 0) {
    for (std::size_t c = 0; c < stride_; ++c) {
      set(c);
      set((rows + 1) * stride_ + c);
    }
    for (std::size_t r = 1; r <= rows; ++r) {
      set(r * stride_);
      set(r * stride_ + cols + 1);
    }
  }
  std::size_t stride() const { return stride_; }
  /// Where cell (row, col) of the grid sits in here.
  std::size_t at(std::size_t row, std::size_t col) const { return (row + 1) * stride_ + col + 1; }
  unsigned test(std::size_t i) const {
    return static_cast<unsigned>(words_[i >> 6] >> (i & 63)) & 1U;
  }
  void set(std::size_t i) { words_[i >> 6] |= std::uint64_t{1} << (i & 63); }

 private:
  std::size_t stride_;
  std::vector<std::uint64_t> words_;
};

/// Two bits per cell: the move (0–3, as above) that leads back towards the start.
class WayBack {
 public:
  explicit WayBack(std::size_t cells) : words_(cells / 32 + 1, 0) {}
  void set(std::size_t i, unsigned move) {
    const unsigned shift = static_cast<unsigned>(i & 31) * 2;
    std::uint64_t& w = words_[i >> 5];
    w = (w & ~(std::uint64_t{3} << shift)) | (std::uint64_t{move} << shift);
  }
  unsigned get(std::size_t i) const {
    const unsigned shift = static_cast<unsigned>(i & 31) * 2;
    return static_cast<unsigned>(words_[i >> 5] >> shift) & 3U;
  }

 private:
  std::vector<std::uint64_t> words_;
};

}  // namespace

void recursiveBacktracker(Grid& grid, Random& random) {
  grid.closeAll();
  const std::size_t cells = grid.cellCount();
  const auto cols = static_cast<std::size_t>(grid.cols());
  BorderedBits visited(static_cast<std::size_t>(grid.rows()), cols);
  WayBack wayBack(cells);

  // Per move: the step in the grid and the step in the bordered bits.
  const std::ptrdiff_t stride = static_cast<std::ptrdiff_t>(visited.stride());
  const std::ptrdiff_t gridStep[4] = {-static_cast<std::ptrdiff_t>(cols),
                                      static_cast<std::ptrdiff_t>(cols), 1, -1};
  const std::ptrdiff_t bitStep[4] = {-stride, stride, 1, -1};

  std::size_t here = 0;  // start at the top-left cell, as the lesson does
  std::size_t bit = visited.at(0, 0);
  visited.set(bit);
  std::size_t unvisited = cells - 1;

  while (unvisited > 0) {
    const unsigned fresh = (visited.test(bit - visited.stride()) ^ 1U) |
                           ((visited.test(bit + visited.stride()) ^ 1U) << 1) |
                           ((visited.test(bit + 1) ^ 1U) << 2) |
                           ((visited.test(bit - 1) ^ 1U) << 3);
    if (fresh != 0) {
      // Forward, into a random unvisited neighbour.
      const unsigned move = table.pick[fresh][random.below(table.count[fresh])];
      const std::size_t next = here + static_cast<std::size_t>(gridStep[move]);
      detail::unchecked(grid).openEastOrSouth(wallBelongsToNext[move] ? next : here,
                                              crossesSouthWall[move]);
      here = next;
      bit += static_cast<std::size_t>(bitStep[move]);
      visited.set(bit);
      wayBack.set(here, back[move]);
      --unvisited;
    } else {
      const unsigned move = wayBack.get(here);  // a dead end: step back the way we came
      here += static_cast<std::size_t>(gridStep[move]);
      bit += static_cast<std::size_t>(bitStep[move]);
    }
  }
}

}  // namespace maze
