#pragma once
// Lesson 5 after step 4: solve() keeps its own stack too.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <turtle/turtle.hpp>

// The maze's numbers, each named once: a name says what a number means, and a number that
// changes is changed here, in one place.
constexpr int SIZE = 20;     // squares in each row and each column, unless a Maze is told
constexpr int SCREEN = 400;  // the screen's side in pixels: a maze fills it
constexpr int STAMP = 20;    // the side of the turtle's square stamp, before it is stretched

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

  // A maze of size by size squares, drawn to fill the screen: each square is SCREEN / size
  // pixels. Cells are the squares in even rows and columns, so the size must be even, and 4 or
  // more. `explicit`: a Maze is made by asking for one, Maze m(30), never from a bare 30.
  explicit Maze(int size = SIZE)
      : size_(checkedSize(size)), square_(static_cast<double>(SCREEN) / size) {
    screen.bgcolor("blue");  // blue is wall, and at first everything is wall
    matrix.assign(size_, std::vector<int>(size_, WALL));
    turtle.penup();                     // the turtle moves without drawing lines
    turtle.shapesize(square_ / STAMP);  // its square stamp covers one square
  }

  // Squares in each row and each column.
  int size() const { return size_; }

  // Starts again: all wall but the top-left square, which is empty, with the turtle on it.
  void reset() {
    turtle.clearstamps();
    matrix.assign(size_, std::vector<int>(size_, WALL));
    screen.bgcolor("blue");
    turtle.goTo(centreOf(0, 0));
    turtle.shape("square");
    turtle.color("white");
    turtle.stamp();
    matrix[0][0] = EMPTY;
  }

  // The centre of the square in a row and a column, where the turtle stands to stamp it.
  turtle::Vec2D centreOf(int row, int col) const {
    return turtle::Vec2D(-SCREEN / 2 + square_ * (col + 0.5), SCREEN / 2 - square_ * (row + 0.5));
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
         {p + turtle::Vec2D(0, 2 * square_), p + turtle::Vec2D(0, -2 * square_),
          p + turtle::Vec2D(2 * square_, 0), p + turtle::Vec2D(-2 * square_, 0)}) {
      result.push_back({q, getMatrixValueAt(q)});
    }
    return result;
  }

  // Digs the whole maze from the turtle's cell, then makes the bottom-right cell the END: in
  // row and column size - 2, since the last row and column stay wall.
  void makeMaze() {
    digFromHere();
    setMatrixValueAt(centreOf(size_ - 2, size_ - 2), END);
  }

  // makeMaze() as it was first written, with a function that calls itself: kept to prove that
  // a new makeMaze() digs the same mazes.
  void makeMazeRecursive() {
    digFromHereRecursive();
    setMatrixValueAt(centreOf(size_ - 2, size_ - 2), END);
  }

  // Makes makeMaze() repeatable: the same seed gives the same maze, on every machine.
  void seed(std::uint64_t n) { random_.seed(static_cast<std::uint32_t>(n)); }

  // Finds the way from the top-left square to the END: marks it VISITED (the END stays END)
  // and returns the centres of its squares, start and END included.
  std::vector<turtle::Vec2D> solve() {
    // Forget the last way first: its squares are open, and must be searched again.
    for (int row = 0; row < size_; ++row) {
      for (int col = 0; col < size_; ++col) {
        if (matrix[row][col] == VISITED) {
          setMatrixValueAt(centreOf(row, col), EMPTY);
        }
      }
    }
    std::vector<turtle::Vec2D> way;
    searchFrom(centreOf(0, 0), way);
    return way;
  }

  // The maze as text, one line for each row of squares: `wall` for a wall ("#" unless told,
  // or a block, "█"), a space for the rest. The matrix has no wall above its first row or
  // left of its first column: the text adds them, so the maze is closed all round. Each cell,
  // and each passage along it, is cellSize characters wide and cellSize lines high; the walls
  // between stay one character thin.
  std::string toText(int cellSize = 1, const std::string& wall = "#") const {
    if (cellSize < 1) {
      throw std::invalid_argument("toText: the cell size must be 1 or more; got " +
                                  std::to_string(cellSize));
    }
    if (wall.empty()) throw std::invalid_argument("toText: the wall must be a character; got \"\"");
    // Squares in even rows and columns are cells (and the passages beside them): wide.
    const auto width = [cellSize](std::size_t i) { return i % 2 == 0 ? cellSize : 1; };
    // `times` copies of a piece of text.
    const auto repeat = [](const std::string& piece, int times) {
      std::string result;
      for (int i = 0; i < times; ++i) result += piece;
      return result;
    };
    std::string wallLine = wall;  // the wall along the top: as long as any other line
    for (std::size_t col = 0; col < matrix.size(); ++col) wallLine += repeat(wall, width(col));
    std::string text = wallLine + '\n';
    for (std::size_t row = 0; row < matrix.size(); ++row) {
      std::string line = wall;  // the wall down the left
      for (std::size_t col = 0; col < matrix.size(); ++col) {
        line += repeat(matrix[row][col] == WALL ? wall : " ", width(col));
      }
      for (int i = 0; i < width(row); ++i) text += line + '\n';
    }
    return text;
  }

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

  // Loops (lesson 7): dead ends, and walls taken down to join them.

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

//@ 2-
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
        walls.push_back(centreOf(wallRow, wallCol));
      }
    }
    return walls;
  }

//@ end
//@ 2
  // Takes down walls at dead ends, so that the maze gets loops: one wall of each, until no dead
  // end is left.
  void braid(double /*fraction*/) {
    while (true) {
//@ end
//@ 3-
  // Takes down walls at dead ends, so that the maze gets loops: braid(0.5) opens one wall for
//@ end
//@ 3
  // every other dead end there is, braid(1) goes on until there is none.
//@ end
//@ 4-
  // every other dead end there is, braid(1) goes on until there is none. Which dead ends and
  // which of their walls are chosen at random, from the maze's seed.
//@ end
//@ 3-
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
//@ end
//@ 2-
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
//@ end
//@ 2-3
      setMatrixValueAt(choices[0][0], EMPTY);
//@ end
//@ 4-
      const std::vector<turtle::Vec2D>& walls = choices[random_() % choices.size()];
      setMatrixValueAt(walls[random_() % walls.size()], EMPTY);
//@ end
//@ 2-
    }
  }

//@ end
 private:
  // The size a constructor was given, if a maze can have it.
  static int checkedSize(int size) {
    if (size < 4 || size % 2 != 0) {
      throw std::invalid_argument(
          "Maze: the size must be an even number of squares, 4 or more; got " +
          std::to_string(size));
    }
    return size;
  }

  bool onMatrix(int row, int col) const {
    return row >= 0 && row < size_ && col >= 0 && col < size_;
  }
  // The screen's top-left corner is (-SCREEN / 2, SCREEN / 2): square [0][0] covers x from
  // there to -SCREEN / 2 + square_ and y down to SCREEN / 2 - square_.
  int rowOf(const turtle::Vec2D& position) const {
    return static_cast<int>(std::floor((SCREEN / 2 - position.y) / square_));
  }
  int colOf(const turtle::Vec2D& position) const {
    return static_cast<int>(std::floor((position.x + SCREEN / 2) / square_));
  }

  // One square's step in a direction.
  turtle::Vec2D stepTowards(int direction) const {
    switch (direction) {
      case EAST:
        return {square_, 0};
      case NORTH:
        return {0, square_};
      case WEST:
        return {-square_, 0};
      case SOUTH:
        return {0, -square_};
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

  // makeMaze()'s digging, with a stack of its own: each entry is a cell the digging has reached
  // and the neighbours it has still to try from there. The top entry is where it digs from;
  // when a cell has nothing left to try, the digging goes back to the cell before it. This is
  // what the function calling itself did, with the program's stack keeping the entries.
  void digFromHere() {
    struct Place {
      turtle::Vec2D here;
      std::vector<Neighbor> untried;
    };
    std::vector<Place> stack;
    stack.push_back({turtle.position(), neighbors()});
    while (!stack.empty()) {
      Place& top = stack.back();
      if (top.untried.empty()) {
        stack.pop_back();  // a dead end: back to the cell before
        continue;
      }
      const std::size_t pick = random_() % top.untried.size();
      const Neighbor choice = top.untried[pick];
      top.untried.erase(top.untried.begin() + static_cast<std::ptrdiff_t>(pick));
      turtle.goTo(top.here);
      // Ask the matrix again: digging onwards from another neighbour may have reached it.
      if (getMatrixValueAt(choice.position) == WALL) {
        const int direction = directionTo(choice.position);
        dig(direction);
        dig(direction);
        // push_back may move every entry to new memory: `top` is not used after it.
        stack.push_back({turtle.position(), neighbors()});
      }
    }
  }

  // makeMazeRecursive()'s digging, as makeMaze() first did it.
  void digFromHereRecursive() {
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
        digFromHereRecursive();
      }
    }
  }

  // Searches from a square, marking the way as it goes, with a stack of its own: the way
  // itself, and beside each of its squares how many of the four steps from it were tried. True
  // when it reaches the END, with the way to it in `way`.
  bool searchFrom(const turtle::Vec2D& start, std::vector<turtle::Vec2D>& way) {
    // North, south, east and west, one square away: the order the search tries them in.
    const turtle::Vec2D steps[] = {turtle::Vec2D(0, square_), turtle::Vec2D(0, -square_),
                                   turtle::Vec2D(square_, 0), turtle::Vec2D(-square_, 0)};
    std::vector<int> tried;  // tried[i]: the steps tried from way[i]
    turtle::Vec2D square = start;
    while (true) {
      const int value = getMatrixValueAt(square);
      if (value == END) {
        way.push_back(square);
        return true;
      }
      if (value == EMPTY) {  // a new square on the way: go on from it
        setMatrixValueAt(square, VISITED);
        way.push_back(square);
        tried.push_back(0);
      }
      // From the last square of the way, the next step not tried yet; back out of squares
      // that have none left: they are dead ends, not on the way after all.
      while (!way.empty() && tried.back() == 4) {
        setMatrixValueAt(way.back(), EMPTY);
        way.pop_back();
        tried.pop_back();
      }
      if (way.empty()) return false;
      square = way.back() + steps[tried.back()];
      ++tried.back();
    }
  }

  int size_;                 // squares in each row and each column
  double square_;            // a square's side on the screen, in pixels
  std::mt19937 random_{20};  // a fixed seed at first: the same maze on every machine
};

// Writes a maze as text, as toText() does: std::cout << maze; works as Python's print(maze).
inline std::ostream& operator<<(std::ostream& out, const Maze& maze) {
  return out << maze.toText();
}
