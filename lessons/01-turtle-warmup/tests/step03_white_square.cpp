// Step 3: a white square stamped at (-190, 190) fills the top-left corner: 20 by 20 pixels,
// the size of one square of the maze, and its outline's last pixel, as in Python.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "warmup.hpp"

TEST_CASE("stampSquare puts a 20 by 20 white square in the top-left corner", "[lesson01][step03]") {
  turtle::Screen screen = makeScreen();
  turtle::Turtle t(screen);
  stampSquare(t, -190, 190, "white");
  t.hideturtle();  // look at the drawing, not at the turtle

  REQUIRE(screen.stamps().size() == 1);
  CHECK(screen.stamps()[0].shape == "square");
  CHECK(screen.stamps()[0].position == turtle::Vec2D(-190, 190));
  // The square covers x from -200 to -180 and y from 200 down to 180...
  CHECK(screen.colorAt(-199.5, 199.5) == "white");
  CHECK(screen.colorAt(-180.5, 180.5) == "white");
  // ...and its 1-pixel outline, drawn on the edge as Python's turtle draws it, one pixel more
  // on the right and at the bottom (the next square stamped there covers it)...
  CHECK(screen.colorAt(-179.5, 190) == "white");
  CHECK(screen.colorAt(-190, 179.5) == "white");
  // ...and nothing beyond.
  CHECK(screen.colorAt(-178.5, 190) == "blue");
  CHECK(screen.colorAt(-190, 178.5) == "blue");
  lesson::picture(screen);
}
