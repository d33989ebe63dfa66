// Step 1: there is a function that makes the screen the maze will be drawn on.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "warmup.hpp"

TEST_CASE("makeScreen gives a screen of 400 by 400 pixels", "[lesson01][step01]") {
  turtle::Screen screen = makeScreen();
  CHECK(screen.width() == 400);
  CHECK(screen.height() == 400);
  lesson::picture(screen);
}
