// Your tests for the next step: solve() backs out of dead ends.
//
// In Python you might test with `assert maze.solve() == expected`. In C++ with Catch2, a test
// is a TEST_CASE with a sentence for its name, and each fact you expect is a CHECK (or a
// REQUIRE, which stops the test case when it fails, for a fact the rest depends on):
//
//   TEST_CASE("a dead end is left open", "[mine]") {
//     Maze m;
//     m.reset();
//     m.dig(SOUTH);                    // dig a little maze by hand...
//     ...
//     std::vector<turtle::Vec2D> way = m.solve();
//     CHECK(way.size() == 5);          // ...and check what solve() did with it
//     CHECK(m.matrix[1][0] == EMPTY);
//   }
//
// Maze::centreOf(row, col) is the position of a square, and m.screen.colorAt(position) the
// colour the picture shows there. Test what a right solve() does with a dead end: what it
// returns, what the matrix holds afterwards, what the picture shows; and what it does when the
// END cannot be reached at all.
//
// `mazekit check` runs your tests on a correct Maze, where every one of them must pass, and on
// Mazes with a bug each, where at least one of them must fail. `mazekit status` names the bugs
// your tests do not catch yet.
#include <catch2/catch.hpp>
#include <vector>

#include "maze.hpp"
