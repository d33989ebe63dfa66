#pragma once
// The lesson's picture of a maze: a matrix of squares, each a wall or open. Cells sit on the
// squares with even row and column (0, 2, 4, ...); the squares between two cells are the
// passages; squares with odd row and odd column are always wall. The lesson's 20 × 20
// matrix holds a 10 × 10 maze, with its last row and column (19) left as wall.

#include <vector>

#include "maze/grid.hpp"

namespace maze {

// The lesson's values for a square of the matrix.
inline constexpr int INVALID = -1;  ///< off the matrix
inline constexpr int EMPTY = 0;     ///< dug out: part of a path
inline constexpr int WALL = 1;
inline constexpr int VISITED = 2;  ///< on the way the solver found
inline constexpr int END = 3;      ///< the goal

// The lesson's names for the four Directions, as the numbers the lesson gives them
// (counter-clockwise from east): Maze::dig(EAST) is Maze::dig(Direction::east).
inline constexpr int EAST = directionNumber(Direction::east);
inline constexpr int NORTH = directionNumber(Direction::north);
inline constexpr int WEST = directionNumber(Direction::west);
inline constexpr int SOUTH = directionNumber(Direction::south);

/// Rows of ints: matrix[row][col].
using Matrix = std::vector<std::vector<int>>;

/// The grid as a lesson matrix of (2·rows − 1) × (2·cols − 1) squares, EMPTY and WALL, padded
/// with WALL to at least minRows × minCols (toMatrix(grid, 20, 20) for a 10 × 10 grid gives
/// the lesson's matrix).
Matrix toMatrix(const Grid& grid, int minRows = 0, int minCols = 0);

/// The grid a lesson matrix shows: one cell for each square at an even row and column, and an
/// open wall wherever the square between two cells is not WALL. VISITED and END count as open.
/// Throws std::invalid_argument, naming the square as matrix[row][col], for an empty or ragged
/// matrix, a value that is not EMPTY, WALL, VISITED or END, a cell square that is WALL, or a
/// square at an odd row and odd column that is not.
Grid fromMatrix(const Matrix& matrix);

}  // namespace maze
