// Step 5: inside, the maze is a matrix of 20 rows of 20 squares, one for each square of the
// picture, and every square holds 1: wall.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("a new maze is a matrix of 20 rows of 20 walls", "[lesson02][step05]") {
  Maze m;
  REQUIRE(m.matrix.size() == 20);
  for (std::size_t row = 0; row < 20; ++row) {
    INFO("row " << row);
    REQUIRE(m.matrix[row].size() == 20);
    for (std::size_t col = 0; col < 20; ++col) {
      CHECK(m.matrix[row][col] == 1);  // 1 means wall
    }
  }
  lesson::picture(m.screen);
}
