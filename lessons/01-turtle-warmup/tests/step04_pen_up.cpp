// Step 4: the turtle lifts its pen before it moves, so going to a square draws no line
// across the maze.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "warmup.hpp"

TEST_CASE("stamping two squares far apart leaves two squares and no line", "[lesson01][step04]") {
  turtle::Screen screen = makeScreen();
  turtle::Turtle t(screen);
  stampSquare(t, -190, 190, "white");
  stampSquare(t, 150, -150, "yellow");
  t.hideturtle();

  CHECK(screen.stamps().size() == 2);
  CHECK(screen.itemCount() == 2);         // two stamps, and nothing else
  CHECK(screen.colorAt(0, 0) == "blue");  // no line through the middle
  CHECK(screen.colorAt(150, -150) == "yellow");
  lesson::picture(screen);
}
