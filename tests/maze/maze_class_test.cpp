// The lesson's Maze, with the lesson's own numbers: reset, dig, neighbours, makeMaze, solve,
// and the picture read back through the turtle library, square for square.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>
#include <string>

#include "maze/maze.hpp"
#include "maze/solvers.hpp"
#include "maze/stats.hpp"

using maze::Maze;
using turtle::Vec2D;

namespace {

/// Every square's colour on the screen is the colour of its matrix value.
void requirePictureMatchesMatrix(const Maze& m) {
  for (int r = 0; r < m.rows(); ++r) {
    for (int c = 0; c < m.cols(); ++c) {
      const int value = m.matrix[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      const turtle::Color shown = m.screen.colorAt(m.positionOf(r, c));
      INFO("square [" << r << "][" << c << "] holds " << value << " but shows " << shown);
      REQUIRE(shown == Maze::colorOf(value));
    }
  }
}

std::string matrixText(const Maze& m) {
  std::ostringstream out;
  for (const auto& row : m.matrix) {
    for (int v : row) out << v;
    out << '\n';
  }
  return out.str();
}

}  // namespace

TEST_CASE("a new maze has a 400x400 blue screen, a turtle and a 20x20 matrix of walls",
          "[maze][lesson]") {
  Maze m;
  CHECK(m.screen.width() == 400);
  CHECK(m.screen.height() == 400);
  CHECK(m.screen.bgcolor() == "blue");
  CHECK_FALSE(m.turtle.isdown());
  REQUIRE(m.matrix.size() == 20);
  for (const auto& row : m.matrix) {
    REQUIRE(row.size() == 20);
    for (int v : row) CHECK(v == maze::WALL);
  }
  requirePictureMatchesMatrix(m);
}

TEST_CASE("the lesson's constants", "[maze][lesson]") {
  CHECK(maze::INVALID == -1);
  CHECK(maze::EMPTY == 0);
  CHECK(maze::WALL == 1);
  CHECK(maze::VISITED == 2);
  CHECK(maze::END == 3);
  CHECK(maze::EAST == 0);
  CHECK(maze::NORTH == 1);
  CHECK(maze::WEST == 2);
  CHECK(maze::SOUTH == 3);
}

TEST_CASE("reset empties the top-left square and puts the turtle on it", "[maze][lesson]") {
  Maze m;
  m.reset();
  CHECK(m.matrix[0][0] == maze::EMPTY);
  CHECK(m.turtle.pos() == Vec2D(-190, 190));
  CHECK(m.turtle.shape() == "square");
  CHECK(m.screen.colorAt(-190, 190) == "white");
  requirePictureMatchesMatrix(m);
}

TEST_CASE("dig east from the start gives (-170, 190) and empties that square", "[maze][lesson]") {
  Maze m;
  m.reset();
  CHECK(m.dig(maze::EAST) == Vec2D(-170, 190));
  CHECK(m.matrix[0][1] == maze::EMPTY);
  CHECK(m.getMatrixValueAt(m.turtle.position()) == maze::EMPTY);
  CHECK(m.screen.colorAt(-170, 190) == "white");
}

TEST_CASE("dig south from the start gives (-190, 170): the matrix is read row first",
          "[maze][lesson]") {
  Maze m;
  m.reset();
  CHECK(m.dig(maze::SOUTH) == Vec2D(-190, 170));
  CHECK(m.matrix[1][0] == maze::EMPTY);
  CHECK(m.matrix[0][1] == maze::WALL);
}

TEST_CASE("digging off the matrix leaves the turtle where it is", "[maze][lesson]") {
  Maze m;
  m.reset();
  CHECK(m.dig(maze::WEST) == Vec2D(-190, 190));
  CHECK(m.dig(maze::NORTH) == Vec2D(-190, 190));
  m.turtle.goTo(-190, -170);
  CHECK(m.dig(maze::SOUTH) == Vec2D(-190, -170));
  m.turtle.goTo(190, 190);
  CHECK(m.dig(maze::EAST) == Vec2D(190, 190));
}

TEST_CASE("digging never breaks into another path", "[maze][lesson]") {
  // The lesson's own test: with a path two squares away, the square between stays wall.
  Maze m;
  m.reset();
  m.setMatrixValueAt({-190, 150}, maze::EMPTY);
  CHECK(m.dig(maze::SOUTH) == Vec2D(-190, 190));
  m.setMatrixValueAt({-150, 190}, maze::EMPTY);
  CHECK(m.dig(maze::EAST) == Vec2D(-190, 190));
  m.turtle.goTo(-150, 150);
  CHECK(m.dig(maze::WEST) == Vec2D(-150, 150));
  m.turtle.goTo(-190, 150);
  CHECK(m.dig(maze::NORTH) == Vec2D(-190, 150));
  // Nor sideways: after east then south, digging west would touch the start square.
  m.reset();
  m.dig(maze::EAST);
  m.dig(maze::SOUTH);
  CHECK(m.dig(maze::WEST) == Vec2D(-170, 170));
  CHECK(m.matrix[1][0] == maze::WALL);
}

TEST_CASE("dig refuses a direction that is not one of the four", "[maze][lesson]") {
  Maze m;
  m.reset();
  REQUIRE_THROWS_WITH(m.dig(4),
                      "direction must be EAST (0), NORTH (1), WEST (2) or SOUTH (3), got 4");
}

TEST_CASE("the lesson's EAST, NORTH, WEST and SOUTH are the library's four Directions",
          "[maze][lesson]") {
  CHECK(maze::directionFromNumber(maze::EAST) == maze::Direction::east);
  CHECK(maze::directionFromNumber(maze::NORTH) == maze::Direction::north);
  CHECK(maze::directionFromNumber(maze::WEST) == maze::Direction::west);
  CHECK(maze::directionFromNumber(maze::SOUTH) == maze::Direction::south);
  for (maze::Direction d : maze::allDirections) {
    CHECK(maze::directionFromNumber(maze::directionNumber(d)) == d);
  }
  REQUIRE_THROWS_WITH(maze::directionFromNumber(-1),
                      "direction must be EAST (0), NORTH (1), WEST (2) or SOUTH (3), got -1");

  Maze byNumber;
  Maze byName;
  byNumber.reset();
  byName.reset();
  CHECK(byNumber.dig(maze::EAST) == byName.dig(maze::Direction::east));
  CHECK(byNumber.dig(maze::EAST) == byName.dig(maze::Direction::east));
  CHECK(byNumber.dig(maze::SOUTH) == byName.dig(maze::Direction::south));
  CHECK(byNumber.matrix == byName.matrix);
}

TEST_CASE("neighbors after reset: INVALID, WALL, WALL, INVALID", "[maze][lesson]") {
  Maze m;
  m.reset();
  auto r = m.neighbors();
  REQUIRE(r.size() == 4);
  CHECK(r[0].value == maze::INVALID);  // north
  CHECK(r[1].value == maze::WALL);     // south
  CHECK(r[2].value == maze::WALL);     // east
  CHECK(r[3].value == maze::INVALID);  // west
  CHECK(r[1].position == Vec2D(-190, 150));
  CHECK(r[2].position == Vec2D(-150, 190));
  m.turtle.goTo(-170, 170);
  r = m.neighbors();
  CHECK((r[0].value == maze::INVALID && r[1].value == maze::WALL && r[2].value == maze::WALL &&
         r[3].value == maze::INVALID));
  m.turtle.goTo(-150, 150);
  r = m.neighbors();
  for (const auto& n : r) CHECK(n.value == maze::WALL);
}

TEST_CASE("a position off the matrix reads INVALID and is never written", "[maze][lesson]") {
  Maze m;
  m.reset();
  CHECK(m.getMatrixValueAt({-210, 190}) == maze::INVALID);
  CHECK(m.getMatrixValueAt({-190, 210}) == maze::INVALID);
  CHECK(m.getMatrixValueAt({200, 0}) == maze::INVALID);
  CHECK(m.getMatrixValueAt({0, -200}) == maze::INVALID);
  CHECK(m.getMatrixValueAt({1e300, 0}) == maze::INVALID);
  CHECK(m.getMatrixValueAt({std::nan(""), 0}) == maze::INVALID);
  CHECK(m.getMatrixValueAt({-200, 200}) == maze::EMPTY);  // the corner belongs to square [0][0]
  CHECK_FALSE(m.setMatrixValueAt({-5000, 0}, maze::EMPTY));
  // A matrix row a student shortened reads INVALID past its end.
  m.matrix[5].resize(3);
  CHECK(m.getMatrixValueAt(m.positionOf(5, 10)) == maze::INVALID);
  CHECK_FALSE(m.setMatrixValueAt(m.positionOf(5, 10), maze::EMPTY));
}

TEST_CASE("setMatrixValueAt draws each value in its colour and refuses unknown values",
          "[maze][lesson]") {
  Maze m;
  m.reset();
  REQUIRE(m.setMatrixValueAt({-150, 150}, maze::VISITED));
  REQUIRE(m.setMatrixValueAt({-130, 150}, maze::END));
  REQUIRE(m.setMatrixValueAt({-110, 150}, maze::EMPTY));
  REQUIRE(m.setMatrixValueAt({-110, 150}, maze::WALL));
  CHECK(m.matrix[2][2] == maze::VISITED);
  CHECK(m.matrix[2][3] == maze::END);
  CHECK(m.matrix[2][4] == maze::WALL);
  CHECK(m.screen.colorAt(-150, 150) == "red");
  CHECK(m.screen.colorAt(-130, 150) == "yellow");
  CHECK(m.screen.colorAt(-110, 150) == "blue");
  CHECK(m.turtle.pos() == Vec2D(-190, 190));  // the turtle comes back
  REQUIRE_THROWS_WITH(m.setMatrixValueAt({-150, 150}, 7),
                      "matrix value must be EMPTY (0), WALL (1), VISITED (2) or END (3), got 7");
  requirePictureMatchesMatrix(m);
}

TEST_CASE("makeMaze digs a perfect maze on the even squares with END yellow at (170, -170)",
          "[maze][lesson]") {
  Maze m;
  m.seed(5);
  m.makeMaze();
  CHECK(m.getMatrixValueAt({170, -170}) == maze::END);
  CHECK(m.screen.colorAt(170, -170) == "yellow");
  for (int i = 0; i < 20; ++i) {
    CHECK(m.matrix[19][static_cast<std::size_t>(i)] ==
          maze::WALL);  // the lesson's last row and column stay wall
    CHECK(m.matrix[static_cast<std::size_t>(i)][19] == maze::WALL);
  }
  const maze::Grid grid = m.toGrid();
  CHECK(grid.rows() == 10);
  CHECK(grid.cols() == 10);
  CHECK(maze::isPerfect(grid));
  requirePictureMatchesMatrix(m);
}

TEST_CASE("the same seed gives the same maze, another seed another one", "[maze][lesson]") {
  Maze a;
  Maze b;
  Maze c;
  a.seed(42);
  b.seed(42);
  c.seed(43);
  a.makeMaze();
  b.makeMaze();
  c.makeMaze();
  CHECK(a.matrix == b.matrix);
  CHECK(a.matrix != c.matrix);
}

TEST_CASE("seed 1 gives the same lesson maze on every platform", "[maze][lesson]") {
  Maze m;
  m.seed(1);
  m.makeMaze();
  // Pinned: the kit's random numbers and the lesson's digging order are fixed, so this
  // picture is the same everywhere. (3 is END.)
  const std::string expected =
      "01000100000001000001\n"
      "01010111110101011101\n"
      "01010000010101000101\n"
      "01011111010101111101\n"
      "01000001010100000001\n"
      "01111101010111111101\n"
      "00000001000100000101\n"
      "11111111111101110101\n"
      "01000001000101000101\n"
      "01010111010101010101\n"
      "00010100010001010101\n"
      "11110101111111011101\n"
      "00000100010001000101\n"
      "01111111010101110101\n"
      "00010000010100010001\n"
      "11010111111101011111\n"
      "00010001000101010001\n"
      "01111101010101011101\n"
      "00000000010001000031\n"
      "11111111111111111111\n";
  CHECK(matrixText(m) == expected);
}

TEST_CASE("without a seed, two mazes differ", "[maze][lesson]") {
  Maze a;
  Maze b;
  a.makeMaze();
  b.makeMaze();
  CHECK(a.matrix != b.matrix);  // 1 in billions that two random 10x10 mazes agree
}

TEST_CASE("solve finds the way to END, marks it VISITED and draws it", "[maze][lesson]") {
  Maze m;
  m.seed(9);
  m.makeMaze();
  const std::vector<Vec2D> way = m.solve();
  REQUIRE(way.size() >= 37);  // at least the 18 + 18 squares across and down, plus the start
  CHECK(way.front() == Vec2D(-190, 190));
  CHECK(way.back() == Vec2D(170, -170));
  for (std::size_t i = 1; i < way.size(); ++i) {
    const double step = std::abs(way[i].x - way[i - 1].x) + std::abs(way[i].y - way[i - 1].y);
    CHECK(step == Approx(20));
  }
  for (std::size_t i = 0; i + 1 < way.size(); ++i)
    CHECK(m.getMatrixValueAt(way[i]) == maze::VISITED);
  CHECK(m.getMatrixValueAt(way.back()) == maze::END);
  // The only way in a perfect maze is also the shortest: the compact solver agrees.
  const maze::Path shortest = maze::breadthFirst(m.toGrid(), {0, 0}, {9, 9});
  CHECK(way.size() == 2 * shortest.size() - 1);  // cells and the passage squares between
  requirePictureMatchesMatrix(m);
}

TEST_CASE("solve reports a maze without a way to END with an empty path, marking nothing",
          "[maze][lesson]") {
  Maze m;
  m.seed(3);
  m.makeMaze();
  m.setMatrixValueAt({170, -150}, maze::WALL);  // wall END in on every side
  m.setMatrixValueAt({150, -170}, maze::WALL);
  const auto before = m.matrix;
  CHECK(m.solve().empty());
  CHECK(m.matrix == before);
  Maze noEnd;
  noEnd.reset();
  CHECK(noEnd.solve().empty());
}

TEST_CASE("other sizes work: 9 rows, 15 columns of 10 pixels", "[maze][lesson]") {
  Maze m(9, 15, 10);
  CHECK(m.screen.width() == 150);
  CHECK(m.screen.height() == 90);
  m.seed(2);
  m.makeMaze();
  CHECK(m.positionOf(0, 0) == Vec2D(-70, 40));
  CHECK(m.turtle.pos() == Vec2D(-70, 40));
  CHECK(m.matrix[8][14] == maze::END);  // odd sizes: the last row and column hold cells
  CHECK(maze::isPerfect(m.toGrid()));
  CHECK(m.toGrid().rows() == 5);
  CHECK(m.toGrid().cols() == 8);
  CHECK_FALSE(m.solve().empty());
  requirePictureMatchesMatrix(m);
}

TEST_CASE("a bad maze size is refused with the size in the message", "[maze][lesson]") {
  REQUIRE_THROWS_WITH(Maze(0, 5), "maze size must be at least 1×1, got 0×5");
  REQUIRE_THROWS_WITH(Maze(10, 10, 0), "square size must be at least 1 pixel, got 0");
  REQUIRE_THROWS_WITH(Maze(10, 500, 20),
                      "the maze's width of 500 squares of 20 pixels does not "
                      "fit on a screen; at most 8192 pixels a side");
}

TEST_CASE("makeMaze needs no call stack: a 400x400 matrix of 2-pixel squares",
          "[maze][lesson][large]") {
  Maze m(401, 401, 2);
  m.seed(1);
  m.makeMaze();
  CHECK(maze::isPerfect(m.toGrid()));
  CHECK(m.matrix[400][400] == maze::END);
}
