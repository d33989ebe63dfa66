// Step 4 (your tests): before solve() is rewritten, tests that pin down what it does: the way
// runs from the top-left square to the END one square at a time through open squares, exactly
// the way is VISITED and the END stays END, solving again finds the same way, and a maze with
// no way through gives an empty way and leaves nothing VISITED.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstddef>
#include <lesson_picture.hpp>
#include <vector>

#include "maze.hpp"

namespace {

// The row and the column of the square whose centre is at `p`, in a maze of `size` squares.
struct RowCol {
  int row;
  int col;
};
RowCol squareUnder(const turtle::Vec2D& p, int size) {
  const double side = 400.0 / size;
  return {static_cast<int>(std::lround((200 - p.y) / side - 0.5)),
          static_cast<int>(std::lround((p.x + 200) / side - 0.5))};
}

// How many squares of the matrix hold `value`.
int countOf(const Maze& m, int value) {
  int count = 0;
  for (const auto& row : m.matrix) {
    for (int square : row) {
      if (square == value) ++count;
    }
  }
  return count;
}

}  // namespace

TEST_CASE("solve's way runs from the top-left square to the END, one open square at a time",
          "[lesson05][step04]") {
  for (int size : {4, 10, 20, 40}) {
    for (int seed = 1; seed <= 3; ++seed) {
      INFO("size " << size << ", seed " << seed);
      Maze m(size);
      m.seed(seed);
      m.reset();
      m.makeMaze();
      const std::vector<std::vector<int>> before = m.matrix;
      const std::vector<turtle::Vec2D> way = m.solve();
      REQUIRE(way.size() >= 2);
      CHECK(way.front() == m.centreOf(0, 0));
      CHECK(way.back() == m.centreOf(size - 2, size - 2));  // the END's square
      for (std::size_t i = 0; i < way.size(); ++i) {
        INFO("square " << i << " of the way");
        const RowCol here = squareUnder(way[i], size);
        REQUIRE(here.row >= 0);
        REQUIRE(here.row < size);
        REQUIRE(here.col >= 0);
        REQUIRE(here.col < size);
        CHECK(before[here.row][here.col] != WALL);  // the way never goes through a wall
        if (i > 0) {
          const RowCol last = squareUnder(way[i - 1], size);
          CHECK(std::abs(here.row - last.row) + std::abs(here.col - last.col) == 1);
        }
      }
    }
  }
}

TEST_CASE("solve marks exactly its way VISITED and the END stays the END", "[lesson05][step04]") {
  for (int seed = 1; seed <= 5; ++seed) {
    INFO("seed " << seed);
    Maze m(20);
    m.seed(seed);
    m.reset();
    m.makeMaze();
    const int walls = countOf(m, WALL);
    const std::vector<turtle::Vec2D> way = m.solve();
    REQUIRE(way.size() >= 2);
    // Every square of the way but the last is VISITED; the last is the END, and stays it.
    for (std::size_t i = 0; i + 1 < way.size(); ++i) {
      INFO("square " << i << " of the way");
      CHECK(m.getMatrixValueAt(way[i]) == VISITED);
    }
    CHECK(m.getMatrixValueAt(way.back()) == END);
    CHECK(m.getMatrixValueAt(m.centreOf(18, 18)) == END);
    // Nothing else: the dead ends the search tried are EMPTY again, the walls still walls.
    CHECK(countOf(m, VISITED) == static_cast<int>(way.size()) - 1);
    CHECK(countOf(m, END) == 1);
    CHECK(countOf(m, WALL) == walls);
  }
}

TEST_CASE("solving a maze a second time finds the same way", "[lesson05][step04]") {
  Maze m(30);
  m.seed(4);
  m.reset();
  m.makeMaze();
  const std::vector<turtle::Vec2D> first = m.solve();
  const std::vector<std::vector<int>> solved = m.matrix;
  const std::vector<turtle::Vec2D> second = m.solve();
  REQUIRE_FALSE(first.empty());
  CHECK(second == first);
  CHECK(m.matrix == solved);
}

TEST_CASE("solve gives an empty way when there is no END to reach", "[lesson05][step04]") {
  Maze m(10);
  m.reset();
  for (int i = 0; i < 4; ++i) m.dig(EAST);  // a corridor along the top, and no END anywhere
  m.dig(SOUTH);
  m.dig(SOUTH);
  const std::vector<std::vector<int>> dug = m.matrix;
  CHECK(m.solve().empty());
  CHECK(countOf(m, VISITED) == 0);  // every square it tried is EMPTY again
  CHECK(m.matrix == dug);
}

TEST_CASE("solve draws its way red through a 40 by 40 maze", "[lesson05][step04]") {
  Maze m(40);
  m.seed(3);
  m.reset();
  m.makeMaze();
  const std::vector<turtle::Vec2D> way = m.solve();
  REQUIRE_FALSE(way.empty());
  CHECK(m.screen.colorAt(way[way.size() / 2]) == "red");  // the middle of the way
  CHECK(m.screen.colorAt(way.back()) == "yellow");        // the END
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
