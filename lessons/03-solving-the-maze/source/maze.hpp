#pragma once
//@ 1
// Lesson 3 after step 1: a VISITED square is red.
//@ end
//@ 2
// Lesson 3 after step 2: solve() follows a corridor to the END.
//@ end
//@ 3
// Lesson 3 after step 3: solve() backs out of dead ends.
//@ end
//@ 4-
// Lesson 3 after step 4: solve() forgets the last way.
//@ end

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <turtle/turtle.hpp>

// The maze's numbers, each named once: a name says what a number means, and a number that
// changes is changed here, in one place.
constexpr int SIZE = 20;    // squares in each row and each column of the matrix
constexpr int SQUARE = 20;  // a square's side on the screen, in pixels
constexpr int LEFT = -190;  // x of the centre of every square in column 0
constexpr int TOP = 190;    // y of the centre of every square in row 0

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
    screen.bgcolor("blue");  // blue is wall, and at first everything is wall
    matrix.assign(SIZE, std::vector<int>(SIZE, WALL));
    turtle.penup();  // the turtle moves without drawing lines
  }

  // Starts again: all wall but the top-left square, which is empty, with the turtle on it.
  void reset() {
    turtle.clearstamps();
    matrix.assign(SIZE, std::vector<int>(SIZE, WALL));
    screen.bgcolor("blue");
    turtle.goTo(centreOf(0, 0));
    turtle.shape("square");
    turtle.color("white");
    turtle.stamp();
    matrix[0][0] = EMPTY;
  }

  // The centre of the square in a row and a column, where the turtle stands to stamp it.
  static turtle::Vec2D centreOf(int row, int col) {
    return turtle::Vec2D(LEFT + SQUARE * col, TOP - SQUARE * row);
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
    turtle.goTo(centreOf(row, col));
    turtle.color(colorOf(value));
    turtle.stamp();
    turtle.goTo(here);
    return true;
  }

  // The colour the picture shows for a value.
  static const char* colorOf(int value) {
    if (value == EMPTY) return "white";
    if (value == VISITED) return "red";
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
    for (const turtle::Vec2D& q :
         {p + turtle::Vec2D(0, 2 * SQUARE), p + turtle::Vec2D(0, -2 * SQUARE),
          p + turtle::Vec2D(2 * SQUARE, 0), p + turtle::Vec2D(-2 * SQUARE, 0)}) {
      result.push_back({q, getMatrixValueAt(q)});
    }
    return result;
  }

  // Digs the whole maze from the turtle's cell, then makes the bottom-right cell the END: in
  // row and column SIZE - 2, since the last row and column stay wall.
  void makeMaze() {
    digFromHere();
    setMatrixValueAt(centreOf(SIZE - 2, SIZE - 2), END);
  }

  // Makes makeMaze() repeatable: the same seed gives the same maze, on every machine.
  void seed(std::uint64_t n) { random_.seed(static_cast<std::uint32_t>(n)); }

//@ 2-
  // Finds the way from the top-left square to the END: marks it VISITED (the END stays END)
  // and returns the centres of its squares, start and END included.
  std::vector<turtle::Vec2D> solve() {
//@ end
//@ 4-
    // Forget the last way first: its squares are open, and must be searched again.
    for (int row = 0; row < SIZE; ++row) {
      for (int col = 0; col < SIZE; ++col) {
        if (matrix[row][col] == VISITED) {
          setMatrixValueAt(centreOf(row, col), EMPTY);
        }
      }
    }
//@ end
//@ 2-
    std::vector<turtle::Vec2D> way;
    searchFrom(centreOf(0, 0), way);
    return way;
  }

//@ end
 private:
  static bool onMatrix(int row, int col) {
    return row >= 0 && row < SIZE && col >= 0 && col < SIZE;
  }
  // A square reaches SQUARE / 2 either side of its centre: square [0][0] covers x from
  // LEFT - SQUARE / 2 (-200) to -180 and y from TOP + SQUARE / 2 (200) down to 180.
  static int rowOf(const turtle::Vec2D& position) {
    return static_cast<int>(std::floor((TOP + SQUARE / 2.0 - position.y) / SQUARE));
  }
  static int colOf(const turtle::Vec2D& position) {
    return static_cast<int>(std::floor((position.x - (LEFT - SQUARE / 2.0)) / SQUARE));
  }

  // One square's step in a direction.
  static turtle::Vec2D stepTowards(int direction) {
    switch (direction) {
      case EAST:
        return {SQUARE, 0};
      case NORTH:
        return {0, SQUARE};
      case WEST:
        return {-SQUARE, 0};
      case SOUTH:
        return {0, -SQUARE};
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

//@ 2-
  // Searches on from a square, marking the way as it goes. True when it reaches the END, with
  // the way to it in `way`.
  bool searchFrom(const turtle::Vec2D& square, std::vector<turtle::Vec2D>& way) {
    const int value = getMatrixValueAt(square);
    if (value == END) {
      way.push_back(square);
      return true;
    }
    if (value != EMPTY) return false;  // a wall, off the matrix, or on the way already
    setMatrixValueAt(square, VISITED);
    way.push_back(square);
    // North, south, east and west, one square away.
    for (const turtle::Vec2D& step : {turtle::Vec2D(0, SQUARE), turtle::Vec2D(0, -SQUARE),
                                      turtle::Vec2D(SQUARE, 0), turtle::Vec2D(-SQUARE, 0)}) {
      if (searchFrom(square + step, way)) return true;
    }
//@ end
//@ 3-
    // A dead end: this square is not on the way after all.
    setMatrixValueAt(square, EMPTY);
    way.pop_back();
//@ end
//@ 2-
    return false;
  }

//@ end
  std::mt19937 random_{20};  // a fixed seed at first: the same maze on every machine
};
