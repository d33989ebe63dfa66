// turtledemo/round_dance.py: "Dancing turtles have a compound shape consisting of a series
// of triangles of decreasing size. Turtles march along a circle while rotating pairwise in
// opposite direction, with one exception. Does that breaking of symmetry enhance the
// attractiveness of the example? Press any key to stop the animation. Technically:
// demonstrates use of compound shapes, transformation of shapes as well as cloning
// turtles. The animation is controlled through update()."
//
// Nobody presses a key here: the dance stops after `frames` frames.
#include <vector>

#include "turtledemo.hpp"

namespace turtledemo {

std::string round_dance(Run& run, int frames) {
  turtle::Screen& screen = run.screen;
  turtle::Turtle& t = run.newTurtle();
  bool running = false;
  const auto stop = [&running] { running = false; };

  screen.clearscreen();
  screen.bgcolor("gray10");
  screen.tracer(false);
  t.shape("triangle");
  const double f = 0.793402;
  const double phi = 9.064678;
  double s = 5;
  double c = 1;
  // create compound shape
  turtle::Shape sh("compound");
  for (int i = 0; i < 10; ++i) {
    t.shapesize(s);
    const std::vector<turtle::Vec2D> p = t.get_shapepoly();
    s *= f;
    c *= f;
    t.tilt(-phi);
    sh.addcomponent(p, {c, 0.25, 1 - c}, "black");
  }
  screen.register_shape("multitri", sh);
  // create dancers
  t.shapesize(1);
  t.shape("multitri");
  t.pu();
  t.setpos(0, -200);
  std::vector<turtle::Turtle*> dancers;
  for (int i = 0; i < 180; ++i) {
    t.fd(7);
    t.tilt(-4);
    t.lt(2);
    screen.update();
    if (i % 12 == 0) {
      dancers.push_back(&run.turtles.emplace_back(t.clone()));
    }
  }
  t.home();
  // dance
  running = true;
  screen.onkeypress(stop);
  screen.listen();
  double cs = 1;
  for (int frame = 0; running && frame < frames; ++frame) {  // Python: while running:
    double ta = -4;
    for (turtle::Turtle* dancer : dancers) {
      dancer->fd(7);
      dancer->lt(2);
      dancer->tilt(ta);
      ta = ta > 0 ? -4 : 2;
    }
    if (cs < 180) {
      t.right(4);
      t.shapesize(cs);
      cs *= 1.005;
    }
    screen.update();
  }
  return "DONE!";
}

}  // namespace turtledemo
