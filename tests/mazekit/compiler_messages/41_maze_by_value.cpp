// topic: a Maze (a class that holds a Turtle) passed by value
#include <turtle/screen.hpp>
#include <turtle/turtle.hpp>

class Maze {
 public:
  Maze() : turtle(screen) {}
  turtle::Screen screen;
  turtle::Turtle turtle;
};

int countWalls(Maze maze) { return maze.screen.width() > 0 ? 1 : 0; }

int run() {
  Maze maze;
  return countWalls(maze);
}
