// Step 6: std::cout << maze prints the maze as toText() writes it, as Python's print(maze)
// would with a __str__.
#include <catch2/catch.hpp>
#include <sstream>

#include "maze.hpp"
#include "text_picture.hpp"

TEST_CASE("a maze printed with <<", "[lesson04][step06]") {
  Maze m;
  m.seed(6);
  m.reset();
  m.makeMaze();
  std::ostringstream out;
  out << m;
  CHECK(out.str() == m.toText());

  std::ostringstream twice;
  twice << m << "and again\n" << m;  // << gives back the stream, so it chains
  CHECK(twice.str() == m.toText() + "and again\n" + m.toText());
  lesson::textPicture(out.str());
}
