// Step 1: deadEnds() counts the maze's dead ends: the open cells with only one way out.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"
#include "mazes.hpp"

TEST_CASE("a corridor has a dead end at each end", "[lesson07][step01]") {
  Maze m;
  m.reset();
  CHECK(m.deadEnds() == 0);                 // one cell with no way out at all is no dead end
  for (int i = 0; i < 4; ++i) m.dig(EAST);  // the cells at columns 0, 2 and 4 of row 0
  CHECK(m.deadEnds() == 2);
}

TEST_CASE("a branch adds a dead end, and VISITED and END squares are open too",
          "[lesson07][step01]") {
  Maze m;
  m.reset();
  for (int i = 0; i < 4; ++i) m.dig(EAST);
  m.turtle.goTo(lesson07::squareAt(0, 2));  // back to the middle cell, and dig a branch down
  m.dig(SOUTH);
  m.dig(SOUTH);
  CHECK(m.deadEnds() == 3);
  m.setMatrixValueAt(lesson07::squareAt(2, 2), END);
  m.setMatrixValueAt(lesson07::squareAt(0, 0), VISITED);
  CHECK(m.deadEnds() == 3);
}

TEST_CASE("a made maze has dead ends", "[lesson07][step01]") {
  Maze m;
  lesson07::makeSeededMaze(m, 1);
  // A made maze has no loops: like a tree, it has at least two ends, and never more than one
  // for each of its cells.
  const int cells = static_cast<int>((m.matrix.size() / 2) * (m.matrix[0].size() / 2));
  CHECK(m.deadEnds() >= 2);
  CHECK(m.deadEnds() <= cells);
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
