#include <stdexcept>
#include <string>

#include "maze/solvers.hpp"

namespace maze {

void requireOnGrid(const Grid& grid, Cell cell, const char* what) {
  if (!grid.contains(cell)) {
    throw std::out_of_range(std::string(what) + " cell (" + std::to_string(cell.row) + ", " +
                            std::to_string(cell.col) + ") is off the maze, which has rows 0 to " +
                            std::to_string(grid.rows() - 1) + " and columns 0 to " +
                            std::to_string(grid.cols() - 1));
  }
}

}  // namespace maze
