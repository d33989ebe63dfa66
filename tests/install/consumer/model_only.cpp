// Makes a 100 × 100 maze with the installed maze model alone and prints it as text: a program
// that needs no picture of a turtle links neither the turtle nor Cairo.
#include <maze/generators.hpp>
#include <maze/stats.hpp>
#include <maze/text_format.hpp>

#include <iostream>

int main() {
  const maze::Grid grid = maze::generate(maze::Algorithm::wilson, 100, 100, 7);
  if (!maze::isPerfect(grid)) {
    std::cerr << "model_only: the installed maze model made a maze that is not perfect\n";
    return 1;
  }
  std::cout << maze::toText(grid, maze::TextFormat::hash);
  return 0;
}
