// Moving and turning: Python's coordinates, Python's angles, Python's numbers.
#include <catch2/catch.hpp>
#include <turtle/turtle.hpp>

#include <cmath>
#include <functional>
#include <sstream>

using turtle::Screen;
using turtle::Turtle;
using turtle::Vec2D;

TEST_CASE("a turtle starts in the centre facing east", "[motion]") {
  Screen screen;
  Turtle t(screen);
  CHECK(t.position() == Vec2D(0, 0));
  CHECK(t.heading() == 0);
  CHECK(t.isdown());
  CHECK(t.isvisible());
  CHECK(t.shape() == "classic");
}

TEST_CASE("forward goes east, left turns counter-clockwise, y points up", "[motion]") {
  Screen screen;
  Turtle t(screen);
  t.forward(100);
  CHECK(t.position() == Vec2D(100, 0));
  t.left(90);
  CHECK(t.heading() == 90);
  t.fd(50);
  CHECK(t.pos() == Vec2D(100, 50));
  t.right(180);
  t.back(25);
  CHECK(t.pos() == Vec2D(100, 75));
  t.rt(90);
  t.bk(10);
  t.backward(10);
  CHECK(t.pos() == Vec2D(120, 75));
  t.lt(45);
  CHECK(t.heading() == 225);
}

TEST_CASE("goTo, setpos and setposition move to a point", "[motion]") {
  Screen screen;
  Turtle t(screen);
  t.goTo(-190, 190);
  CHECK(t.pos() == Vec2D(-190, 190));
  t.setpos(Vec2D(10, -20));
  CHECK(t.pos() == Vec2D(10, -20));
  t.setposition(3, 4);
  CHECK(t.pos() == Vec2D(3, 4));
  t.setposition(Vec2D(5, 6));
  t.setx(-7);
  CHECK(t.pos() == Vec2D(-7, 6));
  t.sety(8);
  CHECK(t.pos() == Vec2D(-7, 8));
  CHECK(t.xcor() == -7);
  CHECK(t.ycor() == 8);
  t.goTo(Vec2D(1, 2));
  CHECK(t.pos() == Vec2D(1, 2));
}

TEST_CASE("positions are doubles and never rounded", "[motion]") {
  Screen screen;
  Turtle t(screen);
  t.goTo(0.25, -0.75);
  CHECK(t.xcor() == 0.25);
  CHECK(t.ycor() == -0.75);
  t.forward(0.1);
  CHECK(t.xcor() == Approx(0.35));
}

TEST_CASE("positions compare equal within a millionth of a pixel", "[motion]") {
  Screen screen;
  Turtle t(screen);
  t.left(90);
  t.forward(100);
  // cos(90°) is not exactly 0 in floating point: x is about 6e-15, as in Python.
  CHECK(t.xcor() != 0.0);
  CHECK(t.pos() == Vec2D(0, 100));
  CHECK(t.pos() != Vec2D(0.001, 100));
  CHECK(t.pos()[0] == t.xcor());
  CHECK(t.pos()[1] == t.ycor());
  CHECK_THROWS_AS(t.pos()[2], std::out_of_range);
  std::ostringstream out;
  out << t.pos();
  CHECK(out.str() == "(0.00,100.00)");
}

TEST_CASE("setheading turns to a compass direction and home goes back", "[motion]") {
  Screen screen;
  Turtle t(screen);
  t.setheading(90);
  CHECK(t.heading() == 90);
  t.seth(-90);
  CHECK(t.heading() == 270);
  t.setheading(720 + 45);
  CHECK(t.heading() == Approx(45));
  t.forward(30);
  t.home();
  CHECK(t.pos() == Vec2D(0, 0));
  CHECK(t.heading() == 0);
}

TEST_CASE("distance and towards measure to a point or a turtle", "[motion]") {
  Screen screen;
  Turtle t(screen);
  CHECK(t.towards(0, 10) == 90);
  CHECK(t.towards(-10, 0) == 180);
  CHECK(t.towards(-10, -10) == 225);
  CHECK(t.towards(Vec2D(10, -10)) == 315);
  t.goTo(1, 1);
  CHECK(t.distance(4, 5) == 5);
  Turtle other(screen);
  CHECK(t.distance(other) == Approx(std::sqrt(2.0)));
  CHECK(other.towards(t) == Approx(45));
  CHECK(t.distance(Vec2D(1, 1)) == 0);
}

TEST_CASE("circle draws Python's polygon and ends where Python's does", "[motion][circle]") {
  Screen screen;
  SECTION("a whole circle comes back to the start") {
    Turtle t(screen);
    t.circle(50);
    CHECK(t.pos() == Vec2D(0, 0));
    CHECK(t.heading() == 0);
    // Python's choice of sides: 1 + int(min(11 + r / 6, 59)) = 20 for r = 50.
    CHECK(screen.itemCount() == 20);
  }
  SECTION("steps sets the number of sides") {
    Turtle t(screen);
    t.circle(50, 360, 4);
    CHECK(screen.itemCount() == 4);
    CHECK(t.pos() == Vec2D(0, 0));
  }
  SECTION("half a circle ends opposite, facing back") {
    Turtle t(screen);
    t.circle(50, 180);
    CHECK(t.pos() == Vec2D(0, 100));
    CHECK(t.heading() == 180);
  }
  SECTION("a negative radius goes clockwise") {
    Turtle t(screen);
    t.circle(-50, 90);
    CHECK(t.pos() == Vec2D(50, -50));
    CHECK(t.heading() == 270);
  }
  SECTION("steps must be at least 1") {
    Turtle t(screen);
    CHECK_THROWS_WITH(t.circle(10, 360, 0), "circle needs at least 1 step, got 0");
  }
}

// Positions that Python 3.11's turtle printed for the same calls (xcor, ycor, heading).
TEST_CASE("positions match Python's turtle to the last digits", "[motion][python]") {
  struct Case {
    const char* calls;
    std::function<void(Turtle&)> run;
    double x, y, heading;
  };
  const Case cases[] = {
      {"circle(50, 180)", [](Turtle& t) { t.circle(50, 180); }, 3.730349362740526e-14,
       99.99999999999999, 180.0},
      {"circle(-50, 90)", [](Turtle& t) { t.circle(-50, 90); }, 50.000000000000014, -50.0, 270.0},
      {"circle(100)", [](Turtle& t) { t.circle(100); }, -1.2789769243681803e-13,
       -1.3811174426336947e-13, 0.0},
      {"circle(30, 360, 5)", [](Turtle& t) { t.circle(30, 360, 5); }, -1.0658141036401503e-14,
       1.4210854715202004e-14, 0.0},
      {"left(90); forward(100)",
       [](Turtle& t) {
         t.left(90);
         t.forward(100);
       },
       6.123233995736766e-15, 100.0, 90.0},
      {"left(30); forward(10); right(75); forward(20.5)",
       [](Turtle& t) {
         t.left(30);
         t.forward(10);
         t.right(75);
         t.forward(20.5);
       },
       23.15594305216861, -9.495689014324228, 315.0},
      {"setheading(200); forward(33); setheading(-45); back(12)",
       [](Turtle& t) {
         t.setheading(200);
         t.forward(33);
         t.setheading(-45);
         t.back(12);
       },
       -39.49513786017354, -2.801383355508504, 315.0},
  };
  for (const Case& c : cases) {
    INFO(c.calls);
    Screen screen;
    Turtle t(screen);
    c.run(t);
    CHECK(t.xcor() == Approx(c.x).margin(1e-12));
    CHECK(t.ycor() == Approx(c.y).margin(1e-12));
    CHECK(t.heading() == Approx(c.heading).margin(1e-9));
  }
}

TEST_CASE("radians and degrees change the angle unit", "[motion]") {
  Screen screen;
  Turtle t(screen);
  t.radians();
  t.left(M_PI / 2);
  CHECK(t.heading() == Approx(M_PI / 2));
  t.degrees();
  CHECK(t.heading() == Approx(90));
  t.degrees(400);  // grads
  CHECK(t.heading() == Approx(100));
  CHECK_THROWS_AS(t.degrees(0), std::invalid_argument);
}

TEST_CASE("a number that is not finite is refused and moves nothing", "[motion]") {
  Screen screen;
  Turtle t(screen);
  const double nan = std::nan("");
  const double inf = std::numeric_limits<double>::infinity();
  CHECK_THROWS_WITH(t.forward(nan), "forward distance must be a finite number, got nan");
  CHECK_THROWS_WITH(t.goTo(inf, 0), "x must be a finite number, got inf");
  CHECK_THROWS_AS(t.goTo(0, nan), std::invalid_argument);
  CHECK_THROWS_AS(t.left(inf), std::invalid_argument);
  CHECK_THROWS_AS(t.right(nan), std::invalid_argument);
  CHECK_THROWS_AS(t.back(-inf), std::invalid_argument);
  CHECK_THROWS_AS(t.setheading(nan), std::invalid_argument);
  CHECK_THROWS_AS(t.circle(nan), std::invalid_argument);
  CHECK_THROWS_AS(t.towards(nan, 0), std::invalid_argument);
  CHECK_THROWS_AS(t.distance(0, inf), std::invalid_argument);
  CHECK(t.pos() == Vec2D(0, 0));
  CHECK(t.heading() == 0);
  CHECK(screen.itemCount() == 0);
}

TEST_CASE("Vec2D does Python's vector arithmetic", "[motion][vec2d]") {
  const Vec2D a(3, 4);
  const Vec2D b(1, -1);
  CHECK(a + b == Vec2D(4, 3));
  CHECK(a - b == Vec2D(2, 5));
  CHECK(a * 2 == Vec2D(6, 8));
  CHECK(2 * a == Vec2D(6, 8));
  CHECK(a * b == -1);  // dot product
  CHECK(-a == Vec2D(-3, -4));
  CHECK(turtle::abs(a) == 5);
  CHECK(Vec2D(1, 0).rotate(90) == Vec2D(0, 1));
  auto [x, y] = a;
  CHECK(x == 3);
  CHECK(y == 4);
}
