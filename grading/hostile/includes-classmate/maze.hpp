#pragma once
// includes-classmate: a student who copies a classmate's work at build time. The class's
// folders are graded side by side, and the student called "complete" has done the whole
// lesson, so this maze.hpp #includes complete's maze.hpp, guessing where the grader keeps it:
// beside this folder, one or two folders up, in a code/ folder, under the folder the class was
// handed in as, or from the compiler's working folder through /proc/self/cwd. Each guess is
// guarded with __has_include so that a wrong one costs nothing; only when none is found does
// it fall back to code of its own: the stub.
//
// What the kit must do: compile each student seeing its own code and nothing of the class's,
// so every guess fails and the stub scores at most 3; and the scan flags each #include with
// ".." or an absolute path (each carries a flag comment).

#if __has_include("../complete/maze.hpp")
#include "../complete/maze.hpp"  // [flag]
#elif __has_include("../complete/code/maze.hpp")
#include "../complete/code/maze.hpp"  // [flag]
#elif __has_include("../../complete/maze.hpp")
#include "../../complete/maze.hpp"  // [flag]
#elif __has_include("../../complete/code/maze.hpp")
#include "../../complete/code/maze.hpp"  // [flag]
#elif __has_include("../../in/complete/maze.hpp")
#include "../../in/complete/maze.hpp"  // [flag]
#elif __has_include("../../../in/complete/maze.hpp")
#include "../../../in/complete/maze.hpp"  // [flag]
#elif __has_include("../../../handed in/complete/maze.hpp")
#include "../../../handed in/complete/maze.hpp"  // [flag]
#elif __has_include("/proc/self/cwd/../complete/code/maze.hpp")
#include "/proc/self/cwd/../complete/code/maze.hpp"  // [flag]
#elif __has_include("/proc/self/cwd/../complete/maze.hpp")
#include "/proc/self/cwd/../complete/maze.hpp"  // [flag]
#elif __has_include("/proc/self/cwd/complete/maze.hpp")
#include "/proc/self/cwd/complete/maze.hpp"  // [flag]
#else

// Nothing found: the lesson itself, not done (grading/stub/maze.hpp).
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

#endif
