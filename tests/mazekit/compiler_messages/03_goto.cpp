// topic: t.goto(...)
#include <turtle/turtle.hpp>

void run(turtle::Turtle& t) { t.goto(100, 50); }
