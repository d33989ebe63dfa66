// A wrong test beside a good one: it expects the dead end to stay VISITED, which a correct
// maze does not do. A test that fails on correct code proves nothing, so no chaff counts.
#include <catch2/catch.hpp>

#include "maze.hpp"

TEST_CASE("the dead end stays visited") {
  Maze m;
  m.reset();
  m.dig(SOUTH);
  m.turtle.goTo(-190, 190);
  m.dig(EAST);
  m.setMatrixValueAt(turtle::Vec2D(-150, 190), END);
  m.solve();
  CHECK(m.matrix[1][0] == VISITED);
}

TEST_CASE("the way ends on the END") {
  Maze m;
  m.reset();
  m.dig(EAST);
  m.setMatrixValueAt(turtle::Vec2D(-150, 190), END);
  const auto way = m.solve();
  REQUIRE(!way.empty());
  CHECK(way.back() == turtle::Vec2D(-150, 190));
}
