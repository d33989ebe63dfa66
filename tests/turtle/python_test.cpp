// The turtle answers as Python's does. Each expected value below is what CPython 3.11's turtle
// printed for the same calls (run under Xvfb), written into the test.
#include <catch2/catch.hpp>
#include <turtle/turtle.hpp>

using turtle::Screen;
using turtle::Turtle;
using turtle::Vec2D;

TEST_CASE("heading() is rounded as Python rounds it, so it equals the angle turned",
          "[python][motion]") {
  Screen screen;
  const auto headingAfterLeft = [&screen](double angle) {
    Turtle t(screen);
    t.left(angle);
    return t.heading();
  };
  // Exact comparisons: a Python student writes `t.heading() == 3.7` and it is true there.
  CHECK(headingAfterLeft(3.7) == 3.7);
  CHECK(headingAfterLeft(0.1) == 0.1);
  CHECK(headingAfterLeft(45.5) == 45.5);
  CHECK(headingAfterLeft(1e-11) == 0.0);
  CHECK(headingAfterLeft(359.99999999999) == 0.0);
  Turtle right(screen);
  right.right(0.1);
  CHECK(right.heading() == 359.9);
  Turtle star(screen);
  for (int i = 0; i < 7; ++i) star.left(51.4);
  CHECK(star.heading() == 359.8);
}

TEST_CASE("towards() and other angle units round as Python's do", "[python][motion]") {
  Screen screen;
  Turtle t(screen);
  t.goTo(3, 4);
  CHECK(t.towards(0, 0) == 233.1301023542);
  CHECK(t.towards(3 + 1e-12, 5) == 89.9999999999);
  Turtle grads(screen);
  grads.degrees(400);
  grads.left(33.3);
  CHECK(grads.heading() == 33.3);
  Turtle radians(screen);
  radians.radians();
  radians.left(1);
  CHECK(radians.heading() == 1.0000000000003086);
}

TEST_CASE("a stamp's heading in the drawing log is the turtle's heading", "[python][stamp]") {
  Screen screen;
  Turtle t(screen);
  t.left(360 - 1e-12);  // Python: heading() is 0.0
  t.stamp();
  CHECK(t.heading() == 0.0);
  t.left(3.7);
  t.stamp();
  const std::string log = screen.drawingLog();
  CHECK(log.find("heading 0 pen") != std::string::npos);
  CHECK(log.find("heading 3.7 pen") != std::string::npos);
}

TEST_CASE("home() is two undo steps, as goto and setheading are in Python", "[python][undo]") {
  Screen screen;
  Turtle t(screen);
  t.goTo(100, 50);
  t.left(30);
  t.home();
  CHECK(t.undobufferentries() == 4);  // Python: 4
  t.undo();
  CHECK(t.pos() == Vec2D(0, 0));  // Python: (0.00,0.00) 30.0
  CHECK(t.heading() == 30.0);
  t.undo();
  CHECK(t.pos() == Vec2D(100, 50));  // Python: (100.00,50.00) 30.0
  CHECK(t.heading() == 30.0);
}

TEST_CASE("undoing end_fill() takes the fill away and does not resume filling",
          "[python][undo][fill]") {
  Screen screen;
  Turtle t(screen);
  t.fillcolor("yellow");
  t.begin_fill();
  t.forward(100);
  t.left(90);
  t.forward(100);
  t.end_fill();
  REQUIRE(screen.colorAt(80, 20) == "yellow");
  CHECK(t.undobufferentries() == 6);  // Python: 6
  t.undo();
  CHECK_FALSE(t.filling());  // Python: False
  CHECK(t.undobufferentries() == 5);
  CHECK(t.pos() == Vec2D(100, 100));
  CHECK(screen.colorAt(80, 20) == "white");
  t.end_fill();  // not filling: nothing happens, nothing recorded
  CHECK(t.undobufferentries() == 5);
  CHECK(screen.colorAt(80, 20) == "white");
}

TEST_CASE("end_fill() is an undo step only when it fills", "[python][undo][fill]") {
  Screen screen;
  Turtle lone(screen);
  lone.end_fill();
  CHECK(lone.undobufferentries() == 0);  // Python: 0
  Turtle small(screen);
  small.forward(10);
  small.begin_fill();
  small.forward(1);
  small.end_fill();                       // two points fill nothing
  CHECK(small.undobufferentries() == 3);  // Python: 3
}

TEST_CASE("shape() is not an undo step and undo() keeps the shape", "[python][undo]") {
  Screen screen;
  Turtle t(screen);
  t.forward(50);
  t.shape("turtle");
  CHECK(t.undobufferentries() == 1);  // Python: 1
  t.undo();                           // takes back the move
  CHECK(t.shape() == "turtle");
  CHECK(t.pos() == Vec2D(0, 0));
}

TEST_CASE("the delay is 10 ms, kept by tracer(n) and put back by clearscreen()",
          "[python][screen]") {
  Screen screen;
  CHECK(screen.delay() == 10);
  screen.tracer(0);
  CHECK(screen.delay() == 10);
  screen.tracer(1, 3);
  CHECK(screen.delay() == 3);
  screen.clearscreen();
  CHECK(screen.delay() == 10);
}

TEST_CASE("a filled star keeps its centre hollow, as Tk fills it (even-odd)", "[python][fill]") {
  Screen screen;
  Turtle t(screen);
  t.penup();
  t.goTo(-100, 30);
  t.pendown();
  t.pencolor("red");
  t.fillcolor("yellow");
  t.begin_fill();
  for (int i = 0; i < 5; ++i) {
    t.forward(200);
    t.right(144);
  }
  t.end_fill();
  CHECK(screen.colorAt(0, 0) == "white");    // the pentagon in the middle: crossed twice
  CHECK(screen.colorAt(0, 60) == "yellow");  // the top point: crossed once
}

TEST_CASE("numbers are written as Python's str() writes them", "[python][write]") {
  // Python: repr() of each value.
  CHECK(turtle::pythonStr(123LL) == "123");
  CHECK(turtle::pythonStr(2.5) == "2.5");
  CHECK(turtle::pythonStr(100.0) == "100.0");
  CHECK(turtle::pythonStr(1e16) == "1e+16");
  CHECK(turtle::pythonStr(1e15) == "1000000000000000.0");
  CHECK(turtle::pythonStr(1.5e-5) == "1.5e-05");
  CHECK(turtle::pythonStr(0.0001) == "0.0001");
  CHECK(turtle::pythonStr(0.1 + 0.2) == "0.30000000000000004");
  CHECK(turtle::pythonStr(-0.0) == "-0.0");
  CHECK(turtle::pythonStr(123456789.123) == "123456789.123");
  CHECK(turtle::pythonStr(5e-324) == "5e-324");
}

TEST_CASE("Python's call forms of write, dot and turtlesize compile and do what Python does",
          "[python][write]") {
  Screen screen;
  Turtle t(screen);
  t.write(123);
  t.write(2.5, "center");
  t.write("moved?", false, "right");
  t.write("big", false, "left", 20);
  CHECK_THROWS_WITH(t.write("x", true), Catch::Contains("move the turtle yourself"));
  const std::string log = screen.drawingLog();
  CHECK(log.find("text \"123\" at (0,0) align left") != std::string::npos);
  CHECK(log.find("text \"2.5\" at (0,0) align center") != std::string::npos);
  CHECK(log.find("text \"moved?\" at (0,0) align right") != std::string::npos);
  CHECK(log.find("text \"big\" at (0,0) align left font \"Arial\" 20") != std::string::npos);

  t.turtlesize(2);
  CHECK(t.turtlesize().stretchWid == 2);
  CHECK(t.turtlesize().stretchLen == 2);
  CHECK(t.turtlesize().outline == 1);

  screen.colormode(255);
  t.dot(10, 255, 128, 0);
  CHECK(screen.colorAt(0, 0) == "#ff8000");
}
