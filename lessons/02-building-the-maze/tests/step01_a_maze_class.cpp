// Step 1: there is a class called Maze, and a Maze can be made without any arguments.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("a Maze can be made", "[lesson02][step01]") {
  Maze m;
  (void)m;  // nothing to ask it yet: that it compiles is the test
  SUCCEED("there is a Maze class");
  turtle::Screen screen;  // the maze draws nothing yet: an empty screen
  lesson::picture(screen);
}
