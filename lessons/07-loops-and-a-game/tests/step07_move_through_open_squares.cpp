// Step 7: move(direction) takes the player one cell EAST, NORTH, WEST or SOUTH, through the
// square between, unless that square is a wall; each move is a turn, and shows the player
// more of the maze.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <stdexcept>

#include "game.hpp"
#include "maze.hpp"
#include "mazes.hpp"

namespace {

// A corridor along the top, from the start east to column 4, then down to row 2.
void digCorridorForMoves(Maze& m) {
  m.reset();
  for (int i = 0; i < 4; ++i) m.dig(EAST);
  m.dig(SOUTH);
  m.dig(SOUTH);
}

}  // namespace

TEST_CASE("move goes one cell through an open square and a wall blocks it", "[lesson07][step07]") {
  Maze m;
  digCorridorForMoves(m);
  Game game(m);
  CHECK_FALSE(game.move(SOUTH));  // a wall below the start
  CHECK_FALSE(game.move(NORTH));  // the edge of the maze
  CHECK_FALSE(game.move(WEST));
  CHECK(game.turns() == 0);  // bumping into a wall is not a move

  CHECK(game.move(EAST));
  CHECK(game.position().row == 0);
  CHECK(game.position().col == 2);
  CHECK(game.turns() == 1);
  CHECK(game.move(EAST));
  CHECK_FALSE(game.move(EAST));  // the corridor turns down here
  CHECK(game.move(SOUTH));
  CHECK(game.position().row == 2);
  CHECK(game.position().col == 4);
  CHECK(game.move(NORTH));  // and back up
  CHECK(game.position().row == 0);
  CHECK(game.position().col == 4);
  CHECK(game.turns() == 4);
  m.turtle.hideturtle();
  lesson::picture(m.screen);
}

TEST_CASE("moving shows the player the squares around each new cell", "[lesson07][step07]") {
  Maze m;
  digCorridorForMoves(m);
  Game game(m);
  CHECK_FALSE(game.hasSeen(1, 3));
  REQUIRE(game.move(EAST));
  CHECK(game.hasSeen(1, 3));        // around the cell at row 0, column 2
  CHECK_FALSE(game.hasSeen(0, 4));  // one square further: not yet
  CHECK(game.hasSeen(0, 0));        // what was seen stays seen
}

TEST_CASE("move refuses a direction that is not one of the four", "[lesson07][step07]") {
  Maze m;
  digCorridorForMoves(m);
  Game game(m);
  CHECK_THROWS_AS(game.move(4), std::invalid_argument);
  CHECK_THROWS_WITH(game.move(4), Catch::Contains("4"));
  CHECK_THROWS_AS(game.move(-1), std::invalid_argument);
  CHECK(game.turns() == 0);
}
