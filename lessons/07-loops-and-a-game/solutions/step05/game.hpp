#pragma once
// Lesson 7: a game on the maze. The player starts on the top-left square and walks from cell to
// cell towards the END; walls block the way; the game counts the turns and remembers what the
// player has seen.

#include <vector>

#include "maze.hpp"

// A square of the matrix: matrix[row][col].
struct Square {
  int row;
  int col;
};

class Game {
 public:
  // A game on a maze: the game plays on that maze itself (a reference, &), not on a copy.
  explicit Game(Maze& maze)
      : maze_(maze), seen_(maze.matrix.size(), std::vector<bool>(maze.matrix[0].size(), false)) {
    lookAround();
  }

  // Where the player is: always a cell.
  Square position() const { return player_; }

  // How many moves the player has made. Bumping into a wall is not a move.
  int turns() const { return turns_; }

  // True once the player stands on the END.
  bool won() const { return false; }

  // True for a square the player has seen: the squares around every cell the player stood on.
  bool hasSeen(int row, int col) const {
    if (row < 0 || row >= static_cast<int>(seen_.size())) return false;
    if (col < 0 || col >= static_cast<int>(seen_[0].size())) return false;
    return seen_[row][col];
  }

 private:
  // The player sees the cell it stands on and the eight squares around it.
  void lookAround() {
    for (int row = player_.row - 1; row <= player_.row + 1; ++row) {
      for (int col = player_.col - 1; col <= player_.col + 1; ++col) {
        if (row >= 0 && row < static_cast<int>(seen_.size()) && col >= 0 &&
            col < static_cast<int>(seen_[0].size())) {
          seen_[row][col] = true;
        }
      }
    }
  }

  [[maybe_unused]] Maze& maze_;  // kept for move(), which comes in step 7
  Square player_{0, 0};          // the top-left square
  int turns_ = 0;
  std::vector<std::vector<bool>> seen_;  // seen_[row][col]: has the player seen that square?
};
