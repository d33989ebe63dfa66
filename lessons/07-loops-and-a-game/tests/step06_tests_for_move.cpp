// Step 6 (your tests): tests for Game::move(), written before move() itself: the player goes one
// cell, two squares, EAST, NORTH, WEST or SOUTH through an open square; a wall blocks it, even
// with an open cell behind it; only a real move is a turn; each move shows the squares around
// the new cell; and a direction that is not one of the four throws.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <stdexcept>

#include "game.hpp"
#include "maze.hpp"

namespace {

// A corridor in the shape of a U on its side: from the start east to column 2, down to row 2,
// and back west to column 0. Between the start and the cell below it, at row 2, column 0,
// stands one wall.
void digAroundOneWall(Maze& m) {
  m.reset();
  m.dig(EAST);
  m.dig(EAST);
  m.dig(SOUTH);
  m.dig(SOUTH);
  m.dig(WEST);
  m.dig(WEST);
}

}  // namespace

TEST_CASE("move takes the player one cell, two squares, in each of the four directions",
          "[lesson07][step06]") {
  Maze m;
  digAroundOneWall(m);
  Game game(m);
  CHECK(game.move(EAST));
  CHECK(game.position().row == 0);
  CHECK(game.position().col == 2);
  CHECK(game.move(SOUTH));
  CHECK(game.position().row == 2);
  CHECK(game.position().col == 2);
  CHECK(game.move(WEST));
  CHECK(game.position().row == 2);
  CHECK(game.position().col == 0);
  CHECK(game.turns() == 3);
  // And back the way it came: east, north, west.
  CHECK(game.move(EAST));
  CHECK(game.move(NORTH));
  CHECK(game.position().row == 0);
  CHECK(game.position().col == 2);
  CHECK(game.move(WEST));
  CHECK(game.position().row == 0);
  CHECK(game.position().col == 0);
  CHECK(game.turns() == 6);
  m.turtle.hideturtle();
  lesson::picture(m.screen);
}

TEST_CASE("a wall blocks move even with an open cell behind it, and a bump is no turn",
          "[lesson07][step06]") {
  Maze m;
  digAroundOneWall(m);
  Game game(m);
  CHECK_FALSE(game.move(SOUTH));  // the wall below the start; the cell behind it is open
  CHECK_FALSE(game.move(NORTH));  // the edge of the maze
  CHECK_FALSE(game.move(WEST));   // the edge again
  CHECK(game.position().row == 0);
  CHECK(game.position().col == 0);
  CHECK(game.turns() == 0);

  REQUIRE(game.move(EAST));
  REQUIRE(game.move(SOUTH));
  REQUIRE(game.move(WEST));
  CHECK_FALSE(game.move(NORTH));  // the same wall, from below
  CHECK(game.position().row == 2);
  CHECK(game.position().col == 0);
  CHECK(game.turns() == 3);
}

TEST_CASE("each move shows the squares around the new cell, and what was seen stays seen",
          "[lesson07][step06]") {
  Maze m;
  digAroundOneWall(m);
  Game game(m);
  CHECK_FALSE(game.hasSeen(1, 3));
  CHECK_FALSE(game.hasSeen(3, 0));
  CHECK_FALSE(game.move(SOUTH));  // a bump shows nothing new
  CHECK_FALSE(game.hasSeen(3, 0));

  REQUIRE(game.move(EAST));   // to row 0, column 2
  CHECK(game.hasSeen(1, 3));  // around the new cell
  CHECK(game.hasSeen(0, 3));
  CHECK_FALSE(game.hasSeen(0, 4));  // two squares away: not yet
  CHECK(game.hasSeen(0, 0));        // the start is still seen
  REQUIRE(game.move(SOUTH));        // to row 2, column 2
  CHECK(game.hasSeen(3, 3));
  CHECK(game.hasSeen(3, 1));
  CHECK(game.hasSeen(1, 3));
}

TEST_CASE("move throws for a direction that is not EAST, NORTH, WEST or SOUTH",
          "[lesson07][step06]") {
  Maze m;
  digAroundOneWall(m);
  Game game(m);
  CHECK_THROWS_AS(game.move(4), std::invalid_argument);
  CHECK_THROWS_AS(game.move(-1), std::invalid_argument);
  CHECK_THROWS_AS(game.move(100), std::invalid_argument);
  CHECK(game.position().row == 0);
  CHECK(game.position().col == 0);
  CHECK(game.turns() == 0);
}
