#pragma once
// Lesson 2 after step 6: reset() starts the maze at the top-left square.

#include <turtle/turtle.hpp>
#include <vector>

// The maze's numbers, each named once: a name says what a number means, and a number that
// changes is changed here, in one place.
constexpr int SIZE = 20;    // squares in each row and each column of the matrix
constexpr int SQUARE = 20;  // a square's side on the screen, in pixels
constexpr int LEFT = -190;  // x of the centre of every square in column 0
constexpr int TOP = 190;    // y of the centre of every square in row 0

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
};
