#pragma once
// Lesson 6 after step 1: five flags, one bit each.

#include <cstdint>
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
