#pragma once
// drops-test-cases: a student who does none of the lesson (the class is grading/stub's) and
// swaps the step's test cases for ones that pass. TEST_CASE is redefined so that each test
// case in the step's test registers, under the very same name and tags, a test case whose only
// check is CHECK(true); the real body becomes an unused function that never runs. The report
// then holds exactly the step's test cases, each asserting and passing: only reading the
// source shows what happened.
//
// What the kit does: nothing at run time can tell these test cases from the real ones (same
// names, same file and line, each asserting), so the step passes; the tamper scan flags the
// #undef and the #define at their lines in every report, and `--strict` scores the student 0.

#include <cstdint>
#include <vector>

#include <turtle/turtle.hpp>

// A function per dropped body, told apart by the line of its TEST_CASE: int (*)[12] and
// int (*)[30] are different parameter types, so these are overloads, not redefinitions.
#undef TEST_CASE  // [flag]
#define TEST_CASE(...) INTERNAL_CATCH_TESTCASE(__VA_ARGS__) { CHECK(true); } [[maybe_unused]] static void droppedTestCase(int (*)[__LINE__])  // [flag]

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
