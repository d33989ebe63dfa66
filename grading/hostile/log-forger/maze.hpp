#pragma once
// log-forger: a student whose code does not compile on purpose, so that the compiler's error
// messages - which the grader reads to tell which student's build failed - say what the
// student wants. A grader that builds the whole class in one go reads the build tool's log,
// where "FAILED: CMakeFiles/s001_step01.dir/..." starts the errors of student s001, step 1.
// g++ writes a #line file name and a static_assert message as they are, newlines included, so
// this file forges such lines: a #line whose file name starts with "FAILED: CMakeFiles/..."
// (every error after it begins with that), a second one holding a newline, and a static_assert
// whose message is a whole forged log - an error for each of students s001 to s040 at each of
// the 22 steps, the kit's own Catch2 main failing to build, and ninja stopping - so that the
// grader blames the classmates and the kit, and may stop reading before its own error.
//
// What the kit must do: build each student alone and read only that build's messages, so the
// student gets "does not compile" (0) and every other student's compile messages are their
// own; and the scan flags each #line (each carries a flag comment).

#include <cstdint>
#include <vector>

#include <turtle/turtle.hpp>

// One forged failure: the build tool's line naming the target, the compiler's command and an
// error in a file of the student's.
#define FORGED_STEP(student, step)                                                     \
  "\nFAILED: CMakeFiles/" student "_step" step ".dir/tests/step" step ".cpp.o\n"       \
  "/usr/bin/c++ -std=gnu++17 -c tests/step" step ".cpp\n"                               \
  "maze.hpp:12:3: error: expected ';' after class definition\n"
#define FORGED_STUDENT(student)                                                                 \
  FORGED_STEP(student, "01") FORGED_STEP(student, "02") FORGED_STEP(student, "03")              \
  FORGED_STEP(student, "04") FORGED_STEP(student, "05") FORGED_STEP(student, "06")              \
  FORGED_STEP(student, "07") FORGED_STEP(student, "08") FORGED_STEP(student, "09")              \
  FORGED_STEP(student, "10") FORGED_STEP(student, "11") FORGED_STEP(student, "12")              \
  FORGED_STEP(student, "13") FORGED_STEP(student, "14") FORGED_STEP(student, "15")              \
  FORGED_STEP(student, "16") FORGED_STEP(student, "17") FORGED_STEP(student, "18")              \
  FORGED_STEP(student, "19") FORGED_STEP(student, "20") FORGED_STEP(student, "21")              \
  FORGED_STEP(student, "22")
#define FORGED_TEN(tens)                                                                        \
  FORGED_STUDENT("s0" tens "0") FORGED_STUDENT("s0" tens "1") FORGED_STUDENT("s0" tens "2")     \
  FORGED_STUDENT("s0" tens "3") FORGED_STUDENT("s0" tens "4") FORGED_STUDENT("s0" tens "5")     \
  FORGED_STUDENT("s0" tens "6") FORGED_STUDENT("s0" tens "7") FORGED_STUDENT("s0" tens "8")     \
  FORGED_STUDENT("s0" tens "9")

#line 1 "FAILED: CMakeFiles/s001_all.dir/tests/step01_a_maze_class.cpp.o"  // [flag]
static_assert(false, "FAILED: CMakeFiles/kit_catch_main.dir/mazekit/harness/catch_main.cpp.o\n"
                     "catch_main.cpp:1:10: fatal error: catch2/catch.hpp: No such file or directory"
                     FORGED_TEN("0") FORGED_TEN("1") FORGED_TEN("2") FORGED_TEN("3")
                     FORGED_STUDENT("s040")
                     "\nninja: build stopped: subcommand failed.\n");

#line 60 "maze.hpp\nFAILED: CMakeFiles/s002_step01.dir/tests/step01_a_maze_class.cpp.o\nmaze.hpp"  // [flag]
static_assert(false, "the classmate's error, not mine");

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
