#include "maze/matrix.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace maze {

namespace {

std::string square(std::size_t r, std::size_t c) {
  return "matrix[" + std::to_string(r) + "][" + std::to_string(c) + "]";
}

}  // namespace

Matrix toMatrix(const Grid& grid, int minRows, int minCols) {
  const int rows = std::max(2 * grid.rows() - 1, minRows);
  const int cols = std::max(2 * grid.cols() - 1, minCols);
  Matrix m(static_cast<std::size_t>(rows), std::vector<int>(static_cast<std::size_t>(cols), WALL));
  for (int r = 0; r < grid.rows(); ++r) {
    for (int c = 0; c < grid.cols(); ++c) {
      const auto mr = 2 * static_cast<std::size_t>(r);
      const auto mc = 2 * static_cast<std::size_t>(c);
      m[mr][mc] = EMPTY;
      if (grid.isOpen({r, c}, Direction::east)) m[mr][mc + 1] = EMPTY;
      if (grid.isOpen({r, c}, Direction::south)) m[mr + 1][mc] = EMPTY;
    }
  }
  return m;
}

Grid fromMatrix(const Matrix& matrix) {
  if (matrix.empty() || matrix[0].empty()) {
    throw std::invalid_argument("the matrix is empty; a maze needs at least one square");
  }
  const std::size_t rows = matrix.size();
  const std::size_t cols = matrix[0].size();
  for (std::size_t r = 0; r < rows; ++r) {
    if (matrix[r].size() != cols) {
      throw std::invalid_argument("matrix row " + std::to_string(r) + " has " +
                                  std::to_string(matrix[r].size()) + " squares, but row 0 has " +
                                  std::to_string(cols) + ": every row must be as long");
    }
  }
  if (rows > static_cast<std::size_t>(INT32_MAX) || cols > static_cast<std::size_t>(INT32_MAX)) {
    throw std::invalid_argument("the matrix is too large for a maze");
  }
  Grid grid(static_cast<int>((rows + 1) / 2), static_cast<int>((cols + 1) / 2));
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      const int v = matrix[r][c];
      if (v != EMPTY && v != WALL && v != VISITED && v != END) {
        throw std::invalid_argument(square(r, c) + " is " + std::to_string(v) +
                                    "; a square is EMPTY (0), WALL (1), VISITED (2) or END (3)");
      }
      const bool open = v != WALL;
      const bool evenRow = r % 2 == 0;
      const bool evenCol = c % 2 == 0;
      const Cell cell{static_cast<int>(r / 2), static_cast<int>(c / 2)};
      if (evenRow && evenCol && !open) {
        throw std::invalid_argument(square(r, c) +
                                    " is WALL, but the squares at an even row and "
                                    "column are the maze's cells and must be open");
      }
      if (!evenRow && !evenCol && open) {
        throw std::invalid_argument(square(r, c) +
                                    " is open, but the squares at an odd row and "
                                    "odd column sit between four cells and must be WALL");
      }
      if (!open || (evenRow && evenCol)) continue;
      const Direction d = evenRow ? Direction::east : Direction::south;
      if (!grid.contains(step(cell, d))) {
        throw std::invalid_argument(square(r, c) +
                                    " is open, but it leads out of the maze: the "
                                    "last row and column of an even-sized matrix must be WALL");
      }
      grid.open(cell, d);
    }
  }
  return grid;
}

}  // namespace maze
