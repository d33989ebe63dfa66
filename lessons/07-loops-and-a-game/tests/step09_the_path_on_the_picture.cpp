// Step 9: the maze's turtle draws the player's path in orange, one line for each move, and
// lifts its pen again, so that the maze's own stamps draw no lines.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "game.hpp"
#include "maze.hpp"
#include "mazes.hpp"
#include "right_hand.hpp"

TEST_CASE("each move draws an orange line from cell to cell", "[lesson07][step09]") {
  Maze m;
  m.reset();
  for (int i = 0; i < 6; ++i) m.dig(EAST);  // a corridor along the top to column 6
  Game game(m);
  REQUIRE(game.move(EAST));
  CHECK(m.screen.colorAt(lesson07::squareAt(0, 1)) == "orange");  // between the two cells
  CHECK(m.screen.colorAt(lesson07::squareAt(0, 5)) == "white");   // not walked yet
  CHECK_FALSE(game.move(SOUTH));                                  // blocked: nothing drawn
  CHECK(m.screen.colorAt(lesson07::squareAt(1, 2)) == "blue");
  CHECK_FALSE(m.turtle.isdown());                     // the pen is up again
  m.setMatrixValueAt(lesson07::squareAt(0, 6), END);  // a stamp draws no line to the END
  CHECK(m.screen.colorAt(lesson07::squareAt(0, 5)) == "white");
}

TEST_CASE("the picture shows the player's path through a braided maze", "[lesson07][step09]") {
  Maze m;
  lesson07::makeSeededMaze(m, 3);
  m.braid(0.5);
  Game game(m);
  const int squares = static_cast<int>(m.matrix.size() * m.matrix[0].size());
  lesson07::followRightHand(game, 4 * squares);
  REQUIRE(game.won());
  // The last move came into the END through the square above it or the one on its left.
  const Square end = game.position();
  const bool cameIn = m.screen.colorAt(lesson07::squareAt(end.row - 1, end.col)) == "orange" ||
                      m.screen.colorAt(lesson07::squareAt(end.row, end.col - 1)) == "orange";
  CHECK(cameIn);
  m.turtle.hideturtle();
  lesson::picture(m.screen);
}
