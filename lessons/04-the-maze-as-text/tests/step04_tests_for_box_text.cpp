// Step 4: the student writes the tests for the next step: toBoxText() draws the maze with '+' at
// the corners, "--" for a wall above or below a cell and '|' for a wall beside it, line for line.
// These are tests a student could write, with nothing but maze.hpp.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <string>
#include <vector>

#include "maze.hpp"

namespace {

// The lines of a text, without their '\n'.
std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace

TEST_CASE("my tests: a short corridor with corners and edges, every line", "[lesson04][step04]") {
  Maze m;
  m.reset();
  m.dig(EAST);
  m.dig(EAST);  // cell 0 and cell 1 of the top row joined
  m.dig(SOUTH);
  m.dig(SOUTH);  // cell 1 open below, to the cell under it

  const std::string closedCells = "|  |  |  |  |  |  |  |  |  |  |\n";
  const std::string allWall = "+--+--+--+--+--+--+--+--+--+--+\n";
  std::string expected = allWall +                            // the top edge
                         "|     |  |  |  |  |  |  |  |  |\n"  // no wall right of cell 0
                         "+--+  +--+--+--+--+--+--+--+--+\n"  // no wall under cell 1
                         "|  |  |  |  |  |  |  |  |  |  |\n"  // the row of cells below
                         "+--+--+--+--+--+--+--+--+--+--+\n";
  for (int row = 2; row < 10; ++row) expected += closedCells + allWall;
  CHECK(m.toBoxText() == expected);
}

TEST_CASE("my tests: a made maze's box text shows every cell's walls", "[lesson04][step04]") {
  Maze m;
  m.seed(7);
  m.reset();
  m.makeMaze();
  const std::vector<std::string> lines = linesOf(m.toBoxText());
  REQUIRE(lines.size() == 21);  // the top, then a line through and a line under each row
  for (const std::string& line : lines) CHECK(line.size() == 31);  // '|' or '+', 3 a cell
  CHECK(lines[0] == "+--+--+--+--+--+--+--+--+--+--+");
  for (int row = 0; row < 10; ++row) {
    const std::string& through = lines[2 * row + 1];
    const std::string& under = lines[2 * row + 2];
    CHECK(through[0] == '|');  // the left edge is always wall
    CHECK(under[0] == '+');
    for (int col = 0; col < 10; ++col) {
      INFO("the cell in row " << row << ", column " << col);
      const bool wallRight = m.matrix[2 * row][2 * col + 1] == WALL;
      const bool wallBelow = m.matrix[2 * row + 1][2 * col] == WALL;
      CHECK(through.substr(3 * col + 1, 3) == (wallRight ? "  |" : "   "));
      CHECK(under.substr(3 * col + 1, 3) == (wallBelow ? "--+" : "  +"));
    }
  }
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
