// Step 5: a Game on a maze starts with the player on the top-left square, no turns made, not
// won yet, and having seen only the squares around the start.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <utility>
#include <vector>

#include "game.hpp"
#include "maze.hpp"
#include "mazes.hpp"

TEST_CASE("a game starts on the top-left square with no turns made", "[lesson07][step05]") {
  Maze m;
  lesson07::makeSeededMaze(m, 2);
  m.braid(0.5);
  Game game(m);
  CHECK(game.position().row == 0);
  CHECK(game.position().col == 0);
  CHECK(game.turns() == 0);
  CHECK_FALSE(game.won());
  m.turtle.hideturtle();
  lesson::picture(m.screen);
}

TEST_CASE("at the start the player has seen only the squares around the start",
          "[lesson07][step05]") {
  Maze m;
  lesson07::makeSeededMaze(m, 2);
  Game game(m);
  std::vector<std::pair<int, int>> seen;
  for (int row = 0; row < static_cast<int>(m.matrix.size()); ++row) {
    for (int col = 0; col < static_cast<int>(m.matrix[0].size()); ++col) {
      if (game.hasSeen(row, col)) seen.emplace_back(row, col);
    }
  }
  const std::vector<std::pair<int, int>> around = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};
  CHECK(seen == around);
  CHECK_FALSE(game.hasSeen(-1, 0));  // off the matrix: nothing to see
  CHECK_FALSE(game.hasSeen(0, 1000));
}
