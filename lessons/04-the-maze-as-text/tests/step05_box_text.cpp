// Step 5: toBoxText() draws the maze with corners and edges, a cell at a time: '+' at every
// corner, "--" for a wall above or below a cell, '|' for a wall beside it. A cell only says
// whether its right and its lower wall stand.
#include <catch2/catch.hpp>
#include <string>

#include "maze.hpp"
#include "text_picture.hpp"

TEST_CASE("a maze dug by hand with corners and edges", "[lesson04][step05]") {
  Maze m;
  m.reset();
  m.dig(EAST);
  m.dig(EAST);
  m.dig(SOUTH);
  m.dig(SOUTH);
  const std::string text = m.toBoxText();
  const std::string wholeRow = "+--+--+--+--+--+--+--+--+--+--+\n";
  std::string expected = wholeRow +                           // the top
                         "|     |  |  |  |  |  |  |  |  |\n"  // cells 0 and 1 joined
                         "+--+  +--+--+--+--+--+--+--+--+\n"  // cell 1 open below
                         "|  |  |  |  |  |  |  |  |  |  |\n";
  CHECK(text.substr(0, expected.size()) == expected);
  lesson::textPicture(text);
}

TEST_CASE("a made maze with corners and edges", "[lesson04][step05]") {
  Maze m;
  m.seed(2);
  m.reset();
  m.makeMaze();
  const std::string text = m.toBoxText();
  // 10 rows of cells: a line through them and a line under them, and the top.
  REQUIRE(text.size() == 21 * 32);
  for (int row = 0; row < 10; ++row) {
    for (int col = 0; col < 10; ++col) {
      INFO("cell " << row << ", " << col);
      const char right = text[(2 * row + 1) * 32 + 3 * col + 3];
      const std::string below = text.substr((2 * row + 2) * 32 + 3 * col + 1, 2);
      CHECK((right == '|') == (m.matrix[2 * row][2 * col + 1] == WALL));
      CHECK((below == "--") == (m.matrix[2 * row + 1][2 * col] == WALL));
    }
  }
}
