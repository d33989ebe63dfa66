// Step 13: dig(NORTH) digs the square above the turtle and moves the turtle onto it.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("dig north moves the turtle one square up and empties that square",
          "[lesson02][step13]") {
  Maze m;
  m.reset();
  m.dig(SOUTH);
  m.dig(SOUTH);
  m.dig(EAST);
  m.dig(EAST);  // now at (-150, 150)
  CHECK(m.dig(NORTH) == turtle::Vec2D(-150, 170));
  CHECK(m.matrix[1][2] == 0);
  CHECK(m.dig(NORTH) == turtle::Vec2D(-150, 190));
  CHECK(m.matrix[0][2] == 0);
  CHECK(m.screen.colorAt(-150, 190) == "white");
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
