// Step 2: solve() finds the way from the top-left square to the END, marks it VISITED and
// returns its squares in order, start and END included. First in the simplest maze of all: one
// corridor.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <vector>

#include "maze.hpp"
#include "the_way.hpp"

TEST_CASE("solve follows a corridor from the start to the END", "[lesson03][step02]") {
  Maze m;
  m.reset();
  for (int i = 0; i < 4; ++i) m.dig(EAST);
  m.dig(SOUTH);
  m.dig(SOUTH);
  m.setMatrixValueAt(lesson::squareAt(2, 4), END);  // the corridor turns down to the END

  const std::vector<turtle::Vec2D> way = m.solve();
  const std::vector<turtle::Vec2D> expected = {lesson::squareAt(0, 0), lesson::squareAt(0, 1),
                                               lesson::squareAt(0, 2), lesson::squareAt(0, 3),
                                               lesson::squareAt(0, 4), lesson::squareAt(1, 4),
                                               lesson::squareAt(2, 4)};
  CHECK(way == expected);
  lesson::checkWay(m, way);
  CHECK(m.screen.colorAt(lesson::squareAt(2, 4)) == "yellow");  // the END stays END
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
