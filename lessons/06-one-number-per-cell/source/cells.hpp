#pragma once
//@ 1
// Lesson 6 after step 1: five flags, one bit each.
//@ end
//@ 2
// Lesson 6 after step 2: set, test and clear one flag.
//@ end
//@ 3
// Lesson 6 after step 3: dig opens an exit in a cell.
//@ end
//@ 4
// Lesson 6 after step 4: dig opens a wall from both sides.
//@ end
//@ 5
// Lesson 6 after step 5: a Maze's squares read as cells.
//@ end
//@ 6
// Lesson 6 after step 6: squares to cells, and back again.
//@ end
//@ 7-
// Lesson 6 after step 7: one maze, three ways to write it down - the Maze's matrix of squares,
// one number of bit flags per cell, and Maze Master's right and lower walls.
//@ end

//@ 3-
#include <cstddef>
//@ end
#include <cstdint>
//@ 2-
#include <stdexcept>
//@ end
#include <string>
//@ 3-
#include <vector>
//@ end

#include "maze.hpp"

// What one cell's number says, one bit each. maze.hpp has NORTH, EAST, SOUTH, WEST and VISITED
// already, as plain numbers, so the flags live inside a namespace and are written Cell::NORTH.
namespace Cell {
constexpr std::uint8_t NORTH = 1;     // 00000001: an exit to the north
constexpr std::uint8_t EAST = 2;      // 00000010: an exit to the east
constexpr std::uint8_t SOUTH = 4;     // 00000100: an exit to the south
constexpr std::uint8_t WEST = 8;      // 00001000: an exit to the west
constexpr std::uint8_t VISITED = 16;  // 00010000: the digger has been here
}  // namespace Cell
//@ 3-

// A grid of cells, cells[row][col], one number of flags each.
using CellGrid = std::vector<std::vector<std::uint8_t>>;
//@ end

// A number in binary, eight digits, the highest bit first: bits(22) is "00010110".
inline std::string bits(std::uint8_t number) {
  std::string text;
  for (int bit = 7; bit >= 0; --bit) text += ((number >> bit) & 1) != 0 ? '1' : '0';
  return text;
}
//@ 2-

// Throws unless `flag` is exactly one of the five flags.
inline void checkFlag(const char* function, int flag) {
  if (flag != Cell::NORTH && flag != Cell::EAST && flag != Cell::SOUTH && flag != Cell::WEST &&
      flag != Cell::VISITED) {
    throw std::invalid_argument(std::string(function) +
                                ": the flag must be one of Cell::NORTH (1), Cell::EAST (2), "
                                "Cell::SOUTH (4), Cell::WEST (8) or Cell::VISITED (16), got " +
                                std::to_string(flag));
  }
}

// True when the flag's bit is on in the cell.
inline bool hasFlag(std::uint8_t cell, int flag) {
  checkFlag("hasFlag", flag);
  return (cell & flag) != 0;
}

// Turns the flag's bit on, and leaves the other bits as they were.
inline void setFlag(std::uint8_t& cell, int flag) {
  checkFlag("setFlag", flag);
  cell |= flag;
}

// Turns the flag's bit off, and leaves the other bits as they were.
inline void clearFlag(std::uint8_t& cell, int flag) {
  checkFlag("clearFlag", flag);
  cell &= ~flag;
}
//@ end
//@ 3-

// True when cells[row][col] is on the grid.
inline bool onGrid(const CellGrid& cells, int row, int col) {
  return row >= 0 && row < static_cast<int>(cells.size()) && col >= 0 &&
         col < static_cast<int>(cells[row].size());
}

//@ end
//@ 3
// Opens an exit in a cell, in a direction: Cell::NORTH, Cell::EAST, Cell::SOUTH or Cell::WEST.
//@ end
//@ 4-
// Opens the wall between a cell and its neighbour in a direction (Cell::NORTH, Cell::EAST,
// Cell::SOUTH or Cell::WEST): the cell gets that exit, and the neighbour the opposite one.
//@ end
//@ 3-
//
//@ end
//@ 3
//     dig(cells, 0, 0, Cell::EAST);   // cells[0][0] gets EAST
//@ end
//@ 4-
//     dig(cells, 0, 0, Cell::EAST);   // cells[0][0] gets EAST, cells[0][1] gets WEST
//@ end
//@ 3-
inline void dig(CellGrid& cells, int row, int col, int direction) {
  int rowStep = 0;  // where the neighbour is: one row down is +1
  int colStep = 0;
//@ end
//@ 4-
  int opposite = 0;
//@ end
//@ 3-
  std::string name;
  if (direction == Cell::NORTH) {
    rowStep = -1;
//@ end
//@ 4-
    opposite = Cell::SOUTH;
//@ end
//@ 3-
    name = "NORTH";
  } else if (direction == Cell::EAST) {
    colStep = 1;
//@ end
//@ 4-
    opposite = Cell::WEST;
//@ end
//@ 3-
    name = "EAST";
  } else if (direction == Cell::SOUTH) {
    rowStep = 1;
//@ end
//@ 4-
    opposite = Cell::NORTH;
//@ end
//@ 3-
    name = "SOUTH";
  } else if (direction == Cell::WEST) {
    colStep = -1;
//@ end
//@ 4-
    opposite = Cell::EAST;
//@ end
//@ 3-
    name = "WEST";
  } else {
    throw std::invalid_argument(
        "dig: the direction must be Cell::NORTH (1), Cell::EAST (2), Cell::SOUTH (4) or "
        "Cell::WEST (8), got " +
        std::to_string(direction));
  }
  const std::string where = "cell (" + std::to_string(row) + ", " + std::to_string(col) + ")";
  if (!onGrid(cells, row, col)) {
    const std::size_t cols = cells.empty() ? 0 : cells[0].size();
    throw std::out_of_range("dig: " + where + " is not on the grid: rows 0 to " +
                            std::to_string(static_cast<int>(cells.size()) - 1) + ", columns 0 to " +
                            std::to_string(static_cast<int>(cols) - 1));
  }
  if (!onGrid(cells, row + rowStep, col + colStep)) {
    throw std::out_of_range("dig: " + where + " has no neighbour to the " + name +
                            ": it is on the edge of the grid");
  }
  setFlag(cells[row][col], direction);
//@ end
//@ 4-
  setFlag(cells[row + rowStep][col + colStep], opposite);
//@ end
//@ 3-
}
//@ end
//@ 5-

// The Maze's matrix as cells: the cell at cells[row][col] is the square matrix[2 * row][2 * col].
// A cell whose square is open is VISITED; it has an exit east when the square between it and the
// cell east of it is open, and so on.
inline CellGrid toCells(const Maze& m) {
  const int size = static_cast<int>(m.matrix.size());
  const int cellCount = (size + 1) / 2;  // cells in even rows and columns
  CellGrid cells(cellCount, std::vector<std::uint8_t>(cellCount, 0));
  for (int row = 0; row < cellCount; ++row) {
    for (int col = 0; col < cellCount; ++col) {
      if (m.matrix[2 * row][2 * col] != WALL) setFlag(cells[row][col], Cell::VISITED);
      if (col + 1 < cellCount && m.matrix[2 * row][2 * col + 1] != WALL) {
        dig(cells, row, col, Cell::EAST);
      }
      if (row + 1 < cellCount && m.matrix[2 * row + 1][2 * col] != WALL) {
        dig(cells, row, col, Cell::SOUTH);
      }
    }
  }
  return cells;
}
//@ end
//@ 6-

// The cells as a Maze's matrix of squares, two squares for each cell each way: a VISITED cell's
// square is EMPTY, and so is the square between two cells joined by an exit; the rest is WALL.
inline std::vector<std::vector<int>> toMatrix(const CellGrid& cells) {
  const int rows = static_cast<int>(cells.size());
  const int cols = rows == 0 ? 0 : static_cast<int>(cells[0].size());
  std::vector<std::vector<int>> matrix(2 * rows, std::vector<int>(2 * cols, WALL));
  for (int row = 0; row < rows; ++row) {
    if (static_cast<int>(cells[row].size()) != cols) {
      throw std::invalid_argument("toMatrix: row " + std::to_string(row) + " has " +
                                  std::to_string(cells[row].size()) + " cells, but row 0 has " +
                                  std::to_string(cols) + "; every row needs as many");
    }
    for (int col = 0; col < cols; ++col) {
      const std::uint8_t cell = cells[row][col];
      std::string offGrid;  // the way of an exit that leads off the grid, if there is one
      if (hasFlag(cell, Cell::NORTH) && row == 0) offGrid = "NORTH";
      if (hasFlag(cell, Cell::WEST) && col == 0) offGrid = "WEST";
      if (hasFlag(cell, Cell::SOUTH) && row == rows - 1) offGrid = "SOUTH";
      if (hasFlag(cell, Cell::EAST) && col == cols - 1) offGrid = "EAST";
      if (!offGrid.empty()) {
        throw std::invalid_argument("toMatrix: cell (" + std::to_string(row) + ", " +
                                    std::to_string(col) + ") is " + bits(cell) + ", an exit " +
                                    offGrid + " off the grid: an edge cell has no exit that way");
      }
      if (hasFlag(cell, Cell::VISITED)) matrix[2 * row][2 * col] = EMPTY;
      if (hasFlag(cell, Cell::EAST)) matrix[2 * row][2 * col + 1] = EMPTY;
      if (hasFlag(cell, Cell::SOUTH)) matrix[2 * row + 1][2 * col] = EMPTY;
    }
  }
  return matrix;
}
//@ end
//@ 7-

// Maze Master's numbers: each cell keeps only its right and its lower wall (the cell to its
// left keeps its left wall, the cell above it its upper wall). Four cases, not flags.
struct TwoWalls {
  enum : int {
    NOT_VISITED = 0,
    NO_WALLS = 1,    // neither wall: open to the east and to the south
    RIGHT_WALL = 2,  // only the right wall: open to the south
    LOWER_WALL = 3,  // only the lower wall: open to the east
    BOTH_WALLS = 4,  // both walls: closed to the east and to the south
  };
};

// The cells in Maze Master's numbers.
inline std::vector<std::vector<int>> toTwoWalls(const CellGrid& cells) {
  std::vector<std::vector<int>> walls;
  for (const std::vector<std::uint8_t>& cellRow : cells) {
    std::vector<int> wallRow;
    for (std::uint8_t cell : cellRow) {
      const bool east = hasFlag(cell, Cell::EAST);
      const bool south = hasFlag(cell, Cell::SOUTH);
      if (!hasFlag(cell, Cell::VISITED)) {
        wallRow.push_back(TwoWalls::NOT_VISITED);
      } else if (east && south) {
        wallRow.push_back(TwoWalls::NO_WALLS);
      } else if (south) {
        wallRow.push_back(TwoWalls::RIGHT_WALL);
      } else if (east) {
        wallRow.push_back(TwoWalls::LOWER_WALL);
      } else {
        wallRow.push_back(TwoWalls::BOTH_WALLS);
      }
    }
    walls.push_back(wallRow);
  }
  return walls;
}

// Maze Master's numbers as cells: a cell with no right wall is dug east, one with no lower wall
// dug south; digging gives the neighbour its side of the exit.
inline CellGrid fromTwoWalls(const std::vector<std::vector<int>>& walls) {
  CellGrid cells;
  for (const std::vector<int>& wallRow : walls) {
    cells.push_back(std::vector<std::uint8_t>(wallRow.size(), 0));
  }
  for (int row = 0; row < static_cast<int>(walls.size()); ++row) {
    for (int col = 0; col < static_cast<int>(walls[row].size()); ++col) {
      const int value = walls[row][col];
      if (value < TwoWalls::NOT_VISITED || value > TwoWalls::BOTH_WALLS) {
        throw std::invalid_argument("fromTwoWalls: the cell at [" + std::to_string(row) + "][" +
                                    std::to_string(col) + "] is " + std::to_string(value) +
                                    "; a cell is 0 (not visited) or 1 to 4");
      }
      if (value == TwoWalls::NOT_VISITED) continue;
      setFlag(cells[row][col], Cell::VISITED);
      if (value == TwoWalls::NO_WALLS || value == TwoWalls::LOWER_WALL) {
        dig(cells, row, col, Cell::EAST);
      }
      if (value == TwoWalls::NO_WALLS || value == TwoWalls::RIGHT_WALL) {
        dig(cells, row, col, Cell::SOUTH);
      }
    }
  }
  return cells;
}
//@ end
