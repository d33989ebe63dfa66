// topic: a member made with parentheses
#include <turtle/turtle.hpp>

struct Maze {
  turtle::Screen screen;
  turtle::Turtle turtle(screen);
};
