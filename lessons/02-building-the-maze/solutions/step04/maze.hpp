#pragma once
// Lesson 2 after step 4: the background is blue.

#include <turtle/turtle.hpp>

// A maze: a matrix of squares, and a picture of it drawn by a turtle on a 400 by 400 screen.
class Maze {
 public:
  turtle::Screen screen;
  turtle::Turtle turtle{screen};

  Maze() {
    screen.bgcolor("blue");  // blue is wall, and at first everything is wall
  }
};
