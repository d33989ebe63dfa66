// Step 6: reset() starts the maze: all wall but the top-left square, matrix[0][0], which is
// empty (0) and white, with the turtle standing on it at (-190, 190).
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("reset empties the top-left square and puts the turtle on it", "[lesson02][step06]") {
  Maze m;
  m.reset();
  CHECK(m.turtle.position() == turtle::Vec2D(-190, 190));
  CHECK(m.matrix[0][0] == 0);
  CHECK(m.matrix[0][1] == 1);
  CHECK(m.matrix[1][0] == 1);
  CHECK(m.screen.colorAt(-190, 190) == "white");
  CHECK(m.screen.colorAt(-170, 190) == "blue");
  CHECK(m.screen.itemCount() == 1);  // one white square, and no line drawn on the way there
  m.turtle.hideturtle();             // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}

TEST_CASE("reset starts again from nothing", "[lesson02][step06]") {
  Maze m;
  m.reset();
  m.matrix[5][5] = 0;
  m.turtle.goTo(0, 0);
  m.reset();
  CHECK(m.matrix[5][5] == 1);
  CHECK(m.turtle.position() == turtle::Vec2D(-190, 190));
  CHECK(m.screen.stamps().size() == 1);  // the first reset's square is gone, not stamped twice
}
