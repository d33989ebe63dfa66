// Step 4: braid() picks its dead ends and their walls at random, from the maze's seed: the same
// seed braids the same walls again, another seed braids others.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>

#include "maze.hpp"
#include "mazes.hpp"

TEST_CASE("the same seed braids the same walls and another seed others", "[lesson07][step04]") {
  Maze a;
  Maze b;
  Maze c;
  for (Maze* m : {&a, &b, &c}) lesson07::makeSeededMaze(*m, 6);
  REQUIRE(a.matrix == b.matrix);  // three copies of one maze
  REQUIRE(a.matrix == c.matrix);
  a.seed(1);
  b.seed(1);
  c.seed(2);
  a.braid(0.5);
  b.braid(0.5);
  c.braid(0.5);
  CHECK(a.matrix == b.matrix);  // the same seed: the same walls
  CHECK(a.matrix != c.matrix);  // another seed: other walls
  c.turtle.hideturtle();
  lesson::picture(c.screen);
}
