#pragma once
// maze::Maze: the Maze class the lessons build step by step, finished. A matrix of squares
// (20 × 20 by default, all WALL at first) and a picture of it on a 400 × 400 turtle screen,
// kept in step square for square: white for EMPTY, blue for WALL, red for VISITED (the way
// solve() found), yellow for END.
//
//     maze::Maze m;
//     m.seed(7);          // the same maze on every machine; leave it out for a new one each run
//     m.makeMaze();       // dig it, two squares at a time, as the lesson does
//     auto way = m.solve();
//     m.screen.save("maze.png");
//
// The matrix is read matrix[row][col], row 0 at the top. Positions are turtle coordinates:
// square (0, 0) is centred at (−190, 190), and with 20-pixel squares each square is 20 further
// right (column) or down (row). A position off the matrix reads INVALID.

#include <cstdint>
#include <vector>

#include <turtle/color.hpp>
#include <turtle/pen.hpp>
#include <turtle/screen.hpp>
#include <turtle/vec2d.hpp>

#include "maze/grid.hpp"
#include "maze/matrix.hpp"
#include "maze/picture.hpp"
#include "maze/random.hpp"

namespace maze {

/// One of the squares two steps away from the turtle, as neighbors() reports it.
struct Neighbor {
  turtle::Vec2D position;  ///< its centre
  int value = INVALID;     ///< what the matrix holds there (INVALID off the matrix)
};

/// A turtle colour as a picture colour, so that any colour name the turtle knows can colour a
/// picture of a Grid:
///
///     options.wallColor = maze::toRgb("dark green");
inline Rgb toRgb(const turtle::Color& color) {
  return {static_cast<std::uint8_t>(color.red()), static_cast<std::uint8_t>(color.green()),
          static_cast<std::uint8_t>(color.blue())};
}

class Maze {
 public:
  /// The lesson's maze: 20 × 20 squares of 20 pixels on a 400 × 400 screen.
  Maze();
  /// A maze of rows × cols squares of squareSize pixels; the screen is cols·squareSize wide
  /// and rows·squareSize high. Throws std::invalid_argument for a side below 1 or a screen
  /// larger than 8192 pixels a side.
  Maze(int rows, int cols, int squareSize = 20);

  turtle::Screen screen;  ///< blue: everything not dug out is wall
  turtle::Turtle turtle;  ///< the digger; its pen is up, so it moves without drawing
  Matrix matrix;          ///< matrix[row][col]: EMPTY, WALL, VISITED or END

  /// Starts again: every square WALL except the top-left one, which is EMPTY, with the turtle
  /// on it, square-shaped and white. Earlier stamps are cleared.
  void reset();

  /// Digs one square in a direction (EAST, NORTH, WEST or SOUTH) and moves the turtle there,
  /// returning its new position. It does not dig, and returns the position unchanged, if the
  /// square is off the matrix or not WALL, if digging it would break into another path (a
  /// square next to it, other than the one the turtle stands on, is already open), or if it is
  /// a passage square (not at an even row and column, where cells sit) whose far side is off
  /// the matrix, so that it would lead nowhere: the lesson's row and column 19 stay wall.
  /// Throws std::invalid_argument for another direction number.
  ///
  ///     m.reset();
  ///     m.dig(EAST);   // (-170, 190)
  turtle::Vec2D dig(int direction);
  /// The same, with the library's name for the direction: m.dig(Direction::east) is m.dig(EAST).
  turtle::Vec2D dig(Direction direction);

  /// The value of the square under a position: EMPTY, WALL, VISITED, END, or INVALID for a
  /// position off the matrix.
  int getMatrixValueAt(const turtle::Vec2D& position) const;
  /// Sets the square under a position and stamps its colour there, so the picture matches
  /// the matrix. Returns false (and changes nothing) for a position off the matrix. Throws
  /// std::invalid_argument for a value that is not EMPTY, WALL, VISITED or END.
  bool setMatrixValueAt(const turtle::Vec2D& position, int value);

  /// The four squares two steps from the turtle — a cell's neighbouring cells, with the wall
  /// square between — in the lesson's order: north, south, east, west.
  std::vector<Neighbor> neighbors() const;

  /// Digs a whole new maze by recursive backtracking, as the lesson does: from the top-left
  /// square, try the neighbours in random order and dig two squares towards each one that is
  /// still WALL, then go on from there. Finally the bottom-right cell becomes END (yellow): at
  /// (170, −170) in the lesson's maze. The "recursion" keeps its frames in a list rather than on
  /// the call stack, so any size is safe.
  void makeMaze();

  /// Finds the way from the top-left square to the END square by depth-first search (north,
  /// south, east, west, as neighbors() orders them), marks it VISITED and draws it (the END
  /// square stays END). Returns the centres of the squares on the way, start and END included,
  /// or an empty list when there is no way (then nothing is marked).
  std::vector<turtle::Vec2D> solve();

  /// Makes the next makeMaze() calls repeatable: the same seed gives the same maze on every
  /// machine and compiler. Without it, each run differs, as in Python.
  void seed(std::uint64_t n);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int squareSize() const { return squareSize_; }
  /// The centre of square (row, col) in turtle coordinates.
  turtle::Vec2D positionOf(int row, int col) const;
  /// The colour the picture shows for a matrix value.
  static const char* colorOf(int value);
  /// The dug maze as a compact Grid, for the kit's solvers, statistics, text and pictures.
  /// Throws std::invalid_argument (see fromMatrix) if the matrix is not a finished maze.
  Grid toGrid() const;

 private:
  struct Square {
    int row;
    int col;
  };
  bool squareAt(const turtle::Vec2D& position, Square& square) const;
  int valueAt(int row, int col) const;
  bool isOpen(int row, int col) const;

  int rows_;
  int cols_;
  int squareSize_;
  Random random_;
};

}  // namespace maze
