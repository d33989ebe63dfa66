// Lesson 7, step 6: your own tests for Game::move(), written before move() itself (step 7).
//
// Until now the kit's tests told you what to write. Here you write the tests. A test in C++ is
// a TEST_CASE, much like a Python function test_...() for pytest: a name that is a sentence,
// a tag in [brackets], and a body that checks things. CHECK(x == y) is Python's assert x == y,
// except that the test goes on after a failed CHECK; REQUIRE(...) stops the test there, for when
// the rest makes no sense after it. CHECK_FALSE(x) checks that x is false, and
// CHECK_THROWS_AS(game.move(4), std::invalid_argument) that the call throws that exception.
// For example (take away the // to use it):
//
//   TEST_CASE("move east goes one cell, two squares", "[mine]") {
//     Maze m;
//     m.reset();
//     m.dig(EAST);
//     m.dig(EAST);  // open now: the start and the cell at row 0, column 2
//     Game game(m);
//     CHECK(game.move(EAST));
//     CHECK(game.position().col == 2);
//     CHECK(game.turns() == 1);
//   }
//
// What should be true of move()? Each of the four directions, a wall in the way (one with an
// open cell behind it too), the edge of the maze, what turns() counts, what hasSeen() says after
// a move, and a direction that is not one of the four. Write one TEST_CASE for each idea.
//
// How the kit judges them: it runs your tests on a correct move() - every test must pass - and
// on several move()s that each have one bug a programmer might make. Each buggy one must fail at
// least one of your tests. `mazekit status` names the bugs your tests do not catch yet. From the
// next step on, your tests run on your own game.hpp too.

#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <stdexcept>

#include "game.hpp"
#include "maze.hpp"

// Your TEST_CASEs go here.
