// The text log of a drawing: readable, stable, and what golden files are made of.
#include <catch2/catch.hpp>
#include <turtle/turtle.hpp>

#include <fstream>
#include <sstream>

using turtle::Screen;
using turtle::Turtle;

TEST_CASE("the log lists every item in words", "[log]") {
  Screen screen;
  screen.bgcolor("blue");
  Turtle t(screen);
  t.forward(20);
  t.penup();
  t.goTo(-190, 190);
  t.shape("square");
  t.color("white");
  t.stamp();
  t.dot(8, "red");
  t.write("Go", "center", 12);
  CHECK(screen.drawingLog() ==
        "screen 400x400 bgcolor blue\n"
        "line (0,0) -> (20,0) width 1 color black\n"
        "stamp 2 square at (-190,190) heading 0 pen white fill white\n"
        "dot at (-190,190) size 8 color red\n"
        "text \"Go\" at (-190,190) align center font \"Arial\" 12 normal color white\n");
}

TEST_CASE("the log rounds to two decimals and never says -0", "[log]") {
  Screen screen;
  Turtle t(screen);
  t.left(90);
  t.forward(100);  // ends at (6e-15, 100)
  t.left(90);
  t.forward(1.23456);
  CHECK(screen.drawingLog() ==
        "screen 400x400 bgcolor white\n"
        "line (0,0) -> (0,100) width 1 color black\n"
        "line (0,100) -> (-1.23,100) width 1 color black\n");
}

TEST_CASE("the log shows fills, stretched stamps and quoted text", "[log]") {
  Screen screen;
  Turtle t(screen);
  t.penup();
  t.fillcolor("yellow");
  t.begin_fill();
  t.goTo(10, 0);
  t.goTo(10, 10);
  t.end_fill();
  t.shape("turtle");
  t.shapesize(2, 3, 1.5);
  t.setheading(45);
  t.stamp();
  t.write("say \"hi\"");
  CHECK(screen.drawingLog() ==
        "screen 400x400 bgcolor white\n"
        "fill yellow polygon (0,0) (10,0) (10,10)\n"
        "stamp 2 turtle at (10,10) heading 45 size 2x3 outline 1.5 pen black fill yellow\n"
        "text \"say \\\"hi\\\"\" at (10,10) align left font \"Arial\" 8 normal color black\n");
}

TEST_CASE("the log of the maze's top row matches its golden file", "[log][golden]") {
  Screen screen;
  screen.bgcolor("blue");
  Turtle t(screen);
  t.penup();
  t.shape("square");
  t.color("white");
  for (int x = -190; x < 210; x += 20) {
    t.goTo(x, 190);
    t.stamp();
  }
  std::ifstream golden(KIT_TEST_GOLDEN_DIR "/top_row.log");
  REQUIRE(golden.good());
  std::stringstream expected;
  expected << golden.rdbuf();
  CHECK(screen.drawingLog() == expected.str());
}

TEST_CASE("the full-precision log tells apart what two decimals hide", "[log]") {
  Screen screen;
  screen.setworldcoordinates(0, 0, 1.2, 1.2);  // 400 px over 1.2 units: 0.01 is 3.3 px
  Turtle t(screen);
  t.goTo(0.123456789, 0.5);
  t.stamp();
  t.dot(5);
  CHECK(screen.drawingLog() ==
        "screen 400x400 bgcolor white world (0,0) (1.2,1.2)\n"
        "line (0,0) -> (0.12,0.5) width 1 color black\n"
        "stamp 2 classic at (0.12,0.5) heading 0 pen black fill black\n"
        "dot at (0.12,0.5) size 5 color black\n");
  // Numbers as Python's repr() writes them: read back, each is the very same double.
  CHECK(screen.drawingLog(turtle::LogPrecision::full) ==
        "screen 400x400 bgcolor white world (0.0,0.0) (1.2,1.2)\n"
        "line (0.0,0.0) -> (0.123456789,0.5) width 1.0 color black\n"
        "stamp 2 classic at (0.123456789,0.5) heading 0.0 pen black fill black\n"
        "dot at (0.123456789,0.5) size 5.0 color black\n");
}
