#pragma once
// huge-program: a student who does none of the lesson (the class is grading/stub's) and makes
// every program built from its code hold a 200 MB array, so that each build writes 200 MB:
// the program of every step, then (when that fails) an object file per step and programs
// linked from them, and a keyed copy of each. Left alone, that is gigabytes per student, and a
// few such students fill the grader's disk.
//
// What the kit must do: count what each student's builds write against the disk budget
// (--disk; check_hostile.sh gives 256 MB), stop building when it is used, say so, and remove
// every student's builds once graded. The keyed copy of the first 200 MB program would pass
// the budget, so no step is graded: 0, "not graded", and --out does not grow.

// The lesson itself, not done: grading/stub/maze.hpp.
#include <cstdint>
#include <vector>

#include <turtle/turtle.hpp>

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

// A char array of 200 MB whose first byte is not zero: it is written into the program file
// (.data), not reserved at load time (.bss).
inline char hugeProgramData[std::size_t{200} << 20] = {1};
// Used before main, so that every program built from this file holds it.
static const bool hugeProgramUsed = (hugeProgramData[1] = 2, true);
