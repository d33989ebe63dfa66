#pragma once
// Lesson 2 after step 6: reset() starts the maze at the top-left square.

#include <turtle/turtle.hpp>
#include <vector>

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
};
