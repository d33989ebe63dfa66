// turtledemo/yinyang.py: "Another drawing suitable as a beginner's programming example.
// The small circles are drawn by the circle command."
#include "turtledemo.hpp"

namespace turtledemo {
namespace {

void yin(turtle::Turtle& t, double radius, const char* color1, const char* color2) {
  t.width(3);
  t.color("black", color1);
  t.begin_fill();
  t.circle(radius / 2., 180);
  t.circle(radius, 180);
  t.left(180);
  t.circle(-radius / 2., 180);
  t.end_fill();
  t.left(90);
  t.up();
  t.forward(radius * 0.35);
  t.right(90);
  t.down();
  t.color(color1, color2);
  t.begin_fill();
  t.circle(radius * 0.15);
  t.end_fill();
  t.left(90);
  t.up();
  t.backward(radius * 0.35);
  t.down();
  t.left(90);
}

}  // namespace

std::string yinyang(Run& run) {
  turtle::Turtle& t = run.newTurtle();
  t.reset();
  yin(t, 200, "black", "white");
  yin(t, 200, "white", "black");
  t.ht();
  return "Done!";
}

}  // namespace turtledemo
