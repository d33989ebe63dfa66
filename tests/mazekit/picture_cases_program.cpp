// A step program whose test cases fail in each of the ways a student's do, for the harness's
// pictures (student_test.cpp, "each failed test case reports its own picture..."): run with
// -r mazekit, its report must carry a picture for each failed test case.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <stdexcept>

#include <turtle/turtle.hpp>

TEST_CASE("a check that stops the test after the screen turned blue") {
  turtle::Screen screen;
  screen.bgcolor("blue");
  REQUIRE(screen.bgcolor() == "red");
  lesson::picture(screen);  // never reached
}

TEST_CASE("an exception that stops the test after the screen turned green") {
  turtle::Screen screen;
  screen.bgcolor("green");
  screen.bgcolor("bleu");  // throws: unknown colour
  lesson::picture(screen);
}

TEST_CASE("a test that passes and draws yellow") {
  turtle::Screen screen;
  screen.bgcolor("yellow");
  CHECK(screen.bgcolor() == "yellow");
  lesson::picture(screen);
}

TEST_CASE("a check that fails and the test goes on to draw its own picture") {
  turtle::Screen screen;
  screen.bgcolor("orange");
  CHECK(screen.bgcolor() == "purple");
  turtle::Screen other;  // closed first at the end: the picture the test drew is the one
  other.bgcolor("black");
  lesson::picture(screen);
}
