#pragma once
// Lesson 6 after step 2: set, test and clear one flag.

#include <cstdint>
#include <stdexcept>
#include <string>

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

// A number in binary, eight digits, the highest bit first: bits(22) is "00010110".
inline std::string bits(std::uint8_t number) {
  std::string text;
  for (int bit = 7; bit >= 0; --bit) text += ((number >> bit) & 1) != 0 ? '1' : '0';
  return text;
}

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
