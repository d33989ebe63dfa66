// Step 1: toText() writes the maze as text, a line for each row of squares: '#' for a wall, a
// space for a square dug out, with the outer wall the matrix leaves off added along the top and
// down the left.
#include <catch2/catch.hpp>
#include <cstddef>
#include <string>

#include "maze.hpp"
#include "text_picture.hpp"

TEST_CASE("a maze dug by hand as text", "[lesson04][step01]") {
  Maze m;
  m.reset();
  m.dig(EAST);
  m.dig(EAST);
  m.dig(SOUTH);
  m.dig(SOUTH);
  const std::string allWall = "#####################\n";
  std::string expected = allWall +                   // the outer wall along the top
                         "#   #################\n"   // row 0: three squares dug east
                         "### #################\n"   // row 1: one dug south
                         "### #################\n";  // row 2: and one more
  for (int row = 3; row < 20; ++row) expected += allWall;
  CHECK(m.toText() == expected);
  lesson::textPicture(m.toText());
}

TEST_CASE("a made maze as text shows every square of the matrix", "[lesson04][step01]") {
  for (int seed = 1; seed <= 3; ++seed) {
    INFO("the maze made with seed " << seed);
    Maze m;
    m.seed(seed);
    m.reset();
    m.makeMaze();
    const std::string text = m.toText();
    REQUIRE(text.size() == 21 * 22);  // 21 lines of 21 characters and a '\n'
    for (std::size_t row = 0; row < 20; ++row) {
      for (std::size_t col = 0; col < 20; ++col) {
        INFO("square [" << row << "][" << col << "]");
        const char expected = m.matrix[row][col] == WALL ? '#' : ' ';
        CHECK(text[(row + 1) * 22 + col + 1] == expected);
      }
    }
  }
}
