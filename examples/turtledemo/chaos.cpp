// turtledemo/chaos.py (Gregor Lingl, 2009): a demonstration of chaos. Three ways of writing
// the same function, 3.9 x (1 - x), give three different orbits after a few dozen steps.
#include "turtledemo.hpp"

namespace turtledemo {
namespace {

const int N = 80;

double f(double x) { return 3.9 * x * (1 - x); }

double g(double x) { return 3.9 * (x - x * x); }  // Python: x**2, the same product

double h(double x) { return 3.9 * x - 3.9 * x * x; }

void jumpto(turtle::Turtle& t, double x, double y) {
  t.penup();
  t.goTo(x, y);
}

void line(turtle::Turtle& t, double x1, double y1, double x2, double y2) {
  jumpto(t, x1, y1);
  t.pendown();
  t.goTo(x2, y2);
}

void coosys(turtle::Turtle& t) {
  line(t, -1, 0, N + 1, 0);
  line(t, 0, -0.1, 0, 1.1);
}

void plot(turtle::Turtle& t, double (*fun)(double), double start, const char* color) {
  t.pencolor(color);
  double x = start;
  jumpto(t, 0, x);
  t.pendown();
  t.dot(5);
  for (int i = 0; i < N; ++i) {
    x = fun(x);
    t.goTo(i + 1, x);
    t.dot(5);
  }
}

}  // namespace

std::string chaos(Run& run) {
  turtle::Screen& screen = run.screen;
  turtle::Turtle& t = run.newTurtle();
  t.reset();
  screen.setworldcoordinates(-1.0, -0.1, N + 1, 1.1);
  t.speed(0);
  t.hideturtle();
  coosys(t);
  plot(t, f, 0.35, "blue");
  plot(t, g, 0.35, "green");
  plot(t, h, 0.35, "red");
  // Now zoom in:
  for (int s = 0; s < 100; ++s) {
    screen.setworldcoordinates(0.5 * s, -0.1, N + 1, 1.1);
  }
  return "Done!";
}

}  // namespace turtledemo
