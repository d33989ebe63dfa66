// Lesson 6, step 5: your own tests for toCells(m), written before toCells itself (step 6).
//
// Until now the kit's tests told you what to write. Here you write the tests. A test in C++ is
// a TEST_CASE, much like a Python function test_...() for pytest: a name that is a sentence,
// a tag in [brackets], and a body that checks things. CHECK(x == y) is Python's assert x == y,
// except that the test goes on after a failed CHECK; REQUIRE(...) stops the test there, for when
// the rest makes no sense after it (REQUIRE(cells.size() == 10) before cells[9][9]). Compare
// cells through bits(), so that a failure shows the bits. For example (take away the // to use
// it):
//
//   TEST_CASE("toCells reads one passage east", "[mine]") {
//     Maze m;
//     m.reset();
//     m.dig(EAST);
//     m.dig(EAST);  // open now: cells (0, 0) and (0, 1), and the square between them
//     const CellGrid cells = toCells(m);
//     REQUIRE(cells.size() == 10);
//     CHECK(bits(cells[0][0]) == bits(Cell::VISITED | Cell::EAST));
//   }
//
// What should be true of toCells? Which cells are VISITED, which exits each cell has (from both
// sides of a passage), the cells in the last row and column, a made maze, a maze of another
// size (Maze m(30)), and a maze after m.solve(). Write one TEST_CASE for each idea.
//
// How the kit judges them: it runs your tests on a correct toCells - every test must pass - and
// on several toCells that each have one bug a programmer might make. Each buggy one must fail at
// least one of your tests. `mazekit status` names the bugs your tests do not catch yet. From the
// next step on, your tests run on your own cells.hpp too.

#include <catch2/catch.hpp>
#include <cstdint>
#include <lesson_picture.hpp>
#include <vector>

#include "cells.hpp"
#include "maze.hpp"

// Your TEST_CASEs go here.
