// Step 3: the student writes the tests for the next step: solve() backs out of a dead end, which
// leaves it open, white and off the way, and finds no way at all to an END it cannot reach. These
// are tests a student could write, with nothing but maze.hpp.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <vector>

#include "maze.hpp"

namespace {

// Where the square in a row and a column of the matrix is on the screen: its centre.
turtle::Vec2D squareAt(int row, int col) { return turtle::Vec2D(-190 + 20 * col, 190 - 20 * row); }

}  // namespace

TEST_CASE("my tests: a dead end below the start is left open and off the way",
          "[lesson03][step03]") {
  Maze m;
  m.reset();
  m.dig(SOUTH);
  m.dig(SOUTH);  // a dead end two squares long: the search looks south before it looks east
  m.turtle.goTo(squareAt(0, 0));
  for (int i = 0; i < 4; ++i) m.dig(EAST);
  m.setMatrixValueAt(squareAt(0, 4), END);

  const std::vector<turtle::Vec2D> way = m.solve();
  const std::vector<turtle::Vec2D> expected = {squareAt(0, 0), squareAt(0, 1), squareAt(0, 2),
                                               squareAt(0, 3), squareAt(0, 4)};
  CHECK(way == expected);

  // The dead end: open again, and white again.
  CHECK(m.matrix[1][0] == EMPTY);
  CHECK(m.matrix[2][0] == EMPTY);
  CHECK(m.screen.colorAt(squareAt(1, 0)) == "white");
  CHECK(m.screen.colorAt(squareAt(2, 0)) == "white");

  // The way: VISITED and red, up to the END, which stays END.
  for (int col = 0; col < 4; ++col) {
    INFO("the square in row 0, column " << col);
    CHECK(m.matrix[0][col] == VISITED);
    CHECK(m.screen.colorAt(squareAt(0, col)) == "red");
  }
  CHECK(m.matrix[0][4] == END);
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}

TEST_CASE("my tests: solve backs out of a dead end halfway along the way", "[lesson03][step03]") {
  Maze m;
  m.reset();
  for (int i = 0; i < 2; ++i) m.dig(EAST);
  m.dig(SOUTH);
  m.dig(SOUTH);  // a dead end down from the second cell of the corridor
  m.turtle.goTo(squareAt(0, 2));
  for (int i = 0; i < 2; ++i) m.dig(EAST);
  m.setMatrixValueAt(squareAt(0, 4), END);

  const std::vector<turtle::Vec2D> way = m.solve();
  REQUIRE(way.size() == 5);
  CHECK(way.front() == squareAt(0, 0));
  CHECK(way.back() == squareAt(0, 4));
  CHECK(m.matrix[1][2] == EMPTY);
  CHECK(m.matrix[2][2] == EMPTY);
  CHECK(m.screen.colorAt(squareAt(2, 2)) == "white");
}

TEST_CASE("my tests: solve finds no way to a walled-in END and changes nothing",
          "[lesson03][step03]") {
  Maze m;
  m.reset();
  m.dig(EAST);
  m.dig(EAST);
  m.dig(SOUTH);
  m.dig(SOUTH);
  m.setMatrixValueAt(squareAt(6, 6), END);  // nothing leads there
  const auto before = m.matrix;

  CHECK(m.solve().empty());
  CHECK(m.matrix == before);
  CHECK(m.screen.colorAt(squareAt(0, 0)) == "white");
  CHECK(m.screen.colorAt(squareAt(2, 2)) == "white");
}
