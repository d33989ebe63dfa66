#pragma once
//@ 1
// Lesson 4 after step 1: the maze as text.
//@ end
//@ 2
// Lesson 4 after step 2: wider cells in the text.
//@ end
//@ 3
// Lesson 4 after step 3: any wall in the text, blocks too.
//@ end
//@ 4
// Lesson 4 after step 4: the maze drawn with corners and edges.
//@ end
//@ 5
// Lesson 4 after step 5: std::cout << maze.
//@ end
//@ 6-
// Lesson 4 after step 6: a maze read from text.
//@ end

#include <cmath>
#include <cstddef>
#include <cstdint>
//@ 5-
#include <ostream>
//@ end
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

  // Finds the way from the top-left square to the END: marks it VISITED (the END stays END)
  // and returns the centres of its squares, start and END included.
  std::vector<turtle::Vec2D> solve() {
    // Forget the last way first: its squares are open, and must be searched again.
    for (int row = 0; row < SIZE; ++row) {
      for (int col = 0; col < SIZE; ++col) {
        if (matrix[row][col] == VISITED) {
          setMatrixValueAt(centreOf(row, col), EMPTY);
        }
      }
    }
    std::vector<turtle::Vec2D> way;
    searchFrom(centreOf(0, 0), way);
    return way;
  }

//@ 1-2
  // The maze as text, one line for each row of squares: '#' for a wall, a space for the rest.
  // The matrix has no wall above its first row or left of its first column: the text adds
//@ end
//@ 1
  // them, so the maze is closed all round.
  std::string toText() const {
    const std::size_t size = matrix.size();
    std::string text(size + 1, '#');  // the wall along the top
    text += '\n';
    for (const std::vector<int>& row : matrix) {
      text += '#';  // the wall down the left
      for (int value : row) text += value == WALL ? '#' : ' ';
      text += '\n';
//@ end
//@ 2
  // them, so the maze is closed all round. Each cell, and each passage along it, is cellSize
  // characters wide and cellSize lines high; the walls between stay one character thin.
  std::string toText(int cellSize = 1) const {
//@ end
//@ 3-
  // The maze as text, one line for each row of squares: `wall` for a wall ("#" unless told,
  // or a block, "█"), a space for the rest. The matrix has no wall above its first row or
  // left of its first column: the text adds them, so the maze is closed all round. Each cell,
  // and each passage along it, is cellSize characters wide and cellSize lines high; the walls
  // between stay one character thin.
  std::string toText(int cellSize = 1, const std::string& wall = "#") const {
//@ end
//@ 2-
    if (cellSize < 1) {
      throw std::invalid_argument("toText: the cell size must be 1 or more; got " +
                                  std::to_string(cellSize));
    }
//@ end
//@ 3-
    if (wall.empty()) throw std::invalid_argument("toText: the wall must be a character; got \"\"");
//@ end
//@ 2-
    // Squares in even rows and columns are cells (and the passages beside them): wide.
    const auto width = [cellSize](std::size_t i) { return i % 2 == 0 ? cellSize : 1; };
//@ end
//@ 2
    std::string wallLine = "#";  // the wall along the top: as long as any other line
    for (std::size_t col = 0; col < matrix.size(); ++col) wallLine += std::string(width(col), '#');
//@ end
//@ 3-
    // `times` copies of a piece of text.
    const auto repeat = [](const std::string& piece, int times) {
      std::string result;
      for (int i = 0; i < times; ++i) result += piece;
      return result;
    };
    std::string wallLine = wall;  // the wall along the top: as long as any other line
    for (std::size_t col = 0; col < matrix.size(); ++col) wallLine += repeat(wall, width(col));
//@ end
//@ 2-
    std::string text = wallLine + '\n';
    for (std::size_t row = 0; row < matrix.size(); ++row) {
//@ end
//@ 2
      std::string line = "#";  // the wall down the left
//@ end
//@ 3-
      std::string line = wall;  // the wall down the left
//@ end
//@ 2-
      for (std::size_t col = 0; col < matrix.size(); ++col) {
//@ end
//@ 2
        line += std::string(width(col), matrix[row][col] == WALL ? '#' : ' ');
//@ end
//@ 3-
        line += repeat(matrix[row][col] == WALL ? wall : " ", width(col));
//@ end
//@ 2-
      }
      for (int i = 0; i < width(row); ++i) text += line + '\n';
//@ end
    }
    return text;
  }

//@ 4-
  // The maze drawn with corners and edges: a '+' at each corner of a cell, "--" for a wall
  // above or below it and '|' for a wall beside it. Each cell says only whether its right and
  // its lower wall stand; its left and upper walls are its neighbours' right and lower ones.
  std::string toBoxText() const {
    const std::size_t cells = matrix.size() / 2;  // cells in a row, and in a column
    std::string text = "+";
    for (std::size_t col = 0; col < cells; ++col) text += "--+";  // the top: all wall
    text += '\n';
    for (std::size_t row = 0; row < cells; ++row) {
      std::string middle = "|";  // the left: all wall
      std::string bottom = "+";
      for (std::size_t col = 0; col < cells; ++col) {
        // The cell is matrix[2 * row][2 * col]; its right wall the square east of it, its
        // lower wall the square south of it.
        const bool rightWall = matrix[2 * row][2 * col + 1] == WALL;
        const bool lowerWall = matrix[2 * row + 1][2 * col] == WALL;
        middle += rightWall ? "  |" : "   ";
        bottom += lowerWall ? "--+" : "  +";
      }
      text += middle + '\n' + bottom + '\n';
    }
    return text;
  }

//@ end
//@ 6-
  // Reads a maze from text as toText() writes it ('#' a wall, a space open, the outer wall
  // included) and makes it this maze: matrix and picture. The text must fit this maze's size.
  // Bad text changes nothing: every line is checked first, and the error names the line.
  void readText(const std::string& text) {
    const std::size_t size = matrix.size();
    std::vector<std::vector<int>> read;
    std::size_t lineNumber = 0;
    std::size_t start = 0;
    while (start < text.size()) {
      std::size_t end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      const std::string line = text.substr(start, end - start);
      start = end + 1;
      ++lineNumber;
      const std::string where = "readText: line " + std::to_string(lineNumber);
      if (line.size() != size + 1) {
        throw std::invalid_argument(where + " has " + std::to_string(line.size()) +
                                    " characters; each line of a maze of " + std::to_string(size) +
                                    " squares has " + std::to_string(size + 1));
      }
      for (std::size_t i = 0; i < line.size(); ++i) {
        const bool border = lineNumber == 1 || i == 0;
        if (line[i] != '#' && (line[i] != ' ' || border)) {
          throw std::invalid_argument(where + ", column " + std::to_string(i + 1) + ": '" +
                                      line.substr(i, 1) + "' where " +
                                      (border ? "the outer wall needs '#'" : "'#' or ' ' belongs"));
        }
      }
      if (lineNumber == 1) continue;  // the wall along the top
      std::vector<int> row;
      for (std::size_t i = 1; i < line.size(); ++i) row.push_back(line[i] == '#' ? WALL : EMPTY);
      read.push_back(row);
    }
    if (read.size() != size) {
      throw std::invalid_argument("readText: the text has " + std::to_string(lineNumber) +
                                  " lines; a maze of " + std::to_string(size) + " squares has " +
                                  std::to_string(size + 1));
    }
    // The text is good: start again from all wall, and dig out what it shows.
    turtle.clearstamps();
    matrix.assign(size, std::vector<int>(size, WALL));
    const turtle::Vec2D here = turtle.position();
    for (std::size_t row = 0; row < size; ++row) {
      for (std::size_t col = 0; col < size; ++col) {
        if (read[row][col] == EMPTY) {
          setMatrixValueAt(centreOf(static_cast<int>(row), static_cast<int>(col)), EMPTY);
        }
      }
    }
    turtle.goTo(here);
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
    // A dead end: this square is not on the way after all.
    setMatrixValueAt(square, EMPTY);
    way.pop_back();
    return false;
  }

  std::mt19937 random_{20};  // a fixed seed at first: the same maze on every machine
};
//@ 5-

// Writes a maze as text, as toText() does: std::cout << maze; works as Python's print(maze).
inline std::ostream& operator<<(std::ostream& out, const Maze& maze) {
  return out << maze.toText();
}
//@ end
