#pragma once
// The squares of a maze picture, one line at a time: shared by the PNG and SVG writers.

#include <cstdint>
#include <vector>

#include "grid_walk.hpp"
#include "maze/picture.hpp"

namespace maze::detail {

enum Square : std::uint8_t { passage = 0, wall = 1, pathSquare = 2 };

/// Answers "what is square (x, y) of the picture?" for a grid and an optional path.
class SquareLines {
 public:
  SquareLines(const Grid& grid, const Path& path);
  std::size_t width() const { return 2 * static_cast<std::size_t>(grid_.cols()) + 1; }
  std::size_t height() const { return 2 * static_cast<std::size_t>(grid_.rows()) + 1; }
  bool hasPath() const { return hasPath_; }
  /// Fills `line` with the squares of picture line y (0 to height() − 1).
  void line(std::size_t y, std::vector<std::uint8_t>& line) const;

 private:
  const Grid& grid_;
  bool hasPath_ = false;
  CellBits onPath_;
  CellBits pathEast_;   // the path goes between this cell and the one east of it
  CellBits pathSouth_;  // ... between this cell and the one south of it
};

/// Checks the options shared by both formats; throws std::invalid_argument.
void checkPictureOptions(const Grid& grid, const PictureOptions& options);

}  // namespace maze::detail
