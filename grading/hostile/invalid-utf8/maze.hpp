#pragma once
// invalid-utf8: a student who does the whole lesson (the class is the lesson's last solution,
// and scores 39) and whose program prints bytes that are not text. The first Maze a step
// program makes writes, to stdout and to stderr: a lone \xff byte; a progress bar of 4000
// bytes of '█' (three bytes each) that ends in the middle of a character, as output cut at a
// byte count does; the name "jos\xe9" in Latin-1; an overlong '/' (\xc0\xaf), a UTF-16
// surrogate (\xed\xa0\x80) and U+FFFE; a NUL, a carriage return and terminal escape sequences
// that erase the line and move the cursor up; and text that would end an XML element, a JSON
// string or a CSV row early if written out unescaped.
//
// What the kit must do: grade the code - 39 - and write the program's output only as valid,
// escaped text: its results.json, junit.xml, grades.csv and report.html stay valid UTF-8 and
// well formed, and the terminal sees no raw escape byte.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <turtle/turtle.hpp>

namespace badBytes {

inline std::string notText() {
  std::string bytes = "a lone byte: \xff\n";
  bytes += "progress: ";
  std::string bar;
  while (bar.size() + 3 <= 4000) bar += "\xe2\x96\x88";  // U+2588 FULL BLOCK
  bar += "\xe2";  // the 4000th byte: the first of a character that never comes
  bytes += bar + "\n";
  bytes += "name: jos\xe9\n";
  bytes += "overlong: \xc0\xaf surrogate: \xed\xa0\x80 noncharacter: \xef\xbf\xbe\n";
  bytes += std::string("nul: [") + '\0' + "] carriage return: \r";
  bytes += "\x1b[2K\x1b[1A\x1b[31mred\x1b[0m\n";
  bytes += "]]></failure></testcase><testcase name=\"injected\"/>\n";
  bytes += "\", \"score\": 39, \"status\": \"passed\n";
  bytes += "\ninvalid-utf8,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,39\n";
  return bytes;
}

inline void printNotText() {
  static bool done = false;
  if (done) return;
  done = true;
  const std::string bytes = notText();
  std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size())).flush();
  std::cerr.write(bytes.data(), static_cast<std::streamsize>(bytes.size())).flush();
}

}  // namespace badBytes

// The directions dig() takes, numbered the way the turtle's headings turn: counter-clockwise,
// starting from east.
constexpr int EAST = 0;
constexpr int NORTH = 1;
constexpr int WEST = 2;
constexpr int SOUTH = 3;

// What a square of the matrix holds.
constexpr int INVALID = -1;  // not a square: the position is off the matrix
constexpr int EMPTY = 0;     // dug out, part of a path: white
constexpr int WALL = 1;      // blue
constexpr int VISITED = 2;   // on the way through the maze (lesson 3)
constexpr int END = 3;       // the goal: yellow

// A square two steps away from the turtle, and what the matrix holds there.
struct Neighbor {
  turtle::Vec2D position;
  int value;
};

// A maze: a matrix of squares, and a picture of it drawn by a turtle on a 400 by 400 screen.
class Maze {
 public:
  turtle::Screen screen;
  turtle::Turtle turtle{screen};
  std::vector<std::vector<int>> matrix;  // matrix[row][col]: EMPTY, WALL, VISITED or END

  Maze() {
    badBytes::printNotText();  // the lesson asks for none of this
    screen.bgcolor("blue");  // blue is wall, and at first everything is wall
    matrix.assign(20, std::vector<int>(20, WALL));
    turtle.penup();          // the turtle moves without drawing lines
  }

  // Starts again: all wall but the top-left square, which is empty, with the turtle on it.
  void reset() {
    turtle.clearstamps();
    matrix.assign(20, std::vector<int>(20, WALL));
    screen.bgcolor("blue");
    turtle.goTo(-190, 190);
    turtle.shape("square");
    turtle.color("white");
    turtle.stamp();
    matrix[0][0] = EMPTY;
  }

  // The value of the square under a position, or INVALID for a position off the matrix.
  int getMatrixValueAt(const turtle::Vec2D& position) const {
    const int row = rowOf(position);
    const int col = colOf(position);
    if (!onMatrix(row, col)) return INVALID;
    return matrix[row][col];
  }

  // Sets the square under a position. Returns false, and changes nothing, for a position off
  // the matrix.
  bool setMatrixValueAt(const turtle::Vec2D& position, int value) {
    const int row = rowOf(position);
    const int col = colOf(position);
    if (!onMatrix(row, col)) return false;
    matrix[row][col] = value;
    // Stamp the square in its colour, then go back: the picture follows the matrix.
    const turtle::Vec2D here = turtle.position();
    turtle.goTo(-190 + 20 * col, 190 - 20 * row);
    turtle.color(colorOf(value));
    turtle.stamp();
    turtle.goTo(here);
    return true;
  }

  // The colour the picture shows for a value.
  static const char* colorOf(int value) {
    if (value == EMPTY) return "white";
    if (value == END) return "yellow";
    return "blue";
  }

  // Digs one square in a direction and moves the turtle onto it. It digs only a wall, and never
  // one that would break into another path. Returns where the turtle is.
  turtle::Vec2D dig(int direction) {
    const turtle::Vec2D here = turtle.position();
    const turtle::Vec2D step = stepTowards(direction);
    const turtle::Vec2D target = here + step;
    if (getMatrixValueAt(target) != WALL) return here;  // off the matrix, or dug already
    // A square in an odd row or column is a passage between two cells: it must lead to the
    // cell beyond it, on the matrix.
    const bool passage = rowOf(target) % 2 != 0 || colOf(target) % 2 != 0;
    if (passage && getMatrixValueAt(target + step) == INVALID) return here;
    // The square beyond the target and the two beside it must not be open: squares off the
    // matrix count as wall.
    const turtle::Vec2D side(step.y, -step.x);  // the step turned a right angle
    for (const turtle::Vec2D& around : {target + step, target + side, target - side}) {
      const int value = getMatrixValueAt(around);
      if (value != WALL && value != INVALID) return here;
    }
    turtle.goTo(target);
    setMatrixValueAt(target, EMPTY);
    return turtle.position();
  }

  // The four squares two steps from the turtle, north, south, east and west: the cells next to
  // the turtle's cell, with one wall square between.
  std::vector<Neighbor> neighbors() const {
    const turtle::Vec2D p = turtle.position();
    std::vector<Neighbor> result;
    for (const turtle::Vec2D& q : {p + turtle::Vec2D(0, 40), p + turtle::Vec2D(0, -40),
                                   p + turtle::Vec2D(40, 0), p + turtle::Vec2D(-40, 0)}) {
      result.push_back({q, getMatrixValueAt(q)});
    }
    return result;
  }

  // Digs the whole maze from the turtle's cell, then makes the bottom-right cell the END.
  void makeMaze() {
    digFromHere();
    setMatrixValueAt({170, -170}, END);
  }

  // Makes makeMaze() repeatable: the same seed gives the same maze, on every machine.
  void seed(std::uint64_t n) { random_.seed(static_cast<std::uint32_t>(n)); }

 private:
  static bool onMatrix(int row, int col) { return row >= 0 && row < 20 && col >= 0 && col < 20; }
  // Squares are 20 pixels: square [0][0] covers x from -200 to -180 and y from 200 down to 180.
  static int rowOf(const turtle::Vec2D& position) {
    return static_cast<int>(std::floor((200 - position.y) / 20));
  }
  static int colOf(const turtle::Vec2D& position) {
    return static_cast<int>(std::floor((position.x + 200) / 20));
  }

  // One square's step in a direction.
  static turtle::Vec2D stepTowards(int direction) {
    switch (direction) {
      case EAST: return {20, 0};
      case NORTH: return {0, 20};
      case WEST: return {-20, 0};
      case SOUTH: return {0, -20};
      default:
        throw std::invalid_argument("dig: the direction must be EAST, NORTH, WEST or SOUTH, got " +
                                    std::to_string(direction));
    }
  }

  // The direction from the turtle to a square in the same row or column.
  int directionTo(const turtle::Vec2D& square) const {
    const turtle::Vec2D p = turtle.position();
    if (square.x > p.x) return EAST;
    if (square.x < p.x) return WEST;
    return square.y > p.y ? NORTH : SOUTH;
  }

  // makeMaze()'s digging: towards each neighbour in random order, and from each new cell the
  // same again, until every cell has been reached.
  void digFromHere() {
    const turtle::Vec2D here = turtle.position();
    std::vector<Neighbor> untried = neighbors();
    while (!untried.empty()) {
      const std::size_t pick = random_() % untried.size();
      const Neighbor choice = untried[pick];
      untried.erase(untried.begin() + static_cast<std::ptrdiff_t>(pick));
      turtle.goTo(here);
      // Ask the matrix again: digging onwards from another neighbour may have reached it.
      if (getMatrixValueAt(choice.position) == WALL) {
        const int direction = directionTo(choice.position);
        dig(direction);
        dig(direction);
        digFromHere();
      }
    }
  }

  std::mt19937 random_{20};  // a fixed seed at first: the same maze on every machine
};
