// Step 5: a path along the whole top row: twenty white squares, from x = -190 to x = 190.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "warmup.hpp"

TEST_CASE("stampTopRow stamps the twenty squares of the top row white", "[lesson01][step05]") {
  turtle::Screen screen = makeScreen();
  turtle::Turtle t(screen);
  stampTopRow(t);
  t.hideturtle();

  REQUIRE(screen.stamps().size() == 20);
  for (int i = 0; i < 20; ++i) {
    const double x = -190 + 20 * i;
    INFO("the square at x = " << x);
    CHECK(screen.colorAt(x, 190) == "white");
    CHECK(screen.colorAt(x, 170) == "blue");  // the row below is still wall
  }
  CHECK(screen.itemCount() == 20);  // and no lines
  lesson::picture(screen);
}
