// turtledemo/rosette.py: "This example is inspired by the Wikipedia article on turtle
// graphics. First we create (ne-1) (i.e. 35 in this example) copies of our first turtle p.
// Then we let them perform their steps in parallel. Followed by a complete undo()."
#include <cmath>

#include "turtledemo.hpp"

namespace turtledemo {
namespace {

void mn_eck(Run& run, turtle::Turtle* p, int ne, double sz) {
  std::vector<turtle::Turtle*> turtlelist = {p};
  // create ne-1 additional turtles
  for (int i = 1; i < ne; ++i) {
    turtle::Turtle* q = &run.turtles.emplace_back(p->clone());
    q->rt(360.0 / ne);
    turtlelist.push_back(q);
    p = q;
  }
  for (int i = 0; i < ne; ++i) {
    const double c = std::fabs(ne / 2.0 - i) / (ne * .7);
    // let those ne turtles make a step
    // in parallel:
    for (turtle::Turtle* t : turtlelist) {
      t->rt(360. / ne);
      t->pencolor(1 - c, 0, c);
      t->fd(sz);
    }
  }
}

}  // namespace

std::string rosette(Run& run) {
  turtle::Screen& s = run.screen;
  s.bgcolor("black");
  turtle::Turtle& p = run.newTurtle();
  p.speed(0);
  p.hideturtle();
  p.pencolor("red");
  p.pensize(3);
  s.tracer(36, 0);
  mn_eck(run, &p, 36, 19);
  run.sleep(1);
  const auto any_entries = [&s] {
    for (turtle::Turtle* t : s.turtles()) {
      if (t->undobufferentries() > 0) return true;
    }
    return false;
  };
  while (any_entries()) {
    for (turtle::Turtle* t : s.turtles()) {
      t->undo();
    }
  }
  return "Done!";  // Python's says how long it took
}

}  // namespace turtledemo
