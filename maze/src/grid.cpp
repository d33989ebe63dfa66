#include "maze/grid.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace maze {

const char* directionName(Direction d) {
  switch (d) {
    case Direction::east: return "east";
    case Direction::north: return "north";
    case Direction::west: return "west";
    case Direction::south: return "south";
  }
  return "?";
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

bool Grid::isOpen(Cell c, Direction d) const {
  if (!contains(c) || !contains(step(c, d))) return false;
  switch (d) {
    case Direction::east: return eastOpen(index(c));
    case Direction::west: return eastOpen(index(c) - 1);
    case Direction::south: return southOpen(index(c));
    case Direction::north: return southOpen(index(c) - static_cast<std::size_t>(cols_));
  }
  return false;
}

void Grid::checkWall(Cell c, Direction d, const char* action) const {
  if (!contains(c)) {
    throw std::out_of_range("cannot " + std::string(action) + " a wall of cell (" +
                            std::to_string(c.row) + ", " + std::to_string(c.col) +
                            "): the grid has rows 0 to " + std::to_string(rows_ - 1) +
                            " and columns 0 to " + std::to_string(cols_ - 1));
  }
  if (!contains(step(c, d))) {
    throw std::out_of_range("cannot " + std::string(action) + " the " + directionName(d) +
                            " wall of cell (" + std::to_string(c.row) + ", " +
                            std::to_string(c.col) + "): it is on the border");
  }
}

void Grid::open(Cell c, Direction d) {
  checkWall(c, d, "open");
  switch (d) {
    case Direction::east: openEast(index(c)); break;
    case Direction::west: openEast(index(c) - 1); break;
    case Direction::south: openSouth(index(c)); break;
    case Direction::north: openSouth(index(c) - static_cast<std::size_t>(cols_)); break;
  }
}

void Grid::close(Cell c, Direction d) {
  checkWall(c, d, "close");
  switch (d) {
    case Direction::east: closeEast(index(c)); break;
    case Direction::west: closeEast(index(c) - 1); break;
    case Direction::south: closeSouth(index(c)); break;
    case Direction::north: closeSouth(index(c) - static_cast<std::size_t>(cols_)); break;
  }
}

void Grid::closeAll() {
  std::fill(east_.begin(), east_.end(), 0);
  std::fill(south_.begin(), south_.end(), 0);
}

void Grid::openAll() {
  closeAll();
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < cols_; ++c) {
      std::size_t i = index({r, c});
      if (c + 1 < cols_) openEast(i);
      if (r + 1 < rows_) openSouth(i);
    }
  }
}

void Grid::openBetween(std::size_t a, std::size_t b) {
  if (a > b) std::swap(a, b);
  // South first: in a grid one column wide, the cell below is also the next index.
  if (b == a + static_cast<std::size_t>(cols_)) {
    openSouth(a);
  } else {
    openEast(a);
  }
}

bool Grid::isOpenBetween(std::size_t a, std::size_t b) const {
  if (a > b) std::swap(a, b);
  return b == a + static_cast<std::size_t>(cols_) ? southOpen(a) : eastOpen(a);
}

int Grid::openCount(Cell c) const {
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
