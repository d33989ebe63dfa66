// Step 1: one number holds five yes-or-no facts about a cell, one bit each: the flags
// Cell::NORTH, Cell::EAST, Cell::SOUTH, Cell::WEST and Cell::VISITED. bits(n) writes a number in
// binary, so that you can see them.
#include <catch2/catch.hpp>
#include <cstdint>
#include <lesson_picture.hpp>
#include <string>
#include <vector>

#include "cell_helpers.hpp"
#include "cells.hpp"

TEST_CASE("bits writes a number in binary, eight digits, the highest bit first",
          "[lesson06][step01]") {
  CHECK(bits(0) == "00000000");
  CHECK(bits(1) == "00000001");
  CHECK(bits(2) == "00000010");
  CHECK(bits(5) == "00000101");   // 4 + 1
  CHECK(bits(22) == "00010110");  // 16 + 4 + 2
  CHECK(bits(128) == "10000000");
  CHECK(bits(255) == "11111111");
}

TEST_CASE("each of the five flags is one bit of its own", "[lesson06][step01]") {
  CHECK(bits(Cell::NORTH) == "00000001");
  CHECK(bits(Cell::EAST) == "00000010");
  CHECK(bits(Cell::SOUTH) == "00000100");
  CHECK(bits(Cell::WEST) == "00001000");
  CHECK(bits(Cell::VISITED) == "00010000");
  // All five together: five bits on, so no two flags share a bit.
  CHECK(bits(Cell::NORTH | Cell::EAST | Cell::SOUTH | Cell::WEST | Cell::VISITED) == "00011111");
  // A cell's number is one byte, and so is each flag.
  STATIC_REQUIRE(sizeof(Cell::NORTH) == sizeof(std::uint8_t));
  // maze.hpp's directions are still there, as they were: the flags do not replace them.
  CHECK(NORTH == 1);
  CHECK(VISITED == 2);

  turtle::Screen screen;
  lesson::writeLines(screen, {
                                 "NORTH    1  " + bits(Cell::NORTH),
                                 "EAST     2  " + bits(Cell::EAST),
                                 "SOUTH    4  " + bits(Cell::SOUTH),
                                 "WEST     8  " + bits(Cell::WEST),
                                 "VISITED 16  " + bits(Cell::VISITED),
                                 "",
                                 "VISITED|SOUTH|EAST",
                                 "        22  " + bits(Cell::VISITED | Cell::SOUTH | Cell::EAST),
                             });
  lesson::picture(screen);
}
