// Step 2: before changing how makeMaze() works, keep the way it works now under another name,
// makeMazeRecursive(): what it digs is what the new makeMaze() must dig too.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"
#include "maze_checks.hpp"

TEST_CASE("makeMazeRecursive digs the same mazes as makeMaze", "[lesson05][step02]") {
  for (int size : {4, 10, 20, 30}) {
    for (int seed = 1; seed <= 5; ++seed) {
      INFO("size " << size << ", seed " << seed);
      Maze a(size);
      Maze b(size);
      a.seed(seed);
      b.seed(seed);
      a.reset();
      b.reset();
      a.makeMaze();
      b.makeMazeRecursive();
      CHECK(b.matrix == a.matrix);
      lesson::checkMadeMaze(b);
    }
  }
  Maze m(40);
  m.seed(2);
  m.reset();
  m.makeMazeRecursive();
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}
