// turtledemo/bytedesign.py: "An example adapted from the example-suite of PythonCard's
// turtle graphics. It's based on an article in BYTE magazine, Problem Solving with Logo:
// Using Turtle Graphics to Redraw a Design, November 1982, p. 118 - 134."
#include "turtledemo.hpp"

namespace turtledemo {
namespace {

// Python's Designer is a Turtle subclass; here it holds its turtle and calls it `self`.
class Designer {
 public:
  turtle::Turtle& self;

  void design(turtle::Vec2D homePos, double scale) {
    self.up();
    for (int i = 0; i < 5; ++i) {
      self.forward(64.65 * scale);
      self.down();
      wheel(self.position(), scale);
      self.up();
      self.backward(64.65 * scale);
      self.right(72);
    }
    self.up();
    self.goTo(homePos);
    self.right(36);
    self.forward(24.5 * scale);
    self.right(198);
    self.down();
    centerpiece(46 * scale, 143.4, scale);
    self.getscreen().tracer(true);
  }

  void wheel(turtle::Vec2D initpos, double scale) {
    self.right(54);
    for (int i = 0; i < 4; ++i) {
      pentpiece(initpos, scale);
    }
    self.down();
    self.left(36);
    for (int i = 0; i < 5; ++i) {
      tripiece(initpos, scale);
    }
    self.left(36);
    for (int i = 0; i < 5; ++i) {
      self.down();
      self.right(72);
      self.forward(28 * scale);
      self.up();
      self.backward(28 * scale);
    }
    self.left(54);
    self.getscreen().update();
  }

  void tripiece(turtle::Vec2D initpos, double scale) {
    const double oldh = self.heading();
    self.down();
    self.backward(2.5 * scale);
    tripolyr(31.5 * scale, scale);
    self.up();
    self.goTo(initpos);
    self.setheading(oldh);
    self.down();
    self.backward(2.5 * scale);
    tripolyl(31.5 * scale, scale);
    self.up();
    self.goTo(initpos);
    self.setheading(oldh);
    self.left(72);
    self.getscreen().update();
  }

  void pentpiece(turtle::Vec2D initpos, double scale) {
    const double oldh = self.heading();
    self.up();
    self.forward(29 * scale);
    self.down();
    for (int i = 0; i < 5; ++i) {
      self.forward(18 * scale);
      self.right(72);
    }
    pentr(18 * scale, 75, scale);
    self.up();
    self.goTo(initpos);
    self.setheading(oldh);
    self.forward(29 * scale);
    self.down();
    for (int i = 0; i < 5; ++i) {
      self.forward(18 * scale);
      self.right(72);
    }
    pentl(18 * scale, 75, scale);
    self.up();
    self.goTo(initpos);
    self.setheading(oldh);
    self.left(72);
    self.getscreen().update();
  }

  void pentl(double side, double ang, double scale) {
    if (side < (2 * scale)) return;
    self.forward(side);
    self.left(ang);
    pentl(side - (.38 * scale), ang, scale);
  }

  void pentr(double side, double ang, double scale) {
    if (side < (2 * scale)) return;
    self.forward(side);
    self.right(ang);
    pentr(side - (.38 * scale), ang, scale);
  }

  void tripolyr(double side, double scale) {
    if (side < (4 * scale)) return;
    self.forward(side);
    self.right(111);
    self.forward(side / 1.78);
    self.right(111);
    self.forward(side / 1.3);
    self.right(146);
    tripolyr(side * .75, scale);
  }

  void tripolyl(double side, double scale) {
    if (side < (4 * scale)) return;
    self.forward(side);
    self.left(111);
    self.forward(side / 1.78);
    self.left(111);
    self.forward(side / 1.3);
    self.left(146);
    tripolyl(side * .75, scale);
  }

  void centerpiece(double s, double a, double scale) {
    self.forward(s);
    self.left(a);
    if (s < (7.5 * scale)) return;
    centerpiece(s - (1.2 * scale), a, scale);
  }
};

}  // namespace

std::string bytedesign(Run& run) {
  Designer t{run.newTurtle()};
  t.self.speed(0);
  t.self.hideturtle();
  t.self.getscreen().delay(0);
  t.self.getscreen().tracer(0);
  t.design(t.self.position(), 2);
  return "Done!";  // Python's says how long it took
}

}  // namespace turtledemo
