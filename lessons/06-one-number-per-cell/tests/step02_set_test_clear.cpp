// Step 2: three small functions work on one bit of a cell and leave the other four alone:
// setFlag turns it on (|=), hasFlag reads it (&), clearFlag turns it off (&= ~). A number that is
// not one of the five flags is refused, with a message that says which flags there are.
#include <catch2/catch.hpp>
#include <cstdint>
#include <lesson_picture.hpp>
#include <stdexcept>
#include <string>

#include "cell_helpers.hpp"
#include "cells.hpp"

TEST_CASE("setFlag turns one bit on and hasFlag reads it", "[lesson06][step02]") {
  std::uint8_t cell = 0;
  setFlag(cell, Cell::VISITED);
  CHECK(bits(cell) == "00010000");
  setFlag(cell, Cell::EAST);
  CHECK(bits(cell) == "00010010");  // VISITED is still on
  setFlag(cell, Cell::EAST);        // on already: nothing changes
  CHECK(bits(cell) == "00010010");

  CHECK(hasFlag(cell, Cell::VISITED));
  CHECK(hasFlag(cell, Cell::EAST));
  CHECK_FALSE(hasFlag(cell, Cell::NORTH));
  CHECK_FALSE(hasFlag(cell, Cell::SOUTH));
  CHECK_FALSE(hasFlag(cell, Cell::WEST));
}

TEST_CASE("clearFlag turns one bit off and leaves the others", "[lesson06][step02]") {
  std::uint8_t cell = Cell::VISITED | Cell::NORTH | Cell::WEST;
  clearFlag(cell, Cell::NORTH);
  CHECK(bits(cell) == bits(Cell::VISITED | Cell::WEST));
  CHECK_FALSE(hasFlag(cell, Cell::NORTH));
  clearFlag(cell, Cell::NORTH);  // off already: nothing changes
  CHECK(bits(cell) == bits(Cell::VISITED | Cell::WEST));
  clearFlag(cell, Cell::SOUTH);  // never on: nothing changes
  CHECK(bits(cell) == bits(Cell::VISITED | Cell::WEST));

  std::string story[6];
  std::uint8_t c = 0;
  story[0] = "cell = 0          " + bits(c);
  setFlag(c, Cell::VISITED);
  story[1] = "setFlag(VISITED)  " + bits(c);
  setFlag(c, Cell::EAST);
  story[2] = "setFlag(EAST)     " + bits(c);
  setFlag(c, Cell::SOUTH);
  story[3] = "setFlag(SOUTH)    " + bits(c);
  clearFlag(c, Cell::EAST);
  story[4] = "clearFlag(EAST)   " + bits(c);
  story[5] = std::string("hasFlag(SOUTH)     ") + (hasFlag(c, Cell::SOUTH) ? "true" : "false");
  turtle::Screen screen;
  lesson::writeLines(screen, {story[0], story[1], story[2], story[3], story[4], story[5]});
  lesson::picture(screen);
}

TEST_CASE("a number that is not one of the five flags is refused, naming the flags",
          "[lesson06][step02]") {
  std::uint8_t cell = 0;
  CHECK_THROWS_AS(hasFlag(cell, 3), std::invalid_argument);  // NORTH | EAST is two flags
  CHECK_THROWS_WITH(hasFlag(cell, 3), Catch::Contains("got 3") && Catch::Contains("Cell::NORTH"));
  CHECK_THROWS_WITH(setFlag(cell, 0), Catch::Contains("got 0") && Catch::Contains("Cell::VISITED"));
  CHECK_THROWS_WITH(clearFlag(cell, 32), Catch::Contains("got 32"));
  CHECK(bits(cell) == "00000000");  // refused: the cell is as it was
}
