// Step 8: the game is won when the player stands on the END, and after that the player moves
// no more. A player who keeps a hand on the right wall wins every maze.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "game.hpp"
#include "maze.hpp"
#include "mazes.hpp"
#include "right_hand.hpp"

TEST_CASE("keeping a hand on the right wall wins a braided maze", "[lesson07][step08]") {
  for (int seed = 1; seed <= 3; ++seed) {
    INFO("the maze made with seed " << seed << ", braided by half");
    Maze m;
    lesson07::makeSeededMaze(m, seed);
    m.braid(0.5);
    Game game(m);
    const int squares = static_cast<int>(m.matrix.size() * m.matrix[0].size());
    const int moves = lesson07::followRightHand(game, 4 * squares);
    CHECK(game.won());
    CHECK(game.turns() == moves);
    CHECK(m.matrix[game.position().row][game.position().col] == END);
  }
}

TEST_CASE("after winning the player moves no more", "[lesson07][step08]") {
  Maze m;
  lesson07::makeSeededMaze(m, 5);
  Game game(m);
  const int squares = static_cast<int>(m.matrix.size() * m.matrix[0].size());
  lesson07::followRightHand(game, 4 * squares);
  REQUIRE(game.won());
  const Square end = game.position();
  const int turns = game.turns();
  for (const int direction : {EAST, NORTH, WEST, SOUTH}) CHECK_FALSE(game.move(direction));
  CHECK(game.position().row == end.row);
  CHECK(game.position().col == end.col);
  CHECK(game.turns() == turns);
  m.turtle.hideturtle();
  lesson::picture(m.screen);
}
