// Step 7: readText(text) makes the maze the one a text shows, as toText() writes it: matrix and
// picture. Text that is not a maze of the right size is refused, naming the line, and the maze
// stays as it was.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <stdexcept>
#include <string>

#include "maze.hpp"

TEST_CASE("a made maze read back from its text", "[lesson04][step07]") {
  for (int seed = 1; seed <= 5; ++seed) {
    INFO("the maze made with seed " << seed);
    Maze made;
    made.seed(seed);
    made.reset();
    made.makeMaze();
    Maze copy;
    copy.reset();
    copy.readText(made.toText());
    CHECK(copy.toText() == made.toText());
    for (int row = 0; row < 20; ++row) {
      for (int col = 0; col < 20; ++col) {
        INFO("square [" << row << "][" << col << "]");
        CHECK((copy.matrix[row][col] == WALL) == (made.matrix[row][col] == WALL));
        CHECK(copy.screen.colorAt(copy.centreOf(row, col)) ==
              (made.matrix[row][col] == WALL ? "blue" : "white"));
      }
    }
    if (seed == 5) {
      copy.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
      lesson::picture(copy.screen);
    }
  }
}

TEST_CASE("text that is not a maze is refused, and changes nothing", "[lesson04][step07]") {
  Maze m;
  m.seed(1);
  m.reset();
  m.makeMaze();
  const std::string before = m.toText();

  std::string shortLine = before;
  shortLine.erase(22 * 3 + 5, 1);  // line 4 loses a character
  CHECK_THROWS_WITH(m.readText(shortLine), Catch::Contains("line 4") && Catch::Contains("20"));

  std::string strange = before;
  strange[22 * 2 + 7] = 'x';  // line 3, column 8
  CHECK_THROWS_WITH(m.readText(strange),
                    Catch::Contains("line 3, column 8") && Catch::Contains("'x'"));

  CHECK_THROWS_AS(m.readText(before.substr(0, 22 * 10)), std::invalid_argument);  // 10 lines
  CHECK_THROWS_AS(m.readText(""), std::invalid_argument);
  CHECK(m.toText() == before);
}
