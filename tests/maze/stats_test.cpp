// Statistics on small mazes whose answers can be counted by hand.
#include <catch2/catch.hpp>

#include <algorithm>

#include "maze/generators.hpp"
#include "maze/solvers.hpp"
#include "maze/stats.hpp"

using maze::Direction;
using maze::Grid;

namespace {

/// A 1 × n corridor, all walls between its cells open.
Grid corridor(int n) {
  Grid grid(1, n);
  for (int c = 0; c + 1 < n; ++c) grid.open({0, c}, Direction::east);
  return grid;
}

/// 3 × 3, an S-shaped snake: row 0 east, down at the right, row 1 west, down at the left, row 2
/// east.
Grid snake() {
  Grid grid(3, 3);
  grid.open({0, 0}, Direction::east);
  grid.open({0, 1}, Direction::east);
  grid.open({0, 2}, Direction::south);
  grid.open({1, 2}, Direction::west);
  grid.open({1, 1}, Direction::west);
  grid.open({1, 0}, Direction::south);
  grid.open({2, 0}, Direction::east);
  grid.open({2, 1}, Direction::east);
  return grid;
}

}  // namespace

TEST_CASE("a corridor has two dead ends and its whole length as longest path", "[maze][stats]") {
  const Grid grid = corridor(10);
  CHECK(maze::deadEndCount(grid) == 2);
  CHECK(maze::deadEndShare(grid) == Approx(0.2));
  CHECK(maze::solutionLength(grid) == 10);
  const maze::LongestPath longest = maze::longestPath(grid);
  CHECK(longest.length == 10);
  const bool endToEnd = (longest.from == maze::Cell{0, 0} && longest.to == maze::Cell{0, 9}) ||
                        (longest.from == maze::Cell{0, 9} && longest.to == maze::Cell{0, 0});
  CHECK(endToEnd);
}

TEST_CASE("the snake: every cell on the solution", "[maze][stats]") {
  const Grid grid = snake();
  CHECK(maze::isPerfect(grid));
  CHECK(maze::deadEndCount(grid) == 2);
  CHECK(maze::solutionLength(grid) == 9);
  CHECK(maze::longestPath(grid).length == 9);
}

TEST_CASE("a T junction: three dead ends, the longest path misses one arm", "[maze][stats]") {
  Grid grid(2, 3);
  grid.open({0, 0}, Direction::east);
  grid.open({0, 1}, Direction::east);
  grid.open({0, 1}, Direction::south);
  // (1,0) and (1,2) are cut off
  CHECK(maze::deadEndCount(grid) == 3);
  CHECK_FALSE(maze::isConnected(grid));
  CHECK_FALSE(maze::isPerfect(grid));
  CHECK(maze::solutionLength(grid) == 0);  // (1,2) cannot be reached
  CHECK(maze::longestPath(grid).length == 3);
}

TEST_CASE("a room with loops is connected but not perfect", "[maze][stats]") {
  Grid grid(4, 4);
  grid.openAll();
  CHECK(maze::isConnected(grid));
  CHECK_FALSE(maze::isPerfect(grid));
  CHECK(maze::deadEndCount(grid) == 0);
  CHECK(maze::solutionLength(grid) == 7);
}

TEST_CASE("longest path is the diameter of a generated maze (checked against every start)",
          "[maze][stats]") {
  const Grid grid = maze::generate(maze::Algorithm::kruskal, 9, 11, 5);
  std::size_t diameter = 0;
  for (int r = 0; r < grid.rows(); ++r) {
    for (int c = 0; c < grid.cols(); ++c) {
      for (int r2 = 0; r2 < grid.rows(); ++r2) {
        for (int c2 = 0; c2 < grid.cols(); ++c2) {
          const auto n = maze::breadthFirst(grid, {r, c}, {r2, c2}).size();
          diameter = std::max(diameter, n);
        }
      }
    }
  }
  CHECK(maze::longestPath(grid).length == diameter);
}
