// Step 11: dig(SOUTH) digs the square below the turtle and moves the turtle onto it.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("dig south moves the turtle one square down and empties that square",
          "[lesson02][step11]") {
  Maze m;
  m.reset();
  CHECK(m.dig(SOUTH) == turtle::Vec2D(-190, 170));
  CHECK(m.matrix[1][0] == 0);
  CHECK(m.screen.colorAt(-190, 170) == "white");

  CHECK(m.dig(SOUTH) == turtle::Vec2D(-190, 150));
  CHECK(m.matrix[2][0] == 0);
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
