// Lesson 5, step 4: your own tests for solve(), written before the next step rewrites it.
//
// Until now the kit's tests told you what to write. Here you write the tests. A test in C++ is
// a TEST_CASE, much like a Python function test_...() for pytest: a name that is a sentence,
// a tag in [brackets], and a body that checks things. CHECK(x == y) is Python's assert x == y,
// except that the test goes on after a failed CHECK; REQUIRE(...) stops the test there, for when
// the rest makes no sense after it (REQUIRE(!way.empty()) before way.front()). CHECK_FALSE(x)
// checks that x is false. For example (take away the // to use it):
//
//   TEST_CASE("solve finds a way that starts on the top-left square", "[mine]") {
//     Maze m(10);
//     m.seed(1);
//     m.reset();
//     m.makeMaze();
//     const std::vector<turtle::Vec2D> way = m.solve();
//     REQUIRE(!way.empty());
//     CHECK(way.front() == m.centreOf(0, 0));
//   }
//
// What should be true of solve()? Where does the way start and end, how far apart are two of
// its squares, which squares of the matrix are VISITED afterwards, what happens when you solve
// twice, and when there is no END at all? Write one TEST_CASE for each idea.
//
// How the kit judges them: it runs your tests on a correct solve() - every test must pass -
// and on several solve()s that each have one bug a programmer might make. Each buggy one must
// fail at least one of your tests. `mazekit status` names the bugs your tests do not catch yet.
// From the next step on, your tests run on your own maze.hpp too.

#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <vector>

#include "maze.hpp"

// Your TEST_CASEs go here.
