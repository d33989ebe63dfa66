// Pictures: PNG and SVG bytes, what they show, and that the same drawing gives the same file.
#include <catch2/catch.hpp>
#include <turtle/turtle.hpp>

using turtle::Screen;
using turtle::Turtle;

namespace {

void drawSomething(Screen& screen) {
  screen.bgcolor("blue");
  Turtle t(screen);
  t.shape("square");
  t.color("white");
  t.stamp();
  t.circle(60);
  t.write("hello");
  t.begin_fill();
  t.goTo(50, 50);
  t.goTo(-50, 80);
  t.end_fill();
}

}  // namespace

TEST_CASE("png gives the bytes of a PNG file", "[picture]") {
  Screen screen;
  const std::string png = screen.png();
  REQUIRE(png.size() > 8);
  CHECK(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
}

TEST_CASE("svg gives an SVG document of the screen's size in pixels", "[picture]") {
  Screen screen(300, 200);
  const std::string svg = screen.svg();
  CHECK(svg.rfind("<?xml", 0) == 0);
  CHECK(svg.find("width=\"300px\"") != std::string::npos);
  CHECK(svg.find("height=\"200px\"") != std::string::npos);
  CHECK(svg.find("</svg>") != std::string::npos);
}

TEST_CASE("the same drawing gives the same PNG and SVG bytes", "[picture][deterministic]") {
  Screen first;
  drawSomething(first);
  Screen second;
  drawSomething(second);
  CHECK(first.png() == second.png());
  CHECK(first.svg() == second.svg());
  CHECK(first.svg() == first.svg());
}

TEST_CASE("visible turtles show in pictures but not in colorAt", "[picture]") {
  Screen screen;
  Turtle t(screen);
  t.shape("square");
  t.color("red");
  const std::string withTurtle = screen.png();
  CHECK(screen.colorAt(0, 0) == "white");  // the turtle is not part of the drawing
  t.hideturtle();
  CHECK(screen.png() != withTurtle);
  t.showturtle();
  CHECK(screen.png() == withTurtle);
}

TEST_CASE("any moment of a drawing can be pictured", "[picture]") {
  Screen screen;
  Turtle t(screen);
  t.hideturtle();
  const std::string empty = screen.svg();
  t.forward(100);
  const std::string oneLine = screen.svg();
  CHECK(oneLine != empty);
  t.undo();
  CHECK(screen.svg() == empty);
}
