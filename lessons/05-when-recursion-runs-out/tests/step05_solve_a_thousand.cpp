// Step 5 (refactor): solve() finds the way through a 1000 by 1000 maze on a 1 MiB stack: its
// recursive search runs out of stack too. Rewrite it with a stack of your own; the way it finds
// must stay the way it found, which the [keeps] test checks before and after.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <string>
#include <vector>

#include "maze.hpp"
#include "maze_checks.hpp"
#include "small_stack.hpp"

TEST_CASE("solve finds the way through a 1000 by 1000 maze on a 1 MiB stack",
          "[lesson05][step05]") {
  const lesson::StackRun run = lesson::runOnStackOf(1024 * 1024, [] {
    Maze m(1000);
    m.seed(1);
    m.reset();
    m.makeMaze();
    const std::string wrong = lesson::wrongWithWay(m, m.solve());
    return wrong.empty() ? std::string("the way is right") : wrong;
  });
  if (run.overflowed) {
    FAIL("stack overflow: solve() was " << run.depth
                                        << " calls deep when it ran out of its 1 MiB stack");
  }
  INFO("solve() " << run.said);
  CHECK_FALSE(run.crashed);
  CHECK(run.said == "the way is right");
}

TEST_CASE("solve finds the way through mazes of any size, as it did", "[lesson05][step05][keeps]") {
  for (int size : {4, 10, 40, 100}) {
    for (int seed = 1; seed <= 3; ++seed) {
      INFO("size " << size << ", seed " << seed);
      Maze m(size);
      m.seed(seed);
      m.reset();
      m.makeMaze();
      const std::vector<turtle::Vec2D> way = m.solve();
      lesson::checkWayThrough(m, way);
      CHECK(m.solve() == way);  // and again
    }
  }
  Maze m(40);
  m.seed(2);
  m.reset();
  m.makeMaze();
  m.solve();
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
