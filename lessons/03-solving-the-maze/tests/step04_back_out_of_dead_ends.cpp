// Step 4: solve() backs out of dead ends: a square from which the search finds no way on is not
// on the way after all, so it is no longer marked VISITED. When the END cannot be reached at
// all, solve() returns no way and leaves the maze as it was.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <vector>

#include "maze.hpp"
#include "the_way.hpp"

TEST_CASE("solve backs out of a dead end and finds the way past it", "[lesson03][step04]") {
  Maze m;
  m.reset();
  m.dig(SOUTH);
  m.dig(SOUTH);  // a dead end below the start, which the search tries first
  m.turtle.goTo(-190, 190);
  for (int i = 0; i < 4; ++i) m.dig(EAST);
  m.setMatrixValueAt(lesson::squareAt(0, 4), END);

  const std::vector<turtle::Vec2D> way = m.solve();
  lesson::checkWay(m, way);
  CHECK(way.size() == 5);
  CHECK(m.matrix[1][0] == EMPTY);  // the dead end is open, but not on the way
  CHECK(m.matrix[2][0] == EMPTY);
  CHECK(m.screen.colorAt(-190, 150) == "white");
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}

TEST_CASE("solve finds no way to an END that cannot be reached", "[lesson03][step04]") {
  Maze m;
  m.reset();
  m.dig(EAST);
  m.dig(EAST);
  m.setMatrixValueAt(lesson::squareAt(4, 4), END);  // walled in
  const auto before = m.matrix;

  CHECK(m.solve().empty());
  CHECK(m.matrix == before);
  CHECK(m.screen.colorAt(-190, 190) == "white");
}
