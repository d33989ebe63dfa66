#pragma once
// Lesson 2 after step 9: the picture follows the matrix.

#include <cmath>
#include <vector>

#include <turtle/turtle.hpp>

// A maze: a matrix of squares, and a picture of it drawn by a turtle on a 400 by 400 screen.
class Maze {
 public:
  turtle::Screen screen;
  turtle::Turtle turtle{screen};
  std::vector<std::vector<int>> matrix;  // matrix[row][col]; 1 is wall, 0 is empty

  Maze() {
    screen.bgcolor("blue");  // blue is wall, and at first everything is wall
    matrix.assign(20, std::vector<int>(20, 1));
    turtle.penup();  // the turtle moves without drawing lines
  }

  // Starts again: all wall but the top-left square, which is empty, with the turtle on it.
  void reset() {
    turtle.clearstamps();
    matrix.assign(20, std::vector<int>(20, 1));
    screen.bgcolor("blue");
    turtle.goTo(-190, 190);
    turtle.shape("square");
    turtle.color("white");
    turtle.stamp();
    matrix[0][0] = 0;
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
    turtle.goTo(-190 + 20 * col, 190 - 20 * row);
    turtle.color(value == 0 ? "white" : "blue");
    turtle.stamp();
    turtle.goTo(here);
    return true;
  }

 private:
  static bool onMatrix(int row, int col) { return row >= 0 && row < 20 && col >= 0 && col < 20; }
  // Squares are 20 pixels: square [0][0] covers x from -200 to -180 and y from 200 down to 180.
  static int rowOf(const turtle::Vec2D& position) {
    return static_cast<int>(std::floor((200 - position.y) / 20));
  }
  static int colOf(const turtle::Vec2D& position) {
    return static_cast<int>(std::floor((position.x + 200) / 20));
  }
};
