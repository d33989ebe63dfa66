#include "maze/grid.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "grid_unchecked.hpp"

namespace maze {

const char* directionName(Direction d) {
  switch (d) {
    case Direction::east:
      return "east";
    case Direction::north:
      return "north";
    case Direction::west:
      return "west";
    case Direction::south:
      return "south";
  }
  return "?";
}

Direction directionFromNumber(int n) {
  if (n < 0 || n > 3) {
    throw std::invalid_argument(
        "direction must be EAST (0), NORTH (1), WEST (2) or SOUTH (3), got " + std::to_string(n));
  }
  return static_cast<Direction>(n);
}

namespace {

std::size_t wordsFor(std::size_t bits) { return (bits + 63) / 64; }

int checkedSide(int rows, int cols) {
  if (rows < 1 || cols < 1) {
    throw std::invalid_argument("maze size must be at least 1×1, got " + std::to_string(rows) +
                                "×" + std::to_string(cols));
  }
  if (std::int64_t{rows} * cols > Grid::maxCells) {
    throw std::invalid_argument("maze size " + std::to_string(rows) + "×" + std::to_string(cols) +
                                " has more than the " + std::to_string(Grid::maxCells) +
                                " cells a grid can hold");
  }
  return rows;
}

}  // namespace

Grid::Grid(int rows, int cols)
    : rows_(checkedSide(rows, cols)),
      cols_(cols),
      cellCount_(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols)),
      east_(wordsFor(cellCount_), 0),
      south_(wordsFor(cellCount_), 0) {}

namespace {

std::string sizeText(int rows, int cols) {
  return std::to_string(rows) + "×" + std::to_string(cols);
}

std::string cellText(Cell c) {
  return "(" + std::to_string(c.row) + ", " + std::to_string(c.col) + ")";
}

}  // namespace

void Grid::checkCell(Cell c, const char* action) const {
  if (!contains(c)) {
    throw std::out_of_range(std::string("cannot ") + action + " cell " + cellText(c) + ": the " +
                            sizeText(rows_, cols_) + " grid has rows 0 to " +
                            std::to_string(rows_ - 1) + " and columns 0 to " +
                            std::to_string(cols_ - 1));
  }
}

void Grid::checkWall(Cell c, Direction d, const char* action) const {
  if (!contains(c)) {
    throw std::out_of_range("cannot " + std::string(action) + " a wall of cell " + cellText(c) +
                            ": the " + sizeText(rows_, cols_) + " grid has rows 0 to " +
                            std::to_string(rows_ - 1) + " and columns 0 to " +
                            std::to_string(cols_ - 1));
  }
  if (!contains(step(c, d))) {
    throw std::out_of_range("cannot " + std::string(action) + " the " + directionName(d) +
                            " wall of cell " + cellText(c) + ": it is on the border of the " +
                            sizeText(rows_, cols_) + " grid");
  }
}

bool Grid::isOpen(Cell c, Direction d) const {
  checkCell(c, "look at the walls of");
  if (!contains(step(c, d))) return false;  // the border is always closed
  const auto bits = detail::unchecked(*this);
  const std::size_t i = bits.index(c);
  switch (d) {
    case Direction::east:
      return bits.eastOpen(i);
    case Direction::west:
      return bits.eastOpen(i - 1);
    case Direction::south:
      return bits.southOpen(i);
    case Direction::north:
      return bits.southOpen(i - static_cast<std::size_t>(cols_));
  }
  return false;
}

void Grid::open(Cell c, Direction d) {
  checkWall(c, d, "open");
  auto bits = detail::unchecked(*this);
  const std::size_t i = bits.index(c);
  switch (d) {
    case Direction::east:
      bits.openEast(i);
      break;
    case Direction::west:
      bits.openEast(i - 1);
      break;
    case Direction::south:
      bits.openSouth(i);
      break;
    case Direction::north:
      bits.openSouth(i - static_cast<std::size_t>(cols_));
      break;
  }
}

void Grid::close(Cell c, Direction d) {
  checkWall(c, d, "close");
  auto bits = detail::unchecked(*this);
  const std::size_t i = bits.index(c);
  switch (d) {
    case Direction::east:
      bits.closeEast(i);
      break;
    case Direction::west:
      bits.closeEast(i - 1);
      break;
    case Direction::south:
      bits.closeSouth(i);
      break;
    case Direction::north:
      bits.closeSouth(i - static_cast<std::size_t>(cols_));
      break;
  }
}

std::size_t Grid::index(Cell c) const {
  checkCell(c, "number");
  return detail::unchecked(*this).index(c);
}

Cell Grid::cellAt(std::size_t i) const {
  if (i >= cellCount_) {
    throw std::out_of_range("there is no cell number " + std::to_string(i) + " in the " +
                            sizeText(rows_, cols_) + " grid: its cells are numbered 0 to " +
                            std::to_string(cellCount_ - 1));
  }
  return detail::unchecked(*this).cellAt(i);
}

void Grid::closeAll() {
  std::fill(east_.begin(), east_.end(), 0);
  std::fill(south_.begin(), south_.end(), 0);
}

void Grid::openAll() {
  closeAll();
  auto bits = detail::unchecked(*this);
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < cols_; ++c) {
      const std::size_t i = bits.index({r, c});
      if (c + 1 < cols_) bits.openEast(i);
      if (r + 1 < rows_) bits.openSouth(i);
    }
  }
}

int Grid::openCount(Cell c) const {
  checkCell(c, "count the open walls of");
  int n = 0;
  for (Direction d : allDirections) n += isOpen(c, d) ? 1 : 0;
  return n;
}

std::size_t Grid::passageCount() const {
  std::size_t n = 0;
  for (std::uint64_t w : east_) n += static_cast<std::size_t>(__builtin_popcountll(w));
  for (std::uint64_t w : south_) n += static_cast<std::size_t>(__builtin_popcountll(w));
  return n;
}

std::size_t Grid::memoryBytes() const {
  return (east_.capacity() + south_.capacity()) * sizeof(std::uint64_t);
}

}  // namespace maze
