#pragma once
// includes-dev-zero: a student whose code makes the compiler itself the victim. /dev/zero is a
// file that never ends, and #include reads a file to its end: the preprocessor keeps reading
// zeros into memory, doubling its buffer, until the memory runs out - the grader's, the
// machine's, or the limit the grader set for the build. On this machine g++ asks for 2 GB
// within a few seconds.
//
// What the kit must do: build each student within a memory and a time limit, and see the
// compiler's failure as the student's: "does not compile" (or "not graded", when the
// compiler was stopped), 0, with the machine and the rest of the class unharmed; and the scan
// flags the #include of an absolute path (it carries a flag comment).

#include <cstdint>
#include <vector>

#include <turtle/turtle.hpp>

#include "/dev/zero"  // [flag]

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
