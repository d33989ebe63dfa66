// Step 1: a square on the way through the maze is marked VISITED, and the picture shows it red.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("a VISITED square is painted red", "[lesson03][step01]") {
  Maze m;
  m.reset();
  m.dig(EAST);
  m.dig(EAST);
  CHECK(m.setMatrixValueAt(turtle::Vec2D(-190, 190), VISITED));
  CHECK(m.setMatrixValueAt(turtle::Vec2D(-170, 190), VISITED));
  CHECK(m.getMatrixValueAt(turtle::Vec2D(-170, 190)) == VISITED);
  CHECK(m.screen.colorAt(-190, 190) == "red");
  CHECK(m.screen.colorAt(-170, 190) == "red");
  CHECK(m.screen.colorAt(-150, 190) == "white");  // still only dug out
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
