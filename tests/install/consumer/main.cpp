// Draws one white square through the installed turtle library, digs a maze with the
// installed maze library, and checks both.
#include <maze/maze.hpp>
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
  maze::Maze m;
  m.seed(1);
  m.makeMaze();
  if (m.getMatrixValueAt({170, -170}) != maze::END || m.solve().empty()) {
    std::cerr << "consumer: the installed maze library made no solvable maze\n";
    return 1;
  }
  std::cout << "consumer: the installed libraries work\n";
  return 0;
}
