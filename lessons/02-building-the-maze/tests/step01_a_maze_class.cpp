// Step 1: there is a class called Maze, and a Maze can be made without any arguments.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <type_traits>

#include "maze.hpp"

TEST_CASE("a Maze can be made", "[lesson02][step01]") {
  Maze m;
  (void)m;  // nothing to ask it yet but that it can be made, with no arguments
  STATIC_REQUIRE(std::is_default_constructible<Maze>::value);
  turtle::Screen screen;  // the maze draws nothing yet: an empty screen
  lesson::picture(screen);
}
