// topic: cout << an object of your own
#include <iostream>
struct Cell {
  int row = 0;
  int col = 0;
};
void show(const Cell& cell) { std::cout << cell << '\n'; }
