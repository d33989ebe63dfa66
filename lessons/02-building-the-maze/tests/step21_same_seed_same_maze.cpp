// Step 21: seed(n) makes makeMaze() repeatable: two mazes seeded alike are the same maze, on
// every machine, and another seed gives another maze.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"

TEST_CASE("the same seed makes the same maze, another seed another", "[lesson02][step21]") {
  Maze a;
  Maze b;
  Maze c;
  a.seed(7);
  b.seed(7);
  c.seed(8);
  for (Maze* m : {&a, &b, &c}) {
    m->reset();
    m->makeMaze();
  }
  CHECK(a.matrix == b.matrix);
  CHECK(a.matrix != c.matrix);
  a.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(a.screen);
}
