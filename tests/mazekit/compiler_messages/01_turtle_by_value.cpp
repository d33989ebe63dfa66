// topic: a Turtle or Screen passed by value
#include <turtle/turtle.hpp>

void draw(turtle::Turtle t) { t.forward(10); }

void run(turtle::Screen& screen) {
  turtle::Turtle t(screen);
  draw(t);
}
