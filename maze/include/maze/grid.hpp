#pragma once
// Grid: a maze as a rectangle of cells with walls between them, stored as two bits per cell
// (is the wall to the east open? is the wall to the south open?). The outer border is
// always closed, so a 10000 × 10000 maze takes 25 MB.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace maze {

namespace detail {
class UncheckedGrid;
class UncheckedGridReader;
}  // namespace detail

/// A cell of a Grid: row 0 is the top, column 0 the left.
struct Cell {
  int row = 0;
  int col = 0;
};

inline bool operator==(const Cell& a, const Cell& b) { return a.row == b.row && a.col == b.col; }
inline bool operator!=(const Cell& a, const Cell& b) { return !(a == b); }

/// The four ways out of a cell: the one vocabulary of directions in the whole library. They are
/// numbered as the lesson numbers them (EAST = 0, NORTH = 1, WEST = 2, SOUTH = 3, counter-clockwise
/// from east, in maze/matrix.hpp), so the lesson's numbers and these names are the same four
/// things.
enum class Direction : std::uint8_t { east = 0, north = 1, west = 2, south = 3 };

/// All four directions, in the lesson's order of numbers.
inline constexpr Direction allDirections[4] = {Direction::east, Direction::north, Direction::west,
                                               Direction::south};

/// The order the lesson looks around a cell: north, south, east, west. Maze::neighbors() and
/// the depth-first searches go round in this order.
inline constexpr Direction lessonOrder[4] = {Direction::north, Direction::south, Direction::east,
                                             Direction::west};

/// The lesson's number of a direction: 0 for east, 1 north, 2 west, 3 south.
constexpr int directionNumber(Direction d) { return static_cast<int>(d); }

/// The direction with the lesson's number n. Throws std::invalid_argument for another number:
/// "direction must be EAST (0), NORTH (1), WEST (2) or SOUTH (3), got 4".
Direction directionFromNumber(int n);

/// The way back: east ↔ west, north ↔ south.
constexpr Direction opposite(Direction d) {
  return static_cast<Direction>((static_cast<int>(d) + 2) % 4);
}

/// The cell one step away in direction d (it may lie off the grid).
constexpr Cell step(Cell c, Direction d) {
  switch (d) {
    case Direction::east:
      return {c.row, c.col + 1};
    case Direction::north:
      return {c.row - 1, c.col};
    case Direction::west:
      return {c.row, c.col - 1};
    case Direction::south:
      return {c.row + 1, c.col};
  }
  return c;
}

/// "east", "north", "west" or "south".
const char* directionName(Direction d);

/// A rectangular maze of rows × cols cells. Every wall is closed at first; a generator
/// opens walls to carve passages. Walls on the border cannot be opened.
///
///     maze::Grid grid(10, 10);
///     grid.open({0, 0}, maze::Direction::east);     // a passage from (0,0) to (0,1)
///     bool open = grid.isOpen({0, 1}, maze::Direction::west);  // true: the same wall
///
/// Every call that takes a cell checks it: a cell off the grid is a std::out_of_range that names
/// the cell and the grid's size.
class Grid {
 public:
  /// The most cells a grid may have (2^30, about 32768 × 32768).
  static constexpr std::int64_t maxCells = std::int64_t{1} << 30;

  /// Throws std::invalid_argument unless both sides are at least 1 and the grid has at most
  /// maxCells cells: "maze size must be at least 1×1, got 0×5".
  Grid(int rows, int cols);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  std::size_t cellCount() const { return cellCount_; }

  /// Is the cell on the grid?
  bool contains(Cell c) const { return c.row >= 0 && c.row < rows_ && c.col >= 0 && c.col < cols_; }

  /// Is the wall on side d of cell c open? False for a wall on the border. Throws
  /// std::out_of_range, naming the cell and the grid's size, for a cell off the grid.
  bool isOpen(Cell c, Direction d) const;
  /// Opens the wall on side d of c (and so the same wall seen from the other side).
  /// Throws std::out_of_range for a cell off the grid or a wall on the border.
  void open(Cell c, Direction d);
  /// Closes the wall on side d of c. Same errors as open().
  void close(Cell c, Direction d);
  /// Closes every wall: the grid as it was made.
  void closeAll();
  /// Opens every inner wall: one big room (recursive division starts here).
  void openAll();

  /// How many open walls the cell has: 1 for a dead end. Throws std::out_of_range for a cell
  /// off the grid.
  int openCount(Cell c) const;
  /// How many walls are open in the whole grid. A perfect maze has cellCount() − 1.
  std::size_t passageCount() const;

  /// Bytes this grid holds on the heap.
  std::size_t memoryBytes() const;

  /// The cell's number, row * cols + col, from 0 to cellCount() − 1: for a table with a value
  /// per cell. Throws std::out_of_range for a cell off the grid.
  std::size_t index(Cell c) const;
  /// The cell with a number. Throws std::out_of_range for a number from cellCount() on.
  Cell cellAt(std::size_t i) const;

  friend bool operator==(const Grid& a, const Grid& b) {
    return a.rows_ == b.rows_ && a.cols_ == b.cols_ && a.east_ == b.east_ && a.south_ == b.south_;
  }
  friend bool operator!=(const Grid& a, const Grid& b) { return !(a == b); }

 private:
  // The library's own algorithms go through detail::unchecked(grid) (src/grid_unchecked.hpp),
  // which reads and writes the bits below without checking: they make sure of the cells first.
  friend class detail::UncheckedGrid;
  friend class detail::UncheckedGridReader;

  void checkCell(Cell c, const char* action) const;
  void checkWall(Cell c, Direction d, const char* action) const;

  int rows_;
  int cols_;
  std::size_t cellCount_;
  std::vector<std::uint64_t> east_;
  std::vector<std::uint64_t> south_;
};

}  // namespace maze
