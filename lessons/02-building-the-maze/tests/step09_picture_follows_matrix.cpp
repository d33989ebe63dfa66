// Step 9: the picture follows the matrix: setting a square stamps it in its colour, white for
// 0 (empty) and blue for 1 (wall), wherever the turtle happens to be, and leaves the turtle
// where it was.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("setting a square paints it, white for empty and blue for wall", "[lesson02][step09]") {
  Maze m;
  m.reset();
  m.setMatrixValueAt(turtle::Vec2D(-150, 190), 0);
  CHECK(m.screen.colorAt(-150, 190) == "white");
  CHECK(m.screen.colorAt(-170, 190) == "blue");            // only that square
  CHECK(m.turtle.position() == turtle::Vec2D(-190, 190));  // the turtle came back

  m.setMatrixValueAt(turtle::Vec2D(-190, 150), 0);
  m.setMatrixValueAt(turtle::Vec2D(-150, 150), 0);
  CHECK(m.screen.colorAt(-190, 150) == "white");
  CHECK(m.screen.colorAt(-150, 150) == "white");

  m.setMatrixValueAt(turtle::Vec2D(-190, 190), 1);  // fill the first square in again
  CHECK(m.screen.colorAt(-190, 190) == "blue");
  CHECK(m.screen.colorAt(-150, 150) == "white");
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
