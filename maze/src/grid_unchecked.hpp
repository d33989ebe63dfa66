#pragma once
// The library's fast path into a Grid: its walls by cell number, without checks. The public
// Grid checks every cell it is given; the generators and solvers, which walk millions of cells
// they have already made sure of, read and write the bits through detail::unchecked(grid).
// Private to the library (not installed).
//
//     auto bits = detail::unchecked(grid);
//     if (!bits.eastOpen(i)) bits.openEast(i);   // i and i + 1 must be cells of one row

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "maze/grid.hpp"

namespace maze::detail {

/// Reads a grid's walls by cell number. The caller makes sure each number is a cell of the grid
/// and, for eastOpen and southOpen, that the cell to its east or south exists.
class UncheckedGridReader {
 public:
  explicit UncheckedGridReader(const Grid& grid) : grid_(grid) {}

  std::size_t index(Cell c) const {
    return static_cast<std::size_t>(c.row) * static_cast<std::size_t>(grid_.cols_) +
           static_cast<std::size_t>(c.col);
  }
  Cell cellAt(std::size_t i) const {
    const auto cols = static_cast<std::size_t>(grid_.cols_);
    return {static_cast<int>(i / cols), static_cast<int>(i % cols)};
  }
  /// Is the wall between cell i and the cell to its east / south open?
  bool eastOpen(std::size_t i) const { return bit(grid_.east_, i); }
  bool southOpen(std::size_t i) const { return bit(grid_.south_, i); }
  /// Is the wall between neighbouring cells a and b (in any order) open?
  bool isOpenBetween(std::size_t a, std::size_t b) const {
    if (a > b) std::swap(a, b);
    return b == a + static_cast<std::size_t>(grid_.cols_) ? southOpen(a) : eastOpen(a);
  }

 private:
  static bool bit(const std::vector<std::uint64_t>& words, std::size_t i) {
    return (words[i >> 6] >> (i & 63)) & 1U;
  }
  const Grid& grid_;
};

/// Reads and writes a grid's walls by cell number, with the same promises from the caller.
class UncheckedGrid : public UncheckedGridReader {
 public:
  explicit UncheckedGrid(Grid& grid) : UncheckedGridReader(grid), writable_(grid) {}

  void openEast(std::size_t i) { set(writable_.east_, i); }
  void openSouth(std::size_t i) { set(writable_.south_, i); }
  /// Opens the south wall of cell i if `south`, else its east wall (without a branch).
  void openEastOrSouth(std::size_t i, bool south) {
    set(south ? writable_.south_ : writable_.east_, i);
  }
  void closeEast(std::size_t i) { clear(writable_.east_, i); }
  void closeSouth(std::size_t i) { clear(writable_.south_, i); }
  /// Opens the wall between neighbouring cells a and b (in any order).
  void openBetween(std::size_t a, std::size_t b) {
    if (a > b) std::swap(a, b);
    // South first: in a grid one column wide, the cell below is also the next number.
    if (b == a + static_cast<std::size_t>(writable_.cols_)) {
      openSouth(a);
    } else {
      openEast(a);
    }
  }

 private:
  static void set(std::vector<std::uint64_t>& words, std::size_t i) {
    words[i >> 6] |= std::uint64_t{1} << (i & 63);
  }
  static void clear(std::vector<std::uint64_t>& words, std::size_t i) {
    words[i >> 6] &= ~(std::uint64_t{1} << (i & 63));
  }
  Grid& writable_;
};

inline UncheckedGridReader unchecked(const Grid& grid) { return UncheckedGridReader(grid); }
inline UncheckedGrid unchecked(Grid& grid) { return UncheckedGrid(grid); }

}  // namespace maze::detail
