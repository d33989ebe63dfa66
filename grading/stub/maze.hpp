#pragma once
// Lesson 2 as a stub: every name the lesson's tests use is declared, and every member function
// does nothing or returns a default. Honestly graded it scores 3 of 39: steps 1-3 ask only that
// the class, its screen and its turtle exist. Most hostile students in grading/hostile are this
// stub with an attack added, so a hostile student that scores more than 3 got points from its
// attack, not from its code.
//
// The matrix is 20 rows of 20 zeros rather than empty, so that a test reading matrix[0][0]
// fails a check instead of reading past the end of a vector: the stub's grade is the same on
// every machine.

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
