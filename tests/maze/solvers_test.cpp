// The solvers: each path starts and ends where it should, moves one cell at a time through
// open walls; breadth-first and A* are shortest; a maze with no way through says so.
#include <catch2/catch.hpp>

#include <string>

#include "maze/generators.hpp"
#include "maze/solvers.hpp"
#include "maze/stats.hpp"
#include "maze_checks.hpp"

using maze::Algorithm;
using maze::Cell;
using maze::Grid;
using maze::Path;

namespace {

struct Solver {
  const char* name;
  Path (*solve)(const Grid&, Cell, Cell);
};

Path leftHand(const Grid& g, Cell a, Cell b) {
  return maze::wallFollower(g, a, b, maze::Hand::left);
}
Path rightHand(const Grid& g, Cell a, Cell b) {
  return maze::wallFollower(g, a, b, maze::Hand::right);
}

const Solver solvers[] = {
    {"depth-first", maze::depthFirst},
    {"breadth-first", maze::breadthFirst},
    {"A*", maze::aStar},
    {"left-hand wall follower", leftHand},
    {"right-hand wall follower", rightHand},
    {"dead-end filling", maze::deadEndFilling},
};

}  // namespace

TEST_CASE("in a perfect maze every solver finds the one way, step by step through open walls",
          "[maze][solvers]") {
  for (Algorithm a : maze::allAlgorithms()) {
    for (std::uint64_t seed : {1U, 2U}) {
      const Grid grid = maze::generate(a, 17, 23, seed);
      const Cell from{0, 0};
      const Cell to{16, 22};
      const Path shortest = maze::breadthFirst(grid, from, to);
      for (const Solver& s : solvers) {
        INFO(maze::algorithmName(a) << " seed " << seed << ", " << s.name);
        const Path path = s.solve(grid, from, to);
        maze_test::requireValidPath(grid, path, from, to);
        CHECK(path == shortest);  // a perfect maze has only one way
      }
    }
  }
}

TEST_CASE("between any two cells, not only corner to corner", "[maze][solvers]") {
  const Grid grid = maze::generate(Algorithm::wilson, 12, 12, 3);
  const Cell from{7, 2};
  const Cell to{1, 10};
  for (const Solver& s : solvers) {
    INFO(s.name);
    maze_test::requireValidPath(grid, s.solve(grid, from, to), from, to);
  }
}

TEST_CASE("with loops, breadth-first and A* agree on the shortest length and nobody is shorter",
          "[maze][solvers]") {
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    Grid grid = maze::generate(Algorithm::recursiveBacktracker, 25, 25, seed);
    maze::Random random(seed);
    maze::braid(grid, 1.0, random);
    const Cell from{0, 0};
    const Cell to{24, 24};
    const Path bfs = maze::breadthFirst(grid, from, to);
    const Path astar = maze::aStar(grid, from, to);
    maze_test::requireValidPath(grid, bfs, from, to);
    maze_test::requireValidPath(grid, astar, from, to);
    CHECK(astar.size() == bfs.size());
    for (const Solver& s : solvers) {
      INFO("seed " << seed << ", " << s.name);
      const Path path = s.solve(grid, from, to);
      if (path.empty()) {
        // Only a wall follower may lose its way around an island of a braided maze.
        CHECK(std::string(s.name).find("wall follower") != std::string::npos);
        continue;
      }
      maze_test::requireValidPath(grid, path, from, to);
      CHECK(path.size() >= bfs.size());
    }
  }
}

TEST_CASE("breadth-first finds the shortest way round a known wall", "[maze][solvers]") {
  // A 3 × 3 room with a wall east of the middle column's top two cells: from (0,0) to (0,2)
  // the way leads round the end of the wall through the bottom row.
  Grid grid(3, 3);
  grid.openAll();
  grid.close({0, 1}, maze::Direction::east);
  grid.close({1, 1}, maze::Direction::east);
  const Path path = maze::breadthFirst(grid, {0, 0}, {0, 2});
  maze_test::requireValidPath(grid, path, {0, 0}, {0, 2});
  CHECK(path.size() == 7);  // round the wall through row 2; straight along row 0 would be 3
  CHECK(maze::aStar(grid, {0, 0}, {0, 2}).size() == 7);
}

TEST_CASE("a maze with no way through is reported as such by every solver", "[maze][solvers]") {
  Grid grid = maze::generate(Algorithm::kruskal, 10, 10, 4);
  // Wall off the bottom-right cell completely.
  grid.close({9, 9}, maze::Direction::north);
  grid.close({9, 9}, maze::Direction::west);
  for (const Solver& s : solvers) {
    INFO(s.name);
    CHECK(s.solve(grid, {0, 0}, {9, 9}).empty());
  }
  const Grid walls(4, 4);  // nothing dug at all
  for (const Solver& s : solvers) {
    INFO(s.name);
    CHECK(s.solve(walls, {0, 0}, {3, 3}).empty());
  }
}

TEST_CASE("start and goal in the same cell give a path of that one cell", "[maze][solvers]") {
  const Grid grid = maze::generate(Algorithm::eller, 5, 5, 1);
  for (const Solver& s : solvers) {
    INFO(s.name);
    CHECK(s.solve(grid, {2, 3}, {2, 3}) == Path{{2, 3}});
  }
}

TEST_CASE("a start or goal off the maze is an error naming the cell", "[maze][solvers]") {
  const Grid grid(5, 6);
  REQUIRE_THROWS_WITH(maze::breadthFirst(grid, {0, 0}, {5, 0}),
                      "goal cell (5, 0) is off the maze, which has rows 0 to 4 and columns 0 to 5");
  for (const Solver& s : solvers) {
    INFO(s.name);
    REQUIRE_THROWS_AS(s.solve(grid, {-1, 0}, {0, 0}), std::out_of_range);
  }
}

TEST_CASE("solvers need no call stack: a 1000x1000 backtracker maze is solved",
          "[maze][solvers][large]") {
  const Grid grid = maze::generate(Algorithm::recursiveBacktracker, 1000, 1000, 2);
  const Cell to{999, 999};
  const Path bfs = maze::breadthFirst(grid, {0, 0}, to);
  maze_test::requireValidPath(grid, bfs, {0, 0}, to);
  CHECK(maze::depthFirst(grid, {0, 0}, to) == bfs);
  CHECK(maze::wallFollower(grid, {0, 0}, to) == bfs);
}
