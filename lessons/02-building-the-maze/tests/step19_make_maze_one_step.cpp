// Step 19: makeMaze() begins the maze: from the start it digs towards a neighbour that is still
// wall, two squares, the wall between and the cell beyond. After reset only east and south are
// possible, so one of the two is open.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("makeMaze digs from the start to a cell east or south of it", "[lesson02][step19]") {
  Maze m;
  m.reset();
  m.makeMaze();
  const bool east = m.getMatrixValueAt(turtle::Vec2D(-170, 190)) == EMPTY &&
                    m.getMatrixValueAt(turtle::Vec2D(-150, 190)) == EMPTY;
  const bool south = m.getMatrixValueAt(turtle::Vec2D(-190, 170)) == EMPTY &&
                     m.getMatrixValueAt(turtle::Vec2D(-190, 150)) == EMPTY;
  INFO("east of the start: " << m.matrix[0][1] << ", " << m.matrix[0][2]);
  INFO("south of the start: " << m.matrix[1][0] << ", " << m.matrix[2][0]);
  CHECK((east || south));
  CHECK(m.matrix[1][1] == WALL);  // never the square diagonally between them
  m.turtle.hideturtle();          // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
