// turtledemo/peace.py: "A simple drawing suitable as a beginner's programming example.
// Aside from the peacecolors assignment and the for loop, it only uses turtle commands."
#include "turtledemo.hpp"

namespace turtledemo {

std::string peace(Run& run) {
  turtle::Turtle& t = run.newTurtle();
  const char* peacecolors[] = {"red3",    "orange",     "yellow",     "seagreen4",
                               "orchid4", "royalblue1", "dodgerblue4"};

  t.reset();
  // Screen()
  t.up();
  t.goTo(-320, -195);
  t.width(70);

  for (const char* pcolor : peacecolors) {
    t.color(pcolor);
    t.down();
    t.forward(640);
    t.up();
    t.backward(640);
    t.left(90);
    t.forward(66);
    t.right(90);
  }

  t.width(25);
  t.color("white");
  t.goTo(0, -170);
  t.down();

  t.circle(170);
  t.left(90);
  t.forward(340);
  t.up();
  t.left(180);
  t.forward(170);
  t.right(45);
  t.down();
  t.forward(170);
  t.up();
  t.backward(170);
  t.left(90);
  t.down();
  t.forward(170);
  t.up();

  t.goTo(0, 300);  // vanish if hideturtle() is not available ;-)
  return "Done!";
}

}  // namespace turtledemo
