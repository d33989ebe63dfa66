// The lesson's matrix view of a Grid, and back.
#include <catch2/catch.hpp>

#include "maze/generators.hpp"
#include "maze/matrix.hpp"

using maze::EMPTY;
using maze::Matrix;
using maze::WALL;

TEST_CASE("a 2x2 maze as a lesson matrix: cells on even squares, passages between",
          "[maze][matrix]") {
  maze::Grid grid(2, 2);
  grid.open({0, 0}, maze::Direction::east);
  grid.open({0, 1}, maze::Direction::south);
  grid.open({1, 1}, maze::Direction::west);
  const Matrix expected = {{EMPTY, EMPTY, EMPTY}, {WALL, WALL, EMPTY}, {EMPTY, EMPTY, EMPTY}};
  CHECK(maze::toMatrix(grid) == expected);
  CHECK(maze::fromMatrix(expected) == grid);
}

TEST_CASE("a 10x10 maze fills the lesson's 20x20 matrix with row and column 19 wall",
          "[maze][matrix]") {
  const maze::Grid grid = maze::generate(maze::Algorithm::recursiveBacktracker, 10, 10, 1);
  const Matrix m = maze::toMatrix(grid, 20, 20);
  REQUIRE(m.size() == 20);
  for (int i = 0; i < 20; ++i) {
    CHECK(m[19][static_cast<std::size_t>(i)] == WALL);
    CHECK(m[static_cast<std::size_t>(i)][19] == WALL);
  }
  CHECK(maze::fromMatrix(m) == grid);
}

TEST_CASE("every generator's maze survives the trip through a matrix", "[maze][matrix]") {
  for (maze::Algorithm a : maze::allAlgorithms()) {
    const maze::Grid grid = maze::generate(a, 6, 11, 4);
    CHECK(maze::fromMatrix(maze::toMatrix(grid)) == grid);
  }
}

TEST_CASE("a matrix that is not a maze is refused, naming the square", "[maze][matrix]") {
  CHECK_THROWS_WITH(maze::fromMatrix({}), "the matrix is empty; a maze needs at least one square");
  CHECK_THROWS_WITH(maze::fromMatrix({{0, 0, 0}, {1, 1}, {0, 0, 0}}),
                    "matrix row 1 has 2 squares, but row 0 has 3: every row must be as long");
  CHECK_THROWS_WITH(maze::fromMatrix({{0, 0, 0}, {1, 1, 7}, {0, 0, 0}}),
                    "matrix[1][2] is 7; a square is EMPTY (0), WALL (1), VISITED (2) or END (3)");
  CHECK_THROWS_WITH(maze::fromMatrix({{0, 0, 1}, {1, 1, 1}, {0, 0, 0}}),
                    "matrix[0][2] is WALL, but the squares at an even row and column are the "
                    "maze's cells and must be open");
  CHECK_THROWS_WITH(maze::fromMatrix({{0, 0, 0}, {1, 0, 1}, {0, 0, 0}}),
                    "matrix[1][1] is open, but the squares at an odd row and odd column sit "
                    "between four cells and must be WALL");
  CHECK_THROWS_WITH(maze::fromMatrix({{0, 0}, {1, 1}}),
                    "matrix[0][1] is open, but it leads out of the maze: the last row and column "
                    "of an even-sized matrix must be WALL");
}
