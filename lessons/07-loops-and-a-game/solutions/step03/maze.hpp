#pragma once
// Lesson 3 after step 4: solve() forgets the last way.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <turtle/turtle.hpp>

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
    matrix.assign(20, std::vector<int>(20, WALL));
    turtle.penup();  // the turtle moves without drawing lines
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

  // Finds the way from the top-left square to the END: marks it VISITED (the END stays END)
  // and returns the centres of its squares, start and END included.
  std::vector<turtle::Vec2D> solve() {
    // Forget the last way first: its squares are open, and must be searched again.
    for (int row = 0; row < 20; ++row) {
      for (int col = 0; col < 20; ++col) {
        if (matrix[row][col] == VISITED) {
          setMatrixValueAt(turtle::Vec2D(-190 + 20 * col, 190 - 20 * row), EMPTY);
        }
      }
    }
    std::vector<turtle::Vec2D> way;
    searchFrom(turtle::Vec2D(-190, 190), way);
    return way;
  }

  // ---- Lesson 7: loops ----

  // True for a square on the matrix that is not WALL: EMPTY, VISITED or END.
  bool isOpen(int row, int col) const {
    const int rows = static_cast<int>(matrix.size());
    const int cols = static_cast<int>(matrix[0].size());
    return row >= 0 && row < rows && col >= 0 && col < cols && matrix[row][col] != WALL;
  }

  // True for an open cell with exactly one way out: one open square beside it.
  bool isDeadEnd(int row, int col) const {
    const int waysOut =
        isOpen(row - 1, col) + isOpen(row + 1, col) + isOpen(row, col - 1) + isOpen(row, col + 1);
    return isOpen(row, col) && waysOut == 1;
  }

  // How many dead ends the maze has. Cells are the squares in even rows and even columns.
  int deadEnds() const {
    int count = 0;
    for (int row = 0; row < static_cast<int>(matrix.size()); row += 2) {
      for (int col = 0; col < static_cast<int>(matrix[0].size()); col += 2) {
        if (isDeadEnd(row, col)) ++count;
      }
    }
    return count;
  }

  // The walls beside a cell that braid() may take down: each one has an open cell behind it.
  // Returns their centres.
  std::vector<turtle::Vec2D> wallsToOpen(int row, int col) const {
    std::vector<turtle::Vec2D> walls;
    for (const int direction : {EAST, NORTH, WEST, SOUTH}) {
      const int down = direction == SOUTH ? 1 : direction == NORTH ? -1 : 0;
      const int right = direction == EAST ? 1 : direction == WEST ? -1 : 0;
      const int wallRow = row + down;
      const int wallCol = col + right;
      if (!isOpen(wallRow, wallCol) && isOpen(row + 2 * down, col + 2 * right)) {
        walls.push_back(turtle::Vec2D(-190 + 20 * wallCol, 190 - 20 * wallRow));
      }
    }
    return walls;
  }

  // Takes down walls at dead ends, so that the maze gets loops: braid(0.5) opens one wall for
  // every other dead end there is, braid(1) goes on until there is none.
  void braid(double fraction) {
    // Written this way round, the check refuses NaN ("not a number") too.
    if (!(fraction >= 0 && fraction <= 1)) {
      std::string shown = std::to_string(fraction);  // "1.500000"
      shown.erase(shown.find_last_not_of('0') + 1);  // "1.5"
      if (shown.back() == '.') shown.pop_back();
      throw std::invalid_argument(
          "braid: the fraction of dead ends to open must be from 0 to 1, got " + shown);
    }
    const long toOpen = std::lround(fraction * deadEnds());
    for (long opened = 0; opened < toOpen; ++opened) {
      // Every dead end that has a wall to take down, with its walls.
      std::vector<std::vector<turtle::Vec2D>> choices;
      for (int row = 0; row < static_cast<int>(matrix.size()); row += 2) {
        for (int col = 0; col < static_cast<int>(matrix[0].size()); col += 2) {
          if (!isDeadEnd(row, col)) continue;
          const std::vector<turtle::Vec2D> walls = wallsToOpen(row, col);
          if (!walls.empty()) choices.push_back(walls);
        }
      }
      if (choices.empty()) return;  // no dead end left that a wall can open
      setMatrixValueAt(choices[0][0], EMPTY);
    }
  }

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
      case EAST:
        return {20, 0};
      case NORTH:
        return {0, 20};
      case WEST:
        return {-20, 0};
      case SOUTH:
        return {0, -20};
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
    for (const turtle::Vec2D& step : {turtle::Vec2D(0, 20), turtle::Vec2D(0, -20),
                                      turtle::Vec2D(20, 0), turtle::Vec2D(-20, 0)}) {
      if (searchFrom(square + step, way)) return true;
    }
    // A dead end: this square is not on the way after all.
    setMatrixValueAt(square, EMPTY);
    way.pop_back();
    return false;
  }

  std::mt19937 random_{20};  // a fixed seed at first: the same maze on every machine
};
