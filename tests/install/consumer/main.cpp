// Draws one white square through the installed library and checks it is there.
#include <turtle/turtle.hpp>

#include <iostream>

int main() {
  turtle::Screen screen;
  screen.bgcolor("blue");
  turtle::Turtle t(screen);
  t.penup();
  t.goTo(-190, 190);
  t.shape("square");
  t.color("white");
  t.stamp();
  if (screen.colorAt(-190, 190) != "white" || screen.colorAt(0, 0) != "blue") {
    std::cerr << "consumer: the installed library drew the wrong picture\n";
    return 1;
  }
  std::cout << "consumer: the installed library works\n";
  return 0;
}
