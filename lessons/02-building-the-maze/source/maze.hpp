#pragma once
//@ 1
// Lesson 2 after step 1: a Maze class exists.
//@ end
//@ 2
// Lesson 2 after step 2: a Maze has a screen.
//@ end
//@ 3
// Lesson 2 after step 3: a Maze has a turtle.
//@ end
//@ 4
// Lesson 2 after step 4: the background is blue.
//@ end
//@ 5
// Lesson 2 after step 5: a 20 by 20 matrix of walls.
//@ end
//@ 6
// Lesson 2 after step 6: reset() starts the maze at the top-left square.
//@ end
//@ 7
// Lesson 2 after step 7: getMatrixValueAt reads the square under a position.
//@ end
//@ 8
// Lesson 2 after step 8: setMatrixValueAt writes it.
//@ end
//@ 9
// Lesson 2 after step 9: the picture follows the matrix.
//@ end
//@ 10
// Lesson 2 after step 10: dig east.
//@ end
//@ 11
// Lesson 2 after step 11: dig south.
//@ end
//@ 12
// Lesson 2 after step 12: dig west.
//@ end
//@ 13
// Lesson 2 after step 13: dig north.
//@ end
//@ 14
// Lesson 2 after step 14: digging stops at the edges.
//@ end
//@ 15
// Lesson 2 after step 15: digging never breaks into another path.
//@ end
//@ 16
// Lesson 2 after step 16: a passage always leads to a cell.
//@ end
//@ 17
// Lesson 2 after step 17: neighbors().
//@ end
//@ 18
// Lesson 2 after step 18: named values for the squares.
//@ end
//@ 19
// Lesson 2 after step 19: makeMaze() digs one step.
//@ end
//@ 20
// Lesson 2 after step 20: makeMaze() digs the whole maze.
//@ end
//@ 21
// Lesson 2 after step 21: the same seed gives the same maze.
//@ end
//@ 22-
// Lesson 2 after step 22: the END square.
//@ end
//@ 7-

#include <cmath>
//@ end
//@ 19-
#include <cstddef>
//@ end
//@ 21-
#include <cstdint>
//@ end
//@ 19-
#include <random>
//@ end
//@ 14-
#include <stdexcept>
#include <string>
//@ end
//@ 7-
#include <vector>
//@ end

//@ 1
// A maze. That is all we know about it so far.
class Maze {};
//@ end
//@ 2-
#include <turtle/turtle.hpp>
//@ end
//@ 5-6
#include <vector>
//@ end
//@ 5-

// The maze's numbers, each named once: a name says what a number means, and a number that
// changes is changed here, in one place.
//@ end
//@ 5
constexpr int SIZE = 20;  // squares in each row and each column of the matrix
//@ end
//@ 6-
constexpr int SIZE = 20;    // squares in each row and each column of the matrix
constexpr int SQUARE = 20;  // a square's side on the screen, in pixels
constexpr int LEFT = -190;  // x of the centre of every square in column 0
constexpr int TOP = 190;    // y of the centre of every square in row 0
//@ end
//@ 10-

// The directions dig() takes, numbered the way the turtle's headings turn: counter-clockwise,
// starting from east.
constexpr int EAST = 0;
constexpr int NORTH = 1;
constexpr int WEST = 2;
constexpr int SOUTH = 3;
//@ end
//@ 17-

//@ end
//@ 18-
// What a square of the matrix holds.
constexpr int INVALID = -1;  // not a square: the position is off the matrix
constexpr int EMPTY = 0;     // dug out, part of a path: white
constexpr int WALL = 1;      // blue
constexpr int VISITED = 2;   // on the way through the maze (lesson 3)
constexpr int END = 3;       // the goal: yellow

//@ end
//@ 17-
// A square two steps away from the turtle, and what the matrix holds there.
struct Neighbor {
  turtle::Vec2D position;
  int value;
};
//@ end
//@ 2-

// A maze: a matrix of squares, and a picture of it drawn by a turtle on a 400 by 400 screen.
class Maze {
 public:
  turtle::Screen screen;
//@ end
//@ 3-
  turtle::Turtle turtle{screen};
//@ end
//@ 5-17
  std::vector<std::vector<int>> matrix;  // matrix[row][col]; 1 is wall, 0 is empty
//@ end
//@ 18-
  std::vector<std::vector<int>> matrix;  // matrix[row][col]: EMPTY, WALL, VISITED or END
//@ end
//@ 4-

  Maze() {
    screen.bgcolor("blue");  // blue is wall, and at first everything is wall
//@ end
//@ 5-17
    matrix.assign(SIZE, std::vector<int>(SIZE, 1));
//@ end
//@ 18-
    matrix.assign(SIZE, std::vector<int>(SIZE, WALL));
//@ end
//@ 6-
    turtle.penup();  // the turtle moves without drawing lines
  }

  // Starts again: all wall but the top-left square, which is empty, with the turtle on it.
  void reset() {
    turtle.clearstamps();
//@ end
//@ 6-17
    matrix.assign(SIZE, std::vector<int>(SIZE, 1));
//@ end
//@ 18-
    matrix.assign(SIZE, std::vector<int>(SIZE, WALL));
//@ end
//@ 6-
    screen.bgcolor("blue");
    turtle.goTo(centreOf(0, 0));
    turtle.shape("square");
    turtle.color("white");
    turtle.stamp();
//@ end
//@ 6-17
    matrix[0][0] = 0;
//@ end
//@ 18-
    matrix[0][0] = EMPTY;
//@ end
//@ 6-
  }

  // The centre of the square in a row and a column, where the turtle stands to stamp it.
  static turtle::Vec2D centreOf(int row, int col) {
    return turtle::Vec2D(LEFT + SQUARE * col, TOP - SQUARE * row);
//@ end
//@ 4-
  }
//@ end
//@ 7-

//@ end
//@ 7-17
  // The value of the square under a position, or -1 for a position off the matrix.
//@ end
//@ 18-
  // The value of the square under a position, or INVALID for a position off the matrix.
//@ end
//@ 7-
  int getMatrixValueAt(const turtle::Vec2D& position) const {
    const int row = rowOf(position);
    const int col = colOf(position);
//@ end
//@ 7
    if (row < 0 || row >= SIZE || col < 0 || col >= SIZE) return -1;
//@ end
//@ 8-17
    if (!onMatrix(row, col)) return -1;
//@ end
//@ 18-
    if (!onMatrix(row, col)) return INVALID;
//@ end
//@ 7-
    return matrix[row][col];
  }

//@ end
//@ 8-
  // Sets the square under a position. Returns false, and changes nothing, for a position off
  // the matrix.
  bool setMatrixValueAt(const turtle::Vec2D& position, int value) {
    const int row = rowOf(position);
    const int col = colOf(position);
    if (!onMatrix(row, col)) return false;
    matrix[row][col] = value;
//@ end
//@ 9-
    // Stamp the square in its colour, then go back: the picture follows the matrix.
    const turtle::Vec2D here = turtle.position();
    turtle.goTo(centreOf(row, col));
//@ end
//@ 9-21
    turtle.color(value == 0 ? "white" : "blue");
//@ end
//@ 22-
    turtle.color(colorOf(value));
//@ end
//@ 9-
    turtle.stamp();
    turtle.goTo(here);
//@ end
//@ 8-
    return true;
//@ end
//@ 22-
  }

  // The colour the picture shows for a value.
  static const char* colorOf(int value) {
    if (value == EMPTY) return "white";
    if (value == END) return "yellow";
    return "blue";
//@ end
//@ 8-
  }

//@ end
//@ 10-14
  // Digs one square in a direction and moves the turtle onto it. Returns where the turtle is.
//@ end
//@ 15-
  // Digs one square in a direction and moves the turtle onto it. It digs only a wall, and never
  // one that would break into another path. Returns where the turtle is.
//@ end
//@ 10-
  turtle::Vec2D dig(int direction) {
//@ end
//@ 14
    if (direction != EAST && direction != NORTH && direction != WEST && direction != SOUTH) {
      throw std::invalid_argument("dig: the direction must be EAST, NORTH, WEST or SOUTH, got " +
                                  std::to_string(direction));
//@ end
//@ 15-
    const turtle::Vec2D here = turtle.position();
    const turtle::Vec2D step = stepTowards(direction);
    const turtle::Vec2D target = here + step;
//@ end
//@ 15-17
    if (getMatrixValueAt(target) != 1) return here;  // off the matrix, or dug already
//@ end
//@ 18-
    if (getMatrixValueAt(target) != WALL) return here;  // off the matrix, or dug already
//@ end
//@ 16-
    // A square in an odd row or column is a passage between two cells: it must lead to the
    // cell beyond it, on the matrix.
    const bool passage = rowOf(target) % 2 != 0 || colOf(target) % 2 != 0;
//@ end
//@ 16-17
    if (passage && getMatrixValueAt(target + step) == -1) return here;
//@ end
//@ 18-
    if (passage && getMatrixValueAt(target + step) == INVALID) return here;
//@ end
//@ 15-
    // The square beyond the target and the two beside it must not be open: squares off the
    // matrix count as wall.
    const turtle::Vec2D side(step.y, -step.x);  // the step turned a right angle
    for (const turtle::Vec2D& around : {target + step, target + side, target - side}) {
      const int value = getMatrixValueAt(around);
//@ end
//@ 15-17
      if (value != 1 && value != -1) return here;
//@ end
//@ 18-
      if (value != WALL && value != INVALID) return here;
//@ end
//@ 14-
    }
//@ end
//@ 14
    const turtle::Vec2D last = centreOf(SIZE - 1, SIZE - 1);  // the bottom-right square
//@ end
//@ 10-14
    if (direction == EAST) {
//@ end
//@ 10-13
      turtle.goTo(turtle.xcor() + SQUARE, turtle.ycor());
      setMatrixValueAt(turtle.position(), 0);
//@ end
//@ 14
      if (turtle.xcor() < last.x) {
        turtle.goTo(turtle.xcor() + SQUARE, turtle.ycor());
        setMatrixValueAt(turtle.position(), 0);
      }
//@ end
//@ 10-14
    }
//@ end
//@ 11-14
    if (direction == SOUTH) {
//@ end
//@ 11-13
      turtle.goTo(turtle.xcor(), turtle.ycor() - SQUARE);
      setMatrixValueAt(turtle.position(), 0);
//@ end
//@ 14
      if (turtle.ycor() > last.y) {
        turtle.goTo(turtle.xcor(), turtle.ycor() - SQUARE);
        setMatrixValueAt(turtle.position(), 0);
      }
//@ end
//@ 11-14
    }
//@ end
//@ 12-14
    if (direction == WEST) {
      if (turtle.xcor() > LEFT) {
        turtle.goTo(turtle.xcor() - SQUARE, turtle.ycor());
        setMatrixValueAt(turtle.position(), 0);
      }
    }
//@ end
//@ 13-14
    if (direction == NORTH) {
//@ end
//@ 13
      turtle.goTo(turtle.xcor(), turtle.ycor() + SQUARE);
      setMatrixValueAt(turtle.position(), 0);
//@ end
//@ 14
      if (turtle.ycor() < TOP) {
        turtle.goTo(turtle.xcor(), turtle.ycor() + SQUARE);
        setMatrixValueAt(turtle.position(), 0);
      }
//@ end
//@ 13-14
    }
//@ end
//@ 15-
    turtle.goTo(target);
//@ end
//@ 15-17
    setMatrixValueAt(target, 0);
//@ end
//@ 18-
    setMatrixValueAt(target, EMPTY);
//@ end
//@ 10-
    return turtle.position();
  }

//@ end
//@ 17-
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

//@ end
//@ 19
  // Digs from the turtle's cell towards a neighbour, chosen at random among those still wall:
  // two squares, the wall between and the cell beyond.
//@ end
//@ 20-21
  // Digs the whole maze from the turtle's cell: towards each neighbour in random order, and
  // from each new cell the same again, until every cell has been reached.
//@ end
//@ 22-
  // Digs the whole maze from the turtle's cell, then makes the bottom-right cell the END: in
  // row and column SIZE - 2, since the last row and column stay wall.
//@ end
//@ 19-
  void makeMaze() {
//@ end
//@ 20-21
    const turtle::Vec2D here = turtle.position();
//@ end
//@ 19-21
    std::vector<Neighbor> untried = neighbors();
    while (!untried.empty()) {
      const std::size_t pick = random_() % untried.size();
      const Neighbor choice = untried[pick];
      untried.erase(untried.begin() + static_cast<std::ptrdiff_t>(pick));
//@ end
//@ 19
      if (choice.value == WALL) {
//@ end
//@ 20-21
      turtle.goTo(here);
      // Ask the matrix again: digging onwards from another neighbour may have reached it.
      if (getMatrixValueAt(choice.position) == WALL) {
//@ end
//@ 19-21
        const int direction = directionTo(choice.position);
        dig(direction);
        dig(direction);
//@ end
//@ 19
        return;
//@ end
//@ 20-21
        makeMaze();
//@ end
//@ 19-21
      }
    }
//@ end
//@ 22-
    digFromHere();
    setMatrixValueAt(centreOf(SIZE - 2, SIZE - 2), END);
//@ end
//@ 19-
  }

//@ end
//@ 21-
  // Makes makeMaze() repeatable: the same seed gives the same maze, on every machine.
  void seed(std::uint64_t n) { random_.seed(static_cast<std::uint32_t>(n)); }

//@ end
//@ 7-
 private:
//@ end
//@ 8-
  static bool onMatrix(int row, int col) {
    return row >= 0 && row < SIZE && col >= 0 && col < SIZE;
  }
//@ end
//@ 7-
  // A square reaches SQUARE / 2 either side of its centre: square [0][0] covers x from
  // LEFT - SQUARE / 2 (-200) to -180 and y from TOP + SQUARE / 2 (200) down to 180.
  static int rowOf(const turtle::Vec2D& position) {
    return static_cast<int>(std::floor((TOP + SQUARE / 2.0 - position.y) / SQUARE));
  }
  static int colOf(const turtle::Vec2D& position) {
    return static_cast<int>(std::floor((position.x - (LEFT - SQUARE / 2.0)) / SQUARE));
  }
//@ end
//@ 15-

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
//@ end
//@ 19-

  // The direction from the turtle to a square in the same row or column.
  int directionTo(const turtle::Vec2D& square) const {
    const turtle::Vec2D p = turtle.position();
    if (square.x > p.x) return EAST;
    if (square.x < p.x) return WEST;
    return square.y > p.y ? NORTH : SOUTH;
  }

//@ end
//@ 22-
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

//@ end
//@ 19-
  std::mt19937 random_{20};  // a fixed seed at first: the same maze on every machine
//@ end
//@ 2-
};
//@ end
