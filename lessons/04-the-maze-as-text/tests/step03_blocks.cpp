// Step 3: toText(cellSize, wall) draws the walls with any text: "#", or a block, "█", as
// seed mazes are often printed. A "█" is one character on the screen but three bytes in a
// std::string.
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

#include "maze.hpp"
#include "text_picture.hpp"

TEST_CASE("walls drawn with blocks", "[lesson04][step03]") {
  Maze m;
  m.reset();
  m.dig(EAST);
  m.dig(EAST);
  const std::string text = m.toText(1, "█");
  const std::string top = text.substr(0, text.find('\n'));
  CHECK(lesson::charactersIn(top) == 21);  // 21 blocks on the screen...
  CHECK(top.size() == 21 * 3);             // ...of three bytes each
  const std::string row0 =
      text.substr(top.size() + 1, text.find('\n', top.size() + 1) - top.size() - 1);
  CHECK(row0 == "█   █████████████████");
  CHECK(m.toText(1, "#") == m.toText());
  lesson::textPicture(text);
}

TEST_CASE("blocks in wider cells", "[lesson04][step03]") {
  Maze m;
  m.seed(4);
  m.reset();
  m.makeMaze();
  // The same maze, whatever the wall: only the characters differ.
  std::string hashes = m.toText(2, "#");
  std::string blocks = m.toText(2, "█");
  std::string back;
  for (std::size_t i = 0; i < blocks.size();) {
    if (blocks.compare(i, 3, "█") == 0) {
      back += '#';
      i += 3;
    } else {
      back += blocks[i];
      ++i;
    }
  }
  CHECK(back == hashes);
}

TEST_CASE("an empty wall is refused", "[lesson04][step03]") {
  Maze m;
  CHECK_THROWS_AS(m.toText(1, ""), std::invalid_argument);
}
