#pragma once
// A Game whose move() throws, for play_test.py: lesson 7's game, built with it, must put the
// terminal back when a student's code throws in the middle of a game.

#include <stdexcept>
#include <string>

#include "maze.hpp"

struct Square {
  int row;
  int col;
};

class Game {
 public:
  explicit Game(Maze& maze) : maze_(maze) {}
  Square position() const { return {0, 0}; }
  int turns() const { return 0; }
  bool won() const { return false; }
  bool hasSeen(int row, int col) const { return row <= 1 && col <= 1 && maze_.isOpen(0, 0); }
  bool move(int direction) {
    throw std::runtime_error("a Game that throws on its first move (direction " +
                             std::to_string(direction) + ")");
  }

 private:
  Maze& maze_;
};
