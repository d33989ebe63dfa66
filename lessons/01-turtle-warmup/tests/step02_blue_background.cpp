// Step 2: the screen is blue, because in our maze blue means wall, and at first everything is
// wall.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "warmup.hpp"

TEST_CASE("the screen's background is blue", "[lesson01][step02]") {
  turtle::Screen screen = makeScreen();
  CHECK(screen.bgcolor() == "blue");
  CHECK(screen.colorAt(0, 0) == "blue");
  CHECK(screen.colorAt(-199, 199) == "blue");
  lesson::picture(screen);
}
