// Stamps: the 20×20 square the maze is drawn with, pixel for pixel, and the stamp list.
#include <catch2/catch.hpp>
#include <turtle/turtle.hpp>

#include <algorithm>
#include <utility>

#include "pixels.hpp"

using kit_test::pixel;
using turtle::Screen;
using turtle::Turtle;
using turtle::Vec2D;

namespace {

Turtle squareTurtle(Screen& screen) {
  Turtle t(screen);
  t.penup();
  t.shape("square");
  return t;
}

}  // namespace

// Tk centres an outline on the edge; a 1 px outline has no half pixel to put on each side,
// and Tk puts it outside on the right and bottom: 21 by 21 pixels, the next square covering
// the last column and row.
TEST_CASE("a square stamp covers 20 by 20 pixels and its outline's last pixel, as in Tk",
          "[stamp]") {
  Screen screen;
  screen.bgcolor("blue");
  Turtle t = squareTurtle(screen);
  t.goTo(-190, 190);
  t.color("white");
  t.stamp();
  t.hideturtle();
  for (int row = 0; row <= 20; ++row) {
    for (int column = 0; column <= 20; ++column) {
      INFO("pixel (" << column << ", " << row << ")");
      REQUIRE(pixel(screen, column, row).hex() == "#ffffff");
    }
  }
  for (int i = 0; i <= 21; ++i) {
    INFO("i = " << i);
    REQUIRE(pixel(screen, 21, i).hex() == "#0000ff");  // the column right of it
    REQUIRE(pixel(screen, i, 21).hex() == "#0000ff");  // the row below it
  }
}

TEST_CASE("the 400x400 screen holds the maze's 20x20 grid with no seams", "[stamp]") {
  Screen screen;
  screen.bgcolor("blue");
  Turtle t = squareTurtle(screen);
  // A checkerboard: any blur at a square's edge would show as a mixed colour.
  for (int j = 0; j < 20; ++j) {
    for (int i = 0; i < 20; ++i) {
      t.goTo(-190 + 20 * i, 190 - 20 * j);
      t.color((i + j) % 2 == 0 ? "white" : "yellow");
      t.stamp();
    }
  }
  t.hideturtle();
  int wrong = 0;
  for (int row = 0; row < 400; ++row) {
    for (int column = 0; column < 400; ++column) {
      const bool white = (column / 20 + row / 20) % 2 == 0;
      if (pixel(screen, column, row).hex() != (white ? "#ffffff" : "#ffff00")) ++wrong;
    }
  }
  CHECK(wrong == 0);
  CHECK(screen.stamps().size() == 400);
}

TEST_CASE("a stamp lands on whole pixels wherever the turtle is", "[stamp]") {
  Screen screen;
  screen.bgcolor("blue");
  Turtle t = squareTurtle(screen);
  t.color("white");
  t.goTo(-189.7, 190.2);  // rounds to the centre (-190, 190)
  t.stamp();
  CHECK(pixel(screen, 0, 0).hex() == "#ffffff");
  CHECK(pixel(screen, 20, 20).hex() == "#ffffff");
  CHECK(pixel(screen, 21, 10).hex() == "#0000ff");
  CHECK(pixel(screen, 10, 21).hex() == "#0000ff");
  // The stamp list keeps the exact position the turtle had.
  CHECK(screen.stamps().at(0).position == Vec2D(-189.7, 190.2));
}

TEST_CASE("shapesize stretches the stamp", "[stamp]") {
  Screen screen;
  Turtle t = squareTurtle(screen);
  t.color("red");
  t.shapesize(2);
  t.stamp();
  t.hideturtle();
  CHECK(pixel(screen, 180, 180) == "red");  // (-20, 20) in turtle coordinates
  CHECK(pixel(screen, 220, 220) == "red");  // and the outline's last pixel
  CHECK(pixel(screen, 221, 200) == "white");
  CHECK(pixel(screen, 179, 200) == "white");
}

TEST_CASE("the outline is drawn on the stamp's edge in the pen colour, as Tk draws it", "[stamp]") {
  Screen screen;
  Turtle t = squareTurtle(screen);
  t.color("red", "yellow");
  t.shapesize(1, 1, 2);
  t.stamp();
  t.hideturtle();
  CHECK(pixel(screen, 189, 189) == "red");  // top-left corner, a pixel outside the square
  CHECK(pixel(screen, 189, 200) == "red");  // two pixels of outline across the edge
  CHECK(pixel(screen, 190, 200) == "red");
  CHECK(pixel(screen, 191, 200) == "yellow");
  CHECK(pixel(screen, 200, 200) == "yellow");
  CHECK(pixel(screen, 209, 200) == "red");
  CHECK(pixel(screen, 210, 200) == "red");
  CHECK(pixel(screen, 188, 200) == "white");  // nothing further out
  CHECK(pixel(screen, 211, 200) == "white");
}

TEST_CASE("a stamp turns with the turtle's heading", "[stamp]") {
  Screen screen;
  Turtle t(screen);
  t.penup();
  t.shape("triangle");
  t.color("red");
  t.setheading(0);  // the triangle's point faces east
  t.stamp();
  t.hideturtle();
  CHECK(screen.colorAt(5, 0) == "red");
  CHECK(screen.colorAt(-10, 0) == "white");  // behind it, the flat base is at -5.77
  t.clearstamps();
  t.setheading(90);  // now north
  t.stamp();
  CHECK(screen.colorAt(0, 5) == "red");
  CHECK(screen.colorAt(0, -10) == "white");
}

TEST_CASE("every standard shape can be stamped and blank leaves nothing", "[stamp]") {
  Screen screen;
  Turtle t(screen);
  t.penup();
  t.color("red");
  for (const char* name : {"square", "classic", "arrow", "circle", "triangle", "turtle"}) {
    t.clear();
    t.shape(name);
    t.shapesize(3);
    t.stamp();
    int red = 0;
    for (int x = -30; x < 30; ++x) {
      for (int y = -30; y < 30; ++y) red += screen.colorAt(x, y) == "red" ? 1 : 0;
    }
    INFO(name);
    CHECK(red > 100);
  }
  t.clear();
  t.shape("blank");
  t.stamp();
  CHECK(screen.colorAt(0, 0) == "white");
  CHECK(screen.stamps().size() == 1);
}

TEST_CASE("stamp returns increasing ids and the screen lists each stamp", "[stamp]") {
  Screen screen;
  Turtle t = squareTurtle(screen);
  t.color("white", "yellow");
  t.goTo(-190, 190);
  const int first = t.stamp();
  t.goTo(-170, 190);
  t.left(90);
  const int second = t.stamp();
  CHECK(second > first);
  const auto stamps = screen.stamps();
  REQUIRE(stamps.size() == 2);
  CHECK(stamps[0].id == first);
  CHECK(stamps[0].position == Vec2D(-190, 190));
  CHECK(stamps[0].shape == "square");
  CHECK(stamps[0].pencolor == "white");
  CHECK(stamps[0].fillcolor == "yellow");
  CHECK(stamps[0].heading == 0);
  CHECK(stamps[1].position == Vec2D(-170, 190));
  CHECK(stamps[1].heading == 90);
}

TEST_CASE("clearstamp removes one stamp and refuses an unknown id", "[stamp]") {
  Screen screen;
  Turtle t = squareTurtle(screen);
  const int a = t.stamp();
  t.forward(20);
  const int b = t.stamp();
  t.clearstamp(a);
  REQUIRE(screen.stamps().size() == 1);
  CHECK(screen.stamps()[0].id == b);
  CHECK_THROWS_WITH(t.clearstamp(a), "no stamp " + std::to_string(a) +
                                         " made by this turtle to clear (its stamps are " +
                                         std::to_string(b) + ")");
  Turtle other(screen);
  CHECK_THROWS_AS(other.clearstamp(b), std::invalid_argument);  // not other's stamp
}

TEST_CASE("clearstamps removes all, the first n or the last n", "[stamp]") {
  Screen screen;
  Turtle t = squareTurtle(screen);
  std::vector<int> ids;
  for (int i = 0; i < 6; ++i) {
    t.goTo(-190 + 20 * i, 0);
    ids.push_back(t.stamp());
  }
  t.clearstamps(2);
  CHECK(screen.stamps().front().id == ids[2]);
  t.clearstamps(-2);
  CHECK(screen.stamps().back().id == ids[3]);
  CHECK(screen.stamps().size() == 2);
  t.clearstamps(0);
  CHECK(screen.stamps().size() == 2);
  t.clearstamps();
  CHECK(screen.stamps().empty());
}

namespace {
// The smallest box holding every pixel that is not white: (width, height).
std::pair<int, int> inkedBox(const Screen& screen) {
  int left = screen.width();
  int right = -1;
  int top = screen.height();
  int bottom = -1;
  for (int row = 0; row < screen.height(); ++row) {
    for (int column = 0; column < screen.width(); ++column) {
      if (pixel(screen, column, row) == "white") continue;
      left = std::min(left, column);
      right = std::max(right, column);
      top = std::min(top, row);
      bottom = std::max(bottom, row);
    }
  }
  return {right - left + 1, bottom - top + 1};
}
}  // namespace

TEST_CASE("an outline of odd width has its odd pixel outside on the right and bottom, as in Tk",
          "[stamp]") {
  Screen screen;
  Turtle t = squareTurtle(screen);
  t.color("red", "yellow");
  t.shapesize(1, 1, 3);
  t.stamp();
  t.hideturtle();
  // The square's edges are on pixel edges 190 and 210 in both directions.
  CHECK(pixel(screen, 188, 200) == "white");  // left: one pixel outside, two inside
  CHECK(pixel(screen, 189, 200) == "red");
  CHECK(pixel(screen, 191, 200) == "red");
  CHECK(pixel(screen, 192, 200) == "yellow");
  CHECK(pixel(screen, 208, 200) == "yellow");  // right: one pixel inside, two outside
  CHECK(pixel(screen, 209, 200) == "red");
  CHECK(pixel(screen, 211, 200) == "red");
  CHECK(pixel(screen, 212, 200) == "white");
  CHECK(pixel(screen, 200, 188) == "white");  // top as the left, bottom as the right
  CHECK(pixel(screen, 200, 189) == "red");
  CHECK(pixel(screen, 200, 208) == "yellow");
  CHECK(pixel(screen, 200, 211) == "red");
  CHECK(pixel(screen, 200, 212) == "white");
}

TEST_CASE("Python's square stamp with its 1 px outline covers 21 by 21 pixels, as in Tk",
          "[stamp]") {
  for (const char* fill : {"red", "yellow"}) {  // one rectangle, or a fill and an outline
    Screen screen;
    Turtle t = squareTurtle(screen);
    t.color("red", fill);
    t.stamp();
    t.hideturtle();
    CHECK(inkedBox(screen) == std::make_pair(21, 21));
    CHECK(pixel(screen, 190, 190) == "red");
    CHECK(pixel(screen, 210, 210) == "red");
    CHECK(pixel(screen, 189, 200) == "white");
    CHECK(pixel(screen, 211, 200) == "white");
  }
}

TEST_CASE("a stamped disc with a 2 px outline covers 32 by 32 pixels, as in Tk", "[stamp]") {
  Screen screen;
  Turtle t(screen);
  t.hideturtle();
  t.shape("circle");
  t.shapesize(1.5, 1.5, 2);  // a 30 px disc
  t.color("red", "yellow");
  t.stamp();
  CHECK(inkedBox(screen) == std::make_pair(32, 32));
  CHECK(pixel(screen, 200, 200) == "yellow");
  // The outline's outer pixel, left of the disc (its edge a little smoothed).
  CHECK(pixel(screen, 184, 200).green() < 32);
  CHECK(pixel(screen, 184, 200).red() == 255);
}

TEST_CASE("a dot of odd size is placed as a line of that width is", "[stamp][dot]") {
  Screen screen;
  Turtle t(screen);
  t.hideturtle();
  t.dot(5);  // Python's dot: a line of no length, 5 px wide, with round ends
  CHECK(inkedBox(screen) == std::make_pair(5, 5));
  CHECK(pixel(screen, 200, 200) == "black");  // centred on (200.5, 200.5), as the line
  CHECK(pixel(screen, 202, 200).red() < 32);
  CHECK(pixel(screen, 200, 202).red() < 32);
  CHECK(pixel(screen, 198, 200).red() < 32);
}
