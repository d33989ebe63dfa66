// The Screen: size, background, settings, the window calls it accepts, and its turtles.
#include <catch2/catch.hpp>
#include <turtle/turtle.hpp>

#include "pixels.hpp"

using turtle::Screen;
using turtle::Turtle;

TEST_CASE("a screen is 400 by 400 and white unless told otherwise", "[screen]") {
  Screen screen;
  CHECK(screen.width() == 400);
  CHECK(screen.height() == 400);
  CHECK(screen.window_width() == 400);
  CHECK(screen.window_height() == 400);
  CHECK(screen.bgcolor() == "white");
  CHECK(screen.colorAt(0, 0) == "white");
}

TEST_CASE("a screen can be any size from 1x1 to 8192x8192", "[screen]") {
  CHECK(Screen(1, 1).width() == 1);
  CHECK(Screen(8192, 8192).height() == 8192);
  CHECK(Screen(640, 480).width() == 640);
  CHECK_THROWS_WITH(Screen(0, 5), "screen size must be from 1×1 to 8192×8192 pixels, got 0×5");
  CHECK_THROWS_AS(Screen(8193, 10), std::invalid_argument);
  CHECK_THROWS_AS(Screen(10, -1), std::invalid_argument);
}

TEST_CASE("bgcolor sets the background and reads back as its name", "[screen]") {
  Screen screen;
  screen.bgcolor("blue");
  CHECK(screen.bgcolor() == "blue");
  CHECK(screen.bgcolor().name() == "blue");
  CHECK(screen.colorAt(123, -45) == "blue");
  screen.bgcolor(0.0, 1.0, 0.0);
  CHECK(screen.bgcolor() == "lime");
  CHECK_THROWS_WITH(screen.bgcolor("bleu"), "unknown colour 'bleu' — did you mean 'blue'?");
  CHECK(screen.bgcolor() == "lime");  // a refused colour changes nothing
}

TEST_CASE("colormode 255 takes colours as numbers from 0 to 255", "[screen]") {
  Screen screen;
  CHECK(screen.colormode() == 1.0);
  screen.colormode(255);
  screen.bgcolor(255, 128, 0);
  CHECK(screen.bgcolor().hex() == "#ff8000");
  Turtle t(screen);
  t.pencolor(0, 0, 255);
  CHECK(t.pencolor() == "blue");
  CHECK_THROWS_AS(screen.colormode(2), turtle::ColorError);
  CHECK(screen.colormode() == 255);
}

TEST_CASE("window calls are accepted and hide nothing", "[screen]") {
  Screen screen;
  Turtle t(screen);
  screen.tracer(0);
  CHECK(screen.tracer() == 0);
  t.penup();
  t.goTo(-190, 190);
  t.shape("square");
  t.color("red");
  t.stamp();
  // No update() yet: with tracer(0) Python's window would still be blank; here the
  // drawing is always there to see.
  CHECK(screen.colorAt(-190, 190) == "red");
  screen.update();
  screen.delay(0);
  CHECK(screen.delay() == 0);
  CHECK_THROWS_AS(screen.delay(-1), std::invalid_argument);
  screen.title("Maze");
  CHECK(screen.title() == "Maze");
  screen.mainloop();
  screen.done();
  screen.exitonclick();
  screen.bye();
  CHECK(screen.colorAt(-190, 190) == "red");
}

TEST_CASE("clear erases every drawing and whitens the background", "[screen]") {
  Screen screen;
  screen.bgcolor("blue");
  screen.colormode(255);
  Turtle t(screen);
  t.forward(100);
  t.stamp();
  REQUIRE(screen.itemCount() == 2);
  screen.clear();
  CHECK(screen.itemCount() == 0);
  CHECK(screen.bgcolor() == "white");
  CHECK(screen.colormode() == 1.0);
  CHECK(t.position() == turtle::Vec2D(100, 0));  // the turtle stays where it was
}

TEST_CASE("reset erases every drawing and sends every turtle home", "[screen]") {
  Screen screen;
  screen.bgcolor("blue");
  Turtle a(screen);
  Turtle b(screen);
  a.forward(50);
  b.left(90);
  b.color("red");
  b.forward(20);
  screen.reset();
  CHECK(screen.itemCount() == 0);
  CHECK(a.position() == turtle::Vec2D(0, 0));
  CHECK(b.heading() == 0);
  CHECK(b.pencolor() == "black");
  CHECK(screen.bgcolor() == "blue");  // Python's reset keeps the background
}

TEST_CASE("register_shape adds a polygon shape", "[screen]") {
  Screen screen;
  const auto standard = screen.getshapes();
  CHECK(standard == std::vector<std::string>{"arrow", "blank", "circle", "classic", "square",
                                             "triangle", "turtle"});
  screen.register_shape("diamond", {{0, 10}, {10, 0}, {0, -10}, {-10, 0}});
  CHECK(screen.getshapes().size() == standard.size() + 1);
  Turtle t(screen);
  t.shape("diamond");
  t.color("red");
  t.stamp();
  CHECK(screen.colorAt(0, 0) == "red");
  CHECK(screen.colorAt(9, 9) == "white");  // outside the diamond
  CHECK_THROWS_WITH(screen.register_shape("line", {{0, 0}, {1, 1}}),
                    "shape 'line' needs at least 3 points, got 2");
  CHECK_THROWS_AS(screen.register_shape("bad", {{0, 0}, {1, 1}, {std::nan(""), 0}}),
                  std::invalid_argument);
  CHECK_THROWS_AS(screen.register_shape("", {{0, 0}, {1, 1}, {1, 0}}), std::invalid_argument);
}

TEST_CASE("turtles lists the screen's turtles, oldest first", "[screen]") {
  Screen screen;
  Turtle a(screen);
  {
    Turtle b(screen);
    CHECK(screen.turtles() == std::vector<Turtle*>{&a, &b});
    CHECK(&b.getscreen() == &screen);
  }
  CHECK(screen.turtles() == std::vector<Turtle*>{&a});
}

TEST_CASE("colorAt refuses a point off the canvas", "[screen]") {
  Screen screen;
  CHECK_NOTHROW(screen.colorAt(200, 200));
  CHECK_NOTHROW(screen.colorAt(-200, -200));
  CHECK_THROWS_WITH(screen.colorAt(250, 0),
                    Catch::StartsWith("point (250, 0) is off the 400×400 canvas"));
  CHECK_THROWS_AS(screen.colorAt(0, -200.5), std::out_of_range);
  CHECK_THROWS_AS(screen.colorAt(std::nan(""), 0), std::out_of_range);
}

TEST_CASE("a moved screen keeps its turtles and drawing", "[screen]") {
  Screen first;
  Turtle t(first);
  t.forward(10);
  Screen second(std::move(first));
  t.forward(10);
  CHECK(second.itemCount() == 2);
  CHECK(&t.getscreen() == &second);
  CHECK_THROWS_AS(first.width(), std::logic_error);  // NOLINT(bugprone-use-after-move)
}

TEST_CASE("a turtle whose screen is gone refuses to draw", "[screen]") {
  auto screen = std::make_unique<Screen>();
  Turtle t(*screen);
  screen.reset();
  CHECK_THROWS_WITH(t.forward(10), Catch::Contains("Screen no longer exists"));
  CHECK_THROWS_AS(t.stamp(), std::logic_error);
}

TEST_CASE("odd sizes keep the origin in the centre", "[screen]") {
  Screen screen(5, 3);
  Turtle t(screen);
  t.penup();
  t.shape("square");
  t.shapesize(0.05);  // a 1×1 pixel square
  t.color("red");
  t.stamp();
  int red = 0;
  for (int row = 0; row < 3; ++row) {
    for (int column = 0; column < 5; ++column) {
      if (kit_test::pixel(screen, column, row) == "red") ++red;
    }
  }
  CHECK(red >= 1);
  CHECK(kit_test::pixel(screen, 0, 0) == "white");
  CHECK(kit_test::pixel(screen, 4, 2) == "white");
}

TEST_CASE("Python's other names for screen calls do the same", "[screen]") {
  Screen screen;
  screen.bgcolor("blue");
  Turtle t(screen);
  t.forward(10);
  screen.resetscreen();
  CHECK(screen.itemCount() == 0);
  CHECK(screen.bgcolor() == "blue");
  t.forward(10);
  screen.clearscreen();
  CHECK(screen.itemCount() == 0);
  CHECK(screen.bgcolor() == "white");
  screen.addshape("tri", {{0, 5}, {5, -5}, {-5, -5}});
  t.shape("tri");
  CHECK(t.shape() == "tri");
  turtle::Pen pen(screen);  // Python's other name for Turtle
  pen.shapesize(2, 3);
  CHECK(pen.shapesize().stretchWid == 2);
  CHECK(pen.shapesize().stretchLen == 3);
  CHECK(pen.shapesize().outline == 1);
}
