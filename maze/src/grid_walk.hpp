#pragma once
// Small helpers shared by the generators: a bit per cell, and the neighbours of a cell.
// Private to the library (not installed).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "grid_unchecked.hpp"
#include "maze/grid.hpp"
#include "maze/random.hpp"

namespace maze::detail {

/// One bit per cell: "visited", "in the maze", ...
class CellBits {
 public:
  // Always at least one word, so that the storage is never empty.
  explicit CellBits(std::size_t cells) : words_(cells / 64 + 1, 0) {}
  unsigned test(std::size_t i) const {
    return static_cast<unsigned>(words_[i >> 6] >> (i & 63)) & 1U;
  }
  void set(std::size_t i) { words_[i >> 6] |= std::uint64_t{1} << (i & 63); }
  /// The first cell at or after `from` whose bit is clear, or `cells` if there is none.
  std::size_t firstClear(std::size_t from, std::size_t cells) const {
    std::size_t w = from >> 6;
    if (w >= words_.size()) return cells;
    std::uint64_t bits = ~words_[w] & (~std::uint64_t{0} << (from & 63));
    while (bits == 0) {
      if (++w >= words_.size()) return cells;
      bits = ~words_[w];
    }
    std::size_t i = (w << 6) + static_cast<std::size_t>(__builtin_ctzll(bits));
    return i < cells ? i : cells;
  }
  std::size_t bytes() const { return words_.capacity() * sizeof(std::uint64_t); }

 private:
  std::vector<std::uint64_t> words_;
};

/// The neighbours of cell i on the grid (up to four), with the direction to each.
struct Neighbors {
  std::size_t cell[4] = {0, 0, 0, 0};
  Direction direction[4] = {Direction::east, Direction::east, Direction::east, Direction::east};
  int count = 0;
  void add(std::size_t c, Direction d) {
    cell[count] = c;
    direction[count] = d;
    ++count;
  }
};

/// Neighbours in the lesson's order: north, south, east, west.
inline Neighbors neighborsOf(const Grid& grid, std::size_t i) {
  Neighbors n;
  const auto cols = static_cast<std::size_t>(grid.cols());
  const std::size_t row = i / cols;
  const std::size_t col = i % cols;
  if (row > 0) n.add(i - cols, Direction::north);
  if (row + 1 < static_cast<std::size_t>(grid.rows())) n.add(i + cols, Direction::south);
  if (col + 1 < cols) n.add(i + 1, Direction::east);
  if (col > 0) n.add(i - 1, Direction::west);
  return n;
}

/// A random neighbour of cell i (the grid must have more than one cell).
inline std::size_t randomNeighbor(const Grid& grid, std::size_t i, Random& random) {
  Neighbors n = neighborsOf(grid, i);
  return n.cell[random.below(static_cast<std::uint32_t>(n.count))];
}

inline std::uint32_t randomCell(const Grid& grid, Random& random) {
  return random.below(static_cast<std::uint32_t>(grid.cellCount()));
}

}  // namespace maze::detail

namespace maze::detail {

/// The neighbours of cell i that an open wall leads to, in the lesson's order.
inline Neighbors openNeighborsOf(const Grid& grid, std::size_t i) {
  Neighbors n;
  const auto cols = static_cast<std::size_t>(grid.cols());
  const std::size_t row = i / cols;
  const std::size_t col = i % cols;
  if (row > 0 && detail::unchecked(grid).southOpen(i - cols)) n.add(i - cols, Direction::north);
  if (row + 1 < static_cast<std::size_t>(grid.rows()) && detail::unchecked(grid).southOpen(i)) {
    n.add(i + cols, Direction::south);
  }
  if (col + 1 < cols && detail::unchecked(grid).eastOpen(i)) n.add(i + 1, Direction::east);
  if (col > 0 && detail::unchecked(grid).eastOpen(i - 1)) n.add(i - 1, Direction::west);
  return n;
}

inline constexpr std::uint32_t noCell = UINT32_MAX;

/// Walks a "came from" list back from `to` and returns the cells from the start to `to`.
inline std::vector<Cell> pathFromParents(const Grid& grid,
                                         const std::vector<std::uint32_t>& cameFrom,
                                         std::size_t from, std::size_t to) {
  std::vector<Cell> path;
  for (std::size_t i = to;; i = cameFrom[i]) {
    path.push_back(detail::unchecked(grid).cellAt(i));
    if (i == from) break;
  }
  return {path.rbegin(), path.rend()};
}

}  // namespace maze::detail
