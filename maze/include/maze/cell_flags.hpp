#pragma once
// Cell flags, the way many maze programs store a maze: one small number per cell, its bits saying
// whether the cell was visited and which of its four sides has an exit. Converting to and from the
// Grid lets code written that way use the kit's solvers, text formats and pictures.
//
//     std::vector<std::uint8_t> cells = maze::toCellFlags(grid);   // row by row
//     bool northExit = cells[y * width + x] & maze::cell_flags::PATH_N;

#include <cstdint>
#include <vector>

#include "maze/grid.hpp"

namespace maze {

namespace cell_flags {
inline constexpr std::uint8_t PATH_N = 1;    ///< an exit to the north
inline constexpr std::uint8_t PATH_E = 2;    ///< an exit to the east
inline constexpr std::uint8_t PATH_S = 4;    ///< an exit to the south
inline constexpr std::uint8_t PATH_W = 8;    ///< an exit to the west
inline constexpr std::uint8_t VISITED = 16;  ///< the generator has been here
}  // namespace cell_flags

/// One number per cell, row by row (index y * cols + x): the exit bits of each cell, plus
/// VISITED on every cell (a finished maze has visited them all).
std::vector<std::uint8_t> toCellFlags(const Grid& grid);

/// The grid the flags describe. VISITED bits are allowed and ignored. Throws
/// std::invalid_argument, naming the cell, for a list of the wrong length, an unknown bit, an
/// exit through the border, or an exit that the neighbour does not have on its side.
Grid fromCellFlags(const std::vector<std::uint8_t>& cells, int rows, int cols);

}  // namespace maze
