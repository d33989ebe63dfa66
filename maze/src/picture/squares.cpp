#include "squares.hpp"
#include "grid_unchecked.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace maze::detail {

void checkPictureOptions(const Grid& grid, const PictureOptions& options) {
  if (options.squarePixels < 1 || options.squarePixels > 64) {
    throw std::invalid_argument("square size must be 1 to 64 pixels, got " +
                                std::to_string(options.squarePixels));
  }
  const std::uint64_t squares =
      2 * static_cast<std::uint64_t>(std::max(grid.rows(), grid.cols())) + 1;
  const std::uint64_t side = squares * static_cast<std::uint64_t>(options.squarePixels);
  if (side > (std::uint64_t{1} << 30)) {
    throw std::invalid_argument("a picture of this maze with " +
                                std::to_string(options.squarePixels) + "-pixel squares would be " +
                                std::to_string(side) +
                                " pixels across; at most 2^30 pixels a side");
  }
}

SquareLines::SquareLines(const Grid& grid, const Path& path)
    : grid_(grid),
      hasPath_(!path.empty()),
      onPath_(path.empty() ? 0 : grid.cellCount()),
      pathEast_(path.empty() ? 0 : grid.cellCount()),
      pathSouth_(path.empty() ? 0 : grid.cellCount()) {
  for (std::size_t k = 0; k < path.size(); ++k) {
    const Cell c = path[k];
    if (!grid.contains(c)) {
      throw std::invalid_argument("path step " + std::to_string(k) + " (" + std::to_string(c.row) +
                                  ", " + std::to_string(c.col) + ") is off the maze");
    }
    onPath_.set(detail::unchecked(grid).index(c));
    if (k == 0) continue;
    const Cell b = path[k - 1];
    const int dr = c.row - b.row;
    const int dc = c.col - b.col;
    if (std::abs(dr) + std::abs(dc) != 1) {
      throw std::invalid_argument("path step " + std::to_string(k) + " (" + std::to_string(c.row) +
                                  ", " + std::to_string(c.col) +
                                  ") is not next to the step before it");
    }
    const Cell upperLeft = (dr < 0 || dc < 0) ? c : b;
    if (dr != 0) {
      pathSouth_.set(detail::unchecked(grid).index(upperLeft));
    } else {
      pathEast_.set(detail::unchecked(grid).index(upperLeft));
    }
  }
}

void SquareLines::line(std::size_t y, std::vector<std::uint8_t>& out) const {
  // Written without branches on the walls (wall = 1 − open, path = 2 · open · onPath): a
  // maze's walls are random, and a processor cannot guess them.
  const auto rows = static_cast<std::size_t>(grid_.rows());
  const auto cols = static_cast<std::size_t>(grid_.cols());
  out.assign(width(), wall);
  const std::size_t r = y / 2;
  std::uint8_t* square = out.data();
  if (y % 2 == 0) {
    // Corners, and the walls above row r.
    if (r == 0 || r == rows) return;
    const std::size_t first = (r - 1) * cols;
    for (std::size_t c = 0; c < cols; ++c) {
      const unsigned open = detail::unchecked(grid_).southOpen(first + c) ? 1U : 0U;
      const unsigned path = hasPath_ ? pathSouth_.test(first + c) : 0U;
      square[2 * c + 1] = static_cast<std::uint8_t>(1U - open + 2U * open * path);
    }
    return;
  }
  // The cells of row r and the walls between them.
  const std::size_t first = r * cols;
  for (std::size_t c = 0; c < cols; ++c) {
    const std::size_t i = first + c;
    square[2 * c + 1] = static_cast<std::uint8_t>(hasPath_ ? 2U * onPath_.test(i) : 0U);
    if (c + 1 < cols) {
      const unsigned open = detail::unchecked(grid_).eastOpen(i) ? 1U : 0U;
      const unsigned path = hasPath_ ? pathEast_.test(i) : 0U;
      square[2 * c + 2] = static_cast<std::uint8_t>(1U - open + 2U * open * path);
    }
  }
}

}  // namespace maze::detail
