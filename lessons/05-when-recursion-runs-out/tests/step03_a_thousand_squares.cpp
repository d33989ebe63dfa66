// Step 3 (refactor): makeMaze() makes a 1000 by 1000 maze on a 1 MiB stack. The recursive
// makeMaze() runs out of stack long before: rewrite it with a stack of your own, a
// std::vector, and keep what it digs the same. The tests tagged [keeps] pass before this step
// and must pass after it: they are what make the change safe.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <string>

#include "maze.hpp"
#include "maze_checks.hpp"
#include "small_stack.hpp"

namespace {

constexpr std::size_t oneMiB = 1024 * 1024;

// Makes a maze on a 1 MiB stack, with makeMaze() or makeMazeRecursive().
lesson::StackRun makeOnSmallStack(int size, bool recursive) {
  return lesson::runOnStackOf(oneMiB, [size, recursive] {
    Maze m(size);
    m.seed(1);
    m.reset();
    if (recursive) {
      m.makeMazeRecursive();
    } else {
      m.makeMaze();
    }
    return lesson::describeMadeMaze(m);
  });
}

}  // namespace

TEST_CASE("makeMaze makes a 1000 by 1000 maze on a 1 MiB stack", "[lesson05][step03]") {
  const lesson::StackRun run = makeOnSmallStack(1000, false);
  if (run.overflowed) {
    FAIL("stack overflow: makeMaze() was " << run.depth
                                           << " calls deep when it ran out of its 1 MiB stack");
  }
  INFO("makeMaze() " << run.said);
  CHECK_FALSE(run.crashed);
  CHECK(run.said == lesson::madeMazeOfSize(1000));
}

TEST_CASE("makeMaze digs the same mazes as makeMazeRecursive, big ones too",
          "[lesson05][step03][keeps]") {
  for (int size : {50, 100, 200}) {
    for (int seed = 1; seed <= 3; ++seed) {
      INFO("size " << size << ", seed " << seed);
      // Named for what dug them, so that a failure says which maze is which.
      Maze byMakeMaze(size);
      Maze byMakeMazeRecursive(size);
      byMakeMaze.seed(seed);
      byMakeMazeRecursive.seed(seed);
      byMakeMaze.reset();
      byMakeMazeRecursive.reset();
      byMakeMaze.makeMaze();
      byMakeMazeRecursive.makeMazeRecursive();
      CHECK(byMakeMaze.matrix == byMakeMazeRecursive.matrix);
      CHECK(byMakeMaze.turtle.position() == byMakeMazeRecursive.turtle.position());
    }
  }
  Maze m(40);
  m.seed(2);
  m.reset();
  m.makeMaze();
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}

TEST_CASE("makeMazeRecursive still calls itself: it runs out of the 1 MiB stack",
          "[lesson05][step03][keeps]") {
  const lesson::StackRun run = makeOnSmallStack(1000, true);
  INFO("makeMazeRecursive() " << run.said);
  CHECK(run.overflowed);
}
