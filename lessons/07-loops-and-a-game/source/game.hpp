#pragma once
//@ 1-4
// Lesson 7: a game on the maze. Your Game class goes here, from step 5 on.
//@ end
//@ 5-
// Lesson 7: a game on the maze. The player starts on the top-left square and walks from cell to
//@ end
//@ 5-7
// cell towards the END; walls block the way; the game counts the turns and remembers what the
// player has seen.
//@ end
//@ 8-
// cell towards the END; walls block the way; the game counts the turns, remembers what the
// player has seen, and draws the player's path on the maze's picture.
//@ end
//@ 5-

//@ end
//@ 6-
#include <stdexcept>
#include <string>
//@ end
//@ 5-
#include <vector>
//@ end

#include "maze.hpp"
//@ 5-

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
//@ end
//@ 8-
    maze_.turtle.penup();
    maze_.turtle.goTo(centreOf(player_));
//@ end
//@ 5-
  }

  // Where the player is: always a cell.
  Square position() const { return player_; }

  // How many moves the player has made. Bumping into a wall is not a move.
  int turns() const { return turns_; }

  // True once the player stands on the END.
//@ end
//@ 5-6
  bool won() const { return false; }
//@ end
//@ 7-
  bool won() const { return maze_.matrix[player_.row][player_.col] == END; }
//@ end
//@ 5-

  // True for a square the player has seen: the squares around every cell the player stood on.
  bool hasSeen(int row, int col) const {
    if (row < 0 || row >= static_cast<int>(seen_.size())) return false;
    if (col < 0 || col >= static_cast<int>(seen_[0].size())) return false;
    return seen_[row][col];
  }

//@ end
//@ 6-
  // Moves the player one cell EAST, NORTH, WEST or SOUTH, through the square between the two
//@ end
//@ 6
  // cells, unless a wall is there. Returns true when the player moved.
//@ end
//@ 7-
  // cells, unless a wall is there or the game is won. Returns true when the player moved.
//@ end
//@ 6-
  bool move(int direction) {
    if (direction < EAST || direction > SOUTH) {
      throw std::invalid_argument(
          "move: the direction must be EAST, NORTH, WEST or SOUTH (0 to 3), got " +
          std::to_string(direction));
    }
//@ end
//@ 7-
    if (won()) return false;  // the game is over
//@ end
//@ 6-
    const int down = direction == SOUTH ? 1 : direction == NORTH ? -1 : 0;
    const int right = direction == EAST ? 1 : direction == WEST ? -1 : 0;
    const Square between{player_.row + down, player_.col + right};
    const Square next{player_.row + 2 * down, player_.col + 2 * right};
    if (!maze_.isOpen(between.row, between.col) || !maze_.isOpen(next.row, next.col)) {
      return false;
    }
//@ end
//@ 8-
    drawStep(player_, next);
//@ end
//@ 6-
    player_ = next;
    ++turns_;
    lookAround();
    return true;
  }

//@ end
//@ 5-
 private:
//@ end
//@ 8-
  // Where a square is on the screen: the maze knows.
  turtle::Vec2D centreOf(const Square& square) const {
    return maze_.centreOf(square.row, square.col);
  }

//@ end
//@ 5-
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

//@ end
//@ 5
  [[maybe_unused]] Maze& maze_;  // kept for move(), which comes in step 7
  Square player_{0, 0};          // the top-left square
//@ end
//@ 8-
  // The maze's turtle draws one move of the path in orange, and lifts its pen again: the
  // maze stamps its squares with the same turtle, and must not draw lines.
  void drawStep(const Square& from, const Square& to) {
    turtle::Turtle& t = maze_.turtle;
    t.penup();
    t.goTo(centreOf(from));
    t.color("orange");
    t.pensize(6);
    t.pendown();
    t.goTo(centreOf(to));
    t.penup();
  }

//@ end
//@ 6-
  Maze& maze_;
  Square player_{0, 0};  // the top-left square
//@ end
//@ 5-
  int turns_ = 0;
  std::vector<std::vector<bool>> seen_;  // seen_[row][col]: has the player seen that square?
};
//@ end
