// A hostile student's tests: they test nothing, but make every version of the code that lacks
// the correct maze's one `way.pop_back()` fail to compile (a macro counts its uses with
// __COUNTER__, a static_assert checks the count), hoping that a chaff the tests do not build
// against counts as caught. It does not: every chaff declares what the correct maze declares,
// so tests that do not build against one are the tests' own doing, and catch nothing. The
// #define of a name the code uses and __COUNTER__ are flagged.
#include <catch2/catch.hpp>

#define pop_back() pop_back(), static_cast<void>(__COUNTER__)
#include "maze.hpp"
static_assert(__COUNTER__ == 1, "the correct maze backs out with one way.pop_back()");

TEST_CASE("a maze can be made") {
  Maze m;
  CHECK(m.matrix.size() > 0);
}
