#pragma once
// drops-assertions: a student who does none of the lesson (the class is grading/stub's) and
// switches the tests' checks off instead. The test includes Catch2 before maze.hpp, so the
// macros below replace Catch2's own in everything after them: every REQUIRE, CHECK,
// REQUIRE_FALSE, CHECK_FALSE and CHECK_THROWS_AS in the step's test does nothing, and each
// test case "passes" having checked nothing. Two of the directives are written the way a
// student hiding them would: with a comment between # and the word, and split over two lines
// by a backslash.
//
// What the kit must do: a test case that asserts nothing has not passed ("wrong tests"), so
// the student scores at most the stub's honest 3; and the scan flags every #undef and #define
// below at its own line (each carries a flag comment, or the line above it does).

#include <cstdint>
#include <vector>

#include <turtle/turtle.hpp>

#undef REQUIRE  // [flag]
#define REQUIRE(...) ((void)0)  // [flag]
#undef CHECK  // [flag]
#define CHECK(...) ((void)0)  // [flag]
#undef REQUIRE_FALSE  // [flag]
#define REQUIRE_FALSE(...) ((void)0)  // [flag]
#/* a comment here still leaves a directive [flag] */undef CHECK_FALSE
#/* and here [flag] */define CHECK_FALSE(...) ((void)0)
#undef CHECK_THROWS_AS  // [flag]
// [flag next line]
#def\
ine CHECK_THROWS_AS(...) ((void)0)

// The lesson itself, not done: grading/stub/maze.hpp.
constexpr int EAST = 0;
constexpr int NORTH = 1;
constexpr int WEST = 2;
constexpr int SOUTH = 3;

constexpr int INVALID = -1;
constexpr int EMPTY = 0;
constexpr int WALL = 1;
constexpr int VISITED = 2;
constexpr int END = 3;

struct Neighbor {
  turtle::Vec2D position;
  int value;
};

class Maze {
 public:
  turtle::Screen screen;
  turtle::Turtle turtle{screen};
  std::vector<std::vector<int>> matrix = std::vector<std::vector<int>>(20, std::vector<int>(20, 0));

  Maze() {}

  void reset() {}

  int getMatrixValueAt(const turtle::Vec2D& /*position*/) const { return 0; }

  bool setMatrixValueAt(const turtle::Vec2D& /*position*/, int /*value*/) { return false; }

  turtle::Vec2D dig(int /*direction*/) { return {}; }

  std::vector<Neighbor> neighbors() const { return {}; }

  void makeMaze() {}

  void seed(std::uint64_t /*n*/) {}
};
