#pragma once
// includes-library: a student who hands in the kit's maze library instead of code of their
// own. The kit ships the finished Maze twice: as maze::Maze in maze/include/maze/maze.hpp, and
// under the lesson's names in lessons/support/library/maze.hpp, which the last step's tests
// are built against. The student #includes whichever can be found - through the folders the
// compiler searches or relative to them - each guarded with __has_include, and brings
// maze::Maze and its names into the global namespace where the tests look for them.
// Only when none is found does it fall back to code of its own: the stub.
//
// What the kit must do: compile each student seeing only the turtle library's headers and
// lesson_picture.hpp, so the library cannot be included (and would not link) and the stub
// scores at most 3; and the scan flags each #include outside the allow-list (each carries a
// flag comment).

// The wrapper in lessons/support/library needs <maze/maze.hpp> as well: a path is taken only
// if the build would get past it.
#if __has_include("library/maze.hpp") && __has_include(<maze/maze.hpp>)
#include "library/maze.hpp"  // [flag]
#define INCLUDES_LIBRARY_FOUND
#elif __has_include("../support/library/maze.hpp") && __has_include(<maze/maze.hpp>)
#include "../support/library/maze.hpp"  // [flag]
#define INCLUDES_LIBRARY_FOUND
#elif __has_include("../../lessons/support/library/maze.hpp") && __has_include(<maze/maze.hpp>)
#include "../../lessons/support/library/maze.hpp"  // [flag]
#define INCLUDES_LIBRARY_FOUND
#elif __has_include("../../../../lessons/support/library/maze.hpp") && __has_include(<maze/maze.hpp>)
#include "../../../../lessons/support/library/maze.hpp"  // [flag]
#define INCLUDES_LIBRARY_FOUND
#elif __has_include(<maze/maze.hpp>)
#include <maze/maze.hpp>  // [flag]
#else
#define INCLUDES_LIBRARY_NOTHING_FOUND
#endif

#if !defined(INCLUDES_LIBRARY_FOUND) && !defined(INCLUDES_LIBRARY_NOTHING_FOUND)
// The library's own header: its names, under the lesson's.
using maze::Maze;
using maze::Neighbor;
using maze::EMPTY;
using maze::END;
using maze::INVALID;
using maze::VISITED;
using maze::WALL;
using maze::EAST;
using maze::NORTH;
using maze::SOUTH;
using maze::WEST;
#endif

#ifdef INCLUDES_LIBRARY_NOTHING_FOUND
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
