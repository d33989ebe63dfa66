// Step 3: a Maze has a turtle, and it draws on the maze's own screen.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <type_traits>

#include "maze.hpp"

TEST_CASE("a Maze has a turtle that draws on its screen", "[lesson02][step03]") {
  Maze m;
  CHECK(m.turtle.position() == turtle::Vec2D(0, 0));
  CHECK(&m.turtle.getscreen() == &m.screen);
  static_assert(std::is_same_v<decltype(m.turtle), turtle::Turtle>,
                "the maze's turtle is a turtle::Turtle");
  lesson::picture(m.screen);
}
