// Your tests for the next step: toBoxText() draws the maze with corners and edges.
//
// In Python you might test with `assert maze.to_box_text() == expected`. In C++ with Catch2, a
// test is a TEST_CASE with a sentence for its name, and each fact you expect is a CHECK (or a
// REQUIRE, which stops the test case when it fails, for a fact the rest depends on):
//
//   TEST_CASE("the top line is all wall", "[mine]") {
//     Maze m;
//     m.reset();
//     m.dig(EAST);                     // dig a little maze by hand...
//     const std::string text = m.toBoxText();
//     CHECK(text.substr(0, 32) == "+--+--+--+--+--+--+--+--+--+--+\n");  // ...check its text
//   }
//
// Write down the text a right toBoxText() gives for a maze you dig yourself, every line of it,
// and check a maze made by makeMaze() cell by cell against its matrix: the cell in row r,
// column c is m.matrix[2 * r][2 * c], its right wall m.matrix[2 * r][2 * c + 1], its lower
// wall m.matrix[2 * r + 1][2 * c].
//
// `mazekit check` runs your tests on a correct Maze, where every one of them must pass, and on
// Mazes with a bug each, where at least one of them must fail. `mazekit status` names the bugs
// your tests do not catch yet.
#include <catch2/catch.hpp>
#include <string>

#include "maze.hpp"
