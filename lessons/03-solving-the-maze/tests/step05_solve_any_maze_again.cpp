// Step 5: solve() finds the way through any maze makeMaze() digs, and finds it again when asked
// again: it first forgets the squares the last way marked.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <vector>

#include "maze.hpp"
#include "the_way.hpp"

TEST_CASE("solve finds the way through made mazes", "[lesson03][step05]") {
  for (int seed = 1; seed <= 5; ++seed) {
    INFO("the maze made with seed " << seed);
    Maze m;
    m.seed(seed);
    m.reset();
    m.makeMaze();
    lesson::checkWay(m, m.solve());
  }
}

TEST_CASE("solving again finds the same way", "[lesson03][step05]") {
  Maze m;
  m.seed(3);
  m.reset();
  m.makeMaze();
  const std::vector<turtle::Vec2D> first = m.solve();
  lesson::checkWay(m, first);
  const std::vector<turtle::Vec2D> second = m.solve();
  CHECK(second == first);
  lesson::checkWay(m, second);
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
