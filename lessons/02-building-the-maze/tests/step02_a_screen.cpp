// Step 2: a Maze has a screen, 400 by 400 pixels: room for 20 by 20 squares of 20 pixels.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <type_traits>

#include "maze.hpp"

TEST_CASE("a Maze has a screen of 400 by 400 pixels", "[lesson02][step02]") {
  Maze m;
  CHECK(m.screen.width() == 400);
  CHECK(m.screen.height() == 400);
  static_assert(std::is_same_v<decltype(m.screen), turtle::Screen>,
                "the maze's screen is a turtle::Screen");
  lesson::picture(m.screen);
}
