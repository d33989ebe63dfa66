// Step 2: toText(cellSize) makes each cell, and each passage along it, cellSize characters wide
// and cellSize lines high; the walls between cells stay one character thin. toText() is
// toText(1).
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

#include "maze.hpp"
#include "text_picture.hpp"

namespace {

// A maze with a short corridor: three squares east along the top, then two south.
Maze corridor() {
  Maze m;
  m.reset();
  m.dig(EAST);
  m.dig(EAST);
  m.dig(SOUTH);
  m.dig(SOUTH);
  return m;
}

// The first `lines` lines of a text.
std::string firstLines(const std::string& text, int lines) {
  std::size_t end = 0;
  for (int i = 0; i < lines; ++i) end = text.find('\n', end) + 1;
  return text.substr(0, end);
}

}  // namespace

TEST_CASE("cells two characters wide", "[lesson04][step02]") {
  const Maze m = corridor();
  // Ten cells two wide, and the ten walls after them one wide, and the outer wall: 31.
  CHECK(firstLines(m.toText(2), 7) ==
        "###############################\n"    // the outer wall
        "#     #########################\n"    // row 0, twice: cell, passage, cell
        "#     #########################\n"    //
        "####  #########################\n"    // row 1, once: a wall row
        "####  #########################\n"    // row 2, twice: the cell dug south
        "####  #########################\n"    //
        "###############################\n");  // row 3
  CHECK(m.toText(1) == m.toText());
}

TEST_CASE("cells three characters wide", "[lesson04][step02]") {
  const Maze m = corridor();
  CHECK(firstLines(m.toText(3), 5) ==
        "#########################################\n"
        "#       #################################\n"
        "#       #################################\n"
        "#       #################################\n"
        "#####   #################################\n");
  lesson::textPicture(m.toText(3));
}

TEST_CASE("a cell size under 1 is refused", "[lesson04][step02]") {
  const Maze m = corridor();
  CHECK_THROWS_AS(m.toText(0), std::invalid_argument);
  CHECK_THROWS_WITH(m.toText(-2), Catch::Contains("got -2"));
}
