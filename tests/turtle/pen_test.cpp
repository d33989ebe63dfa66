// The pen: up and down, size and colours, fills, dots, text, undo, and the turtle's state.
#include <catch2/catch.hpp>
#include <turtle/turtle.hpp>

#include "pixels.hpp"

using turtle::Screen;
using turtle::Turtle;
using turtle::Vec2D;

TEST_CASE("a pen-down move draws a line in the pen colour", "[pen]") {
  Screen screen;
  Turtle t(screen);
  t.forward(100);
  CHECK(screen.colorAt(50, 0) == "black");
  CHECK(screen.colorAt(50, 10) == "white");
  t.pencolor("red");
  t.left(90);
  t.forward(100);
  CHECK(screen.colorAt(100, 50) == "red");
}

TEST_CASE("a pen-up move draws nothing", "[pen]") {
  Screen screen;
  Turtle t(screen);
  t.penup();
  CHECK_FALSE(t.isdown());
  t.forward(100);
  t.goTo(-50, 80);
  t.circle(30);
  CHECK(screen.itemCount() == 0);
  CHECK(screen.colorAt(50, 0) == "white");
  for (auto down : {&Turtle::pendown, &Turtle::pd, &Turtle::down}) {
    t.penup();
    (t.*down)();
    CHECK(t.isdown());
  }
  for (auto up : {&Turtle::penup, &Turtle::pu, &Turtle::up}) {
    t.pendown();
    (t.*up)();
    CHECK_FALSE(t.isdown());
  }
}

TEST_CASE("pensize sets the line width", "[pen]") {
  Screen screen;
  Turtle t(screen);
  CHECK(t.pensize() == 1);
  t.pensize(10);
  CHECK(t.width() == 10);
  t.forward(100);
  CHECK(screen.colorAt(50, 4) == "black");
  CHECK(screen.colorAt(50, 7) == "white");
  t.width(3);
  CHECK(t.pensize() == 3);
  CHECK_THROWS_WITH(t.pensize(-2), "pen size must be a number greater than 0, got -2");
  CHECK_THROWS_AS(t.pensize(0), std::invalid_argument);
  CHECK(t.pensize() == 3);
}

TEST_CASE("color sets pen and fill while pencolor and fillcolor set one", "[pen][color]") {
  Screen screen;
  Turtle t(screen);
  CHECK(t.pencolor() == "black");
  CHECK(t.fillcolor() == "black");
  t.color("red");
  CHECK(t.color() == std::make_pair(turtle::Color("red"), turtle::Color("red")));
  t.color("blue", "yellow");
  CHECK(t.pencolor() == "blue");
  CHECK(t.fillcolor() == "yellow");
  t.pencolor("green");
  t.fillcolor("#ff8000");
  CHECK(t.color().first == "green");
  CHECK(t.color().second.name() == "#ff8000");
  t.color(0.0, 0.0, 1.0);
  CHECK(t.fillcolor() == "blue");
  t.pencolor(1.0, 0.0, 0.0);
  t.fillcolor(0.0, 1.0, 0.0);
  CHECK(t.color() == std::make_pair(turtle::Color("red"), turtle::Color("lime")));
  CHECK_THROWS_WITH(t.color("bleu"), "unknown colour 'bleu' — did you mean 'blue'?");
  CHECK(t.pencolor() == "red");
}

TEST_CASE("a fill covers the shape the turtle drew, under its lines", "[pen][fill]") {
  Screen screen;
  Turtle t(screen);
  t.pensize(4);
  t.color("red", "yellow");
  CHECK_FALSE(t.filling());
  t.begin_fill();
  CHECK(t.filling());
  for (int i = 0; i < 4; ++i) {
    t.forward(100);
    t.left(90);
  }
  t.end_fill();
  CHECK_FALSE(t.filling());
  CHECK(screen.colorAt(50, 50) == "yellow");
  CHECK(screen.colorAt(150, 50) == "white");
  // The fill was started before the lines, so the lines lie on top of it.
  CHECK(screen.colorAt(50, 0.5) == "red");
  CHECK(screen.colorAt(100, 50) == "red");
}

TEST_CASE("a fill uses the fill colour at end_fill", "[pen][fill]") {
  Screen screen;
  Turtle t(screen);
  t.penup();
  t.begin_fill();
  t.goTo(100, 0);
  t.goTo(100, 100);
  t.fillcolor("blue");
  t.end_fill();
  CHECK(screen.colorAt(90, 20) == "blue");
  CHECK(screen.itemCount() == 1);  // pen up: no lines, only the fill
}

TEST_CASE("a fill of fewer than three points draws nothing", "[pen][fill]") {
  Screen screen;
  Turtle t(screen);
  t.begin_fill();
  t.forward(100);
  t.end_fill();
  CHECK(screen.colorAt(50, 10) == "white");
  t.end_fill();  // without begin_fill: nothing happens, as in Python
  CHECK_FALSE(t.filling());
}

TEST_CASE("dot draws a round dot of Python's default size", "[pen][dot]") {
  Screen screen;
  Turtle t(screen);
  t.dot();  // pensize 1: max(1 + 4, 2) = 5 pixels across
  CHECK(screen.drawingLog() == "screen 400x400 bgcolor white\ndot at (0,0) size 5 color black\n");
  t.penup();
  t.goTo(100, 100);
  t.dot(40, "red");
  CHECK(screen.colorAt(100, 100) == "red");
  CHECK(screen.colorAt(118, 100) == "red");
  CHECK(screen.colorAt(115, 115) == "white");  // outside the circle, inside its square
  CHECK_THROWS_WITH(t.dot(-3), "dot size must be 0 (the default size) or more, got -3");
}

TEST_CASE("write puts text at the turtle in the pen colour", "[pen][write]") {
  Screen screen;
  Turtle t(screen);
  t.penup();
  t.goTo(-100, 0);
  t.pencolor("red");
  t.write("Hello, maze", "left", 24);
  int red = 0;
  for (int x = -100; x < 100; ++x) {
    for (int y = 0; y < 30; ++y) {
      if (screen.colorAt(x + 0.5, y + 0.5) == "red") ++red;
    }
  }
  CHECK(red > 100);
  CHECK(screen.colorAt(-100, -5) == "white");  // the text sits above the turtle
  CHECK(t.pos() == Vec2D(-100, 0));
  t.write("Goal", "center", {"DejaVu Sans", 12, "bold"});
  t.write("right", "right");
  CHECK(screen.itemCount() == 3);
}

TEST_CASE("write refuses an unknown alignment or style", "[pen][write]") {
  Screen screen;
  Turtle t(screen);
  CHECK_THROWS_WITH(t.write("x", "middle"),
                    "align must be 'left', 'center' or 'right', got 'middle'");
  CHECK_THROWS_AS(t.write("x", "left", 0.0), std::invalid_argument);
  CHECK_THROWS_AS(t.write("x", "left", {"Arial", 12, "heavy"}), std::invalid_argument);
  CHECK(screen.itemCount() == 0);
}

TEST_CASE("undo takes back the last action, one at a time", "[pen][undo]") {
  Screen screen;
  Turtle t(screen);
  t.forward(100);
  t.left(90);
  t.color("red");
  const int id = t.stamp();
  t.circle(30);
  CHECK(t.undobufferentries() == 5);

  t.undo();  // the circle, as one step
  CHECK(screen.itemCount() == 2);
  CHECK(screen.stamps().size() == 1);
  t.undo();  // the stamp
  CHECK(screen.stamps().empty());
  CHECK_THROWS_AS(t.clearstamp(id), std::invalid_argument);
  t.undo();  // the colour
  CHECK(t.pencolor() == "black");
  t.undo();  // the turn
  CHECK(t.heading() == 0);
  t.undo();  // the line
  CHECK(t.pos() == Vec2D(0, 0));
  CHECK(screen.itemCount() == 0);
  t.undo();  // nothing left: nothing happens
  CHECK(t.undobufferentries() == 0);
}

TEST_CASE("the undo buffer keeps the last 1000 actions", "[pen][undo]") {
  Screen screen;
  Turtle t(screen);
  for (int i = 0; i < 1005; ++i) t.forward(1);
  CHECK(t.undobufferentries() == 1000);
  t.setundobuffer(0);
  t.forward(1);
  CHECK(t.undobufferentries() == 0);
  t.undo();
  CHECK(t.xcor() == Approx(1006));
}

TEST_CASE("speed follows Python's rules", "[pen]") {
  Screen screen;
  Turtle t(screen);
  CHECK(t.speed() == 3);
  t.speed(10.4);
  CHECK(t.speed() == 10);
  t.speed(11);
  CHECK(t.speed() == 0);
  t.speed(0.5);
  CHECK(t.speed() == 0);
  t.speed(2.5);  // Python rounds half to even
  CHECK(t.speed() == 2);
  t.speed("slowest");
  CHECK(t.speed() == 1);
  t.speed("normal");
  CHECK(t.speed() == 6);
  CHECK_THROWS_WITH(t.speed("quick"), Catch::Contains("unknown speed 'quick'"));
}

TEST_CASE("showturtle and hideturtle set visibility", "[pen]") {
  Screen screen;
  Turtle t(screen);
  t.hideturtle();
  CHECK_FALSE(t.isvisible());
  t.st();
  CHECK(t.isvisible());
  t.ht();
  CHECK_FALSE(t.isvisible());
  t.showturtle();
  CHECK(t.isvisible());
}

TEST_CASE("shape and shapesize set what a stamp looks like", "[pen][shape]") {
  Screen screen;
  Turtle t(screen);
  for (const char* name : {"square", "classic", "arrow", "circle", "triangle", "turtle", "blank"}) {
    t.shape(name);
    CHECK(t.shape() == name);
  }
  CHECK_THROWS_WITH(t.shape("sqare"), Catch::StartsWith("unknown shape 'sqare' — the shapes are"));
  t.shapesize(2, 3, 4);
  CHECK(t.shapesize().stretchWid == 2);
  CHECK(t.shapesize().stretchLen == 3);
  CHECK(t.shapesize().outline == 4);
  t.shapesize(5);
  CHECK(t.shapesize().stretchLen == 5);
  CHECK(t.shapesize().outline == 4);
  t.turtlesize(1, 1, 1);
  CHECK_THROWS_AS(t.shapesize(0), std::invalid_argument);
  CHECK_THROWS_AS(t.shapesize(1, 1, -1), std::invalid_argument);
}

TEST_CASE("clear erases only this turtle's drawings", "[pen]") {
  Screen screen;
  Turtle a(screen);
  Turtle b(screen);
  b.left(90);
  a.forward(100);
  b.forward(100);
  a.clear();
  CHECK(screen.itemCount() == 1);
  CHECK(screen.colorAt(50, 0) == "white");
  CHECK(screen.colorAt(0, 50) == "black");
  CHECK(a.pos() == Vec2D(100, 0));  // clear leaves the turtle where it is
}

TEST_CASE("reset erases the turtle's drawings and its state", "[pen]") {
  Screen screen;
  Turtle t(screen);
  t.shape("square");
  t.color("red");
  t.pensize(5);
  t.penup();
  t.goTo(50, 50);
  t.left(30);
  t.stamp();
  t.reset();
  CHECK(screen.itemCount() == 0);
  CHECK(t.pos() == Vec2D(0, 0));
  CHECK(t.heading() == 0);
  CHECK(t.pencolor() == "black");
  CHECK(t.pensize() == 1);
  CHECK(t.isdown());
  CHECK(t.shape() == "square");  // as in Python, reset keeps the shape
  CHECK(t.undobufferentries() == 0);
}

TEST_CASE("clone makes a second turtle in the same state", "[pen]") {
  Screen screen;
  Turtle t(screen);
  t.goTo(10, 20);
  t.color("red");
  Turtle copy = t.clone();
  CHECK(copy.pos() == Vec2D(10, 20));
  CHECK(copy.pencolor() == "red");
  copy.forward(10);
  CHECK(t.pos() == Vec2D(10, 20));
  CHECK(screen.turtles().size() == 2);
}

TEST_CASE("a moved turtle keeps drawing and the moved-from one says so", "[pen]") {
  Screen screen;
  Turtle t(screen);
  t.forward(10);
  Turtle moved(std::move(t));
  moved.forward(10);
  CHECK(moved.pos() == Vec2D(20, 0));
  CHECK(screen.turtles() == std::vector<Turtle*>{&moved});
  CHECK_THROWS_WITH(t.forward(1),
                    Catch::Contains("moved from"));  // NOLINT(bugprone-use-after-move)
  std::vector<Turtle> many;
  many.emplace_back(screen);
  many.emplace_back(screen);
  many[1].forward(5);
  CHECK(many[1].pos() == Vec2D(5, 0));
}
