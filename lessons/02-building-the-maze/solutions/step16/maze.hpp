#pragma once
// Lesson 2 after step 16: a passage always leads to a cell.

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include <turtle/turtle.hpp>

// The maze's numbers, each named once: a name says what a number means, and a number that
// changes is changed here, in one place.
constexpr int SIZE = 20;    // squares in each row and each column of the matrix
constexpr int SQUARE = 20;  // a square's side on the screen, in pixels
constexpr int LEFT = -190;  // x of the centre of every square in column 0
constexpr int TOP = 190;    // y of the centre of every square in row 0

// The directions dig() takes, numbered the way the turtle's headings turn: counter-clockwise,
// starting from east.
constexpr int EAST = 0;
constexpr int NORTH = 1;
constexpr int WEST = 2;
constexpr int SOUTH = 3;

// A maze: a matrix of squares, and a picture of it drawn by a turtle on a 400 by 400 screen.
class Maze {
 public:
  turtle::Screen screen;
  turtle::Turtle turtle{screen};
  std::vector<std::vector<int>> matrix;  // matrix[row][col]; 1 is wall, 0 is empty

  Maze() {
    screen.bgcolor("blue");  // blue is wall, and at first everything is wall
    matrix.assign(SIZE, std::vector<int>(SIZE, 1));
    turtle.penup();  // the turtle moves without drawing lines
  }

  // Starts again: all wall but the top-left square, which is empty, with the turtle on it.
  void reset() {
    turtle.clearstamps();
    matrix.assign(SIZE, std::vector<int>(SIZE, 1));
    screen.bgcolor("blue");
    turtle.goTo(centreOf(0, 0));
    turtle.shape("square");
    turtle.color("white");
    turtle.stamp();
    matrix[0][0] = 0;
  }

  // The centre of the square in a row and a column, where the turtle stands to stamp it.
  static turtle::Vec2D centreOf(int row, int col) {
    return turtle::Vec2D(LEFT + SQUARE * col, TOP - SQUARE * row);
  }

  // The value of the square under a position, or -1 for a position off the matrix.
  int getMatrixValueAt(const turtle::Vec2D& position) const {
    const int row = rowOf(position);
    const int col = colOf(position);
    if (!onMatrix(row, col)) return -1;
    return matrix[row][col];
  }

  // Sets the square under a position. Returns false, and changes nothing, for a position off
  // the matrix.
  bool setMatrixValueAt(const turtle::Vec2D& position, int value) {
    const int row = rowOf(position);
    const int col = colOf(position);
    if (!onMatrix(row, col)) return false;
    matrix[row][col] = value;
    // Stamp the square in its colour, then go back: the picture follows the matrix.
    const turtle::Vec2D here = turtle.position();
    turtle.goTo(centreOf(row, col));
    turtle.color(value == 0 ? "white" : "blue");
    turtle.stamp();
    turtle.goTo(here);
    return true;
  }

  // Digs one square in a direction and moves the turtle onto it. It digs only a wall, and never
  // one that would break into another path. Returns where the turtle is.
  turtle::Vec2D dig(int direction) {
    const turtle::Vec2D here = turtle.position();
    const turtle::Vec2D step = stepTowards(direction);
    const turtle::Vec2D target = here + step;
    if (getMatrixValueAt(target) != 1) return here;  // off the matrix, or dug already
    // A square in an odd row or column is a passage between two cells: it must lead to the
    // cell beyond it, on the matrix.
    const bool passage = rowOf(target) % 2 != 0 || colOf(target) % 2 != 0;
    if (passage && getMatrixValueAt(target + step) == -1) return here;
    // The square beyond the target and the two beside it must not be open: squares off the
    // matrix count as wall.
    const turtle::Vec2D side(step.y, -step.x);  // the step turned a right angle
    for (const turtle::Vec2D& around : {target + step, target + side, target - side}) {
      const int value = getMatrixValueAt(around);
      if (value != 1 && value != -1) return here;
    }
    turtle.goTo(target);
    setMatrixValueAt(target, 0);
    return turtle.position();
  }

 private:
  static bool onMatrix(int row, int col) {
    return row >= 0 && row < SIZE && col >= 0 && col < SIZE;
  }
  // A square reaches SQUARE / 2 either side of its centre: square [0][0] covers x from
  // LEFT - SQUARE / 2 (-200) to -180 and y from TOP + SQUARE / 2 (200) down to 180.
  static int rowOf(const turtle::Vec2D& position) {
    return static_cast<int>(std::floor((TOP + SQUARE / 2.0 - position.y) / SQUARE));
  }
  static int colOf(const turtle::Vec2D& position) {
    return static_cast<int>(std::floor((position.x - (LEFT - SQUARE / 2.0)) / SQUARE));
  }

  // One square's step in a direction.
  static turtle::Vec2D stepTowards(int direction) {
    switch (direction) {
      case EAST:
        return {SQUARE, 0};
      case NORTH:
        return {0, SQUARE};
      case WEST:
        return {-SQUARE, 0};
      case SOUTH:
        return {0, -SQUARE};
      default:
        throw std::invalid_argument("dig: the direction must be EAST, NORTH, WEST or SOUTH, got " +
                                    std::to_string(direction));
    }
  }
};
