// Step 4: a new maze is blue all over, because blue means wall and at first everything is wall.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("a new maze is blue all over", "[lesson02][step04]") {
  Maze m;
  CHECK(m.screen.bgcolor() == "blue");
  CHECK(m.screen.colorAt(0, 0) == "blue");
  CHECK(m.screen.colorAt(-199, 199) == "blue");
  CHECK(m.screen.colorAt(199, -199) == "blue");
  lesson::picture(m.screen);
}
