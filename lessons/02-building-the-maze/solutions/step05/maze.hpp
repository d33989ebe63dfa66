#pragma once
// Lesson 2 after step 5: a 20 by 20 matrix of walls.

#include <turtle/turtle.hpp>
#include <vector>

// The maze's numbers, each named once: a name says what a number means, and a number that
// changes is changed here, in one place.
constexpr int SIZE = 20;  // squares in each row and each column of the matrix

// A maze: a matrix of squares, and a picture of it drawn by a turtle on a 400 by 400 screen.
class Maze {
 public:
  turtle::Screen screen;
  turtle::Turtle turtle{screen};
  std::vector<std::vector<int>> matrix;  // matrix[row][col]; 1 is wall, 0 is empty

  Maze() {
    screen.bgcolor("blue");  // blue is wall, and at first everything is wall
    matrix.assign(SIZE, std::vector<int>(SIZE, 1));
  }
};
