#pragma once
// Lesson 2 after step 2: a Maze has a screen.

#include <turtle/turtle.hpp>

// A maze: a matrix of squares, and a picture of it drawn by a turtle on a 400 by 400 screen.
class Maze {
 public:
  turtle::Screen screen;
};
