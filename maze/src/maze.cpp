#include "maze/maze.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace maze {

namespace {

int screenSide(int squares, int squareSize, const char* what) {
  if (squareSize < 1) {
    throw std::invalid_argument("square size must be at least 1 pixel, got " +
                                std::to_string(squareSize));
  }
  if (squares < 1) return 1;  // the size check below reports it with both sides
  if (squares > 8192 / squareSize) {
    throw std::invalid_argument(std::string("the maze's ") + what + " of " +
                                std::to_string(squares) + " squares of " +
                                std::to_string(squareSize) +
                                " pixels does not fit on a screen; at most 8192 pixels a side");
  }
  return squares * squareSize;
}

int checkedRows(int rows, int cols) {
  if (rows < 1 || cols < 1) {
    throw std::invalid_argument("maze size must be at least 1×1, got " + std::to_string(rows) +
                                "×" + std::to_string(cols));
  }
  return rows;
}

void checkValue(int value) {
  if (value != EMPTY && value != WALL && value != VISITED && value != END) {
    throw std::invalid_argument(
        "matrix value must be EMPTY (0), WALL (1), VISITED (2) or END (3), got " +
        std::to_string(value));
  }
}

}  // namespace

Maze::Maze() : Maze(20, 20, 20) {}

Maze::Maze(int rows, int cols, int squareSize)
    : screen(screenSide(cols, squareSize, "width"), screenSide(rows, squareSize, "height")),
      turtle(screen),
      matrix(static_cast<std::size_t>(checkedRows(rows, cols)),
             std::vector<int>(static_cast<std::size_t>(cols), WALL)),
      rows_(rows),
      cols_(cols),
      squareSize_(squareSize),
      random_(Random::fromEntropy()) {
  screen.bgcolor("blue");
  turtle.penup();
}

turtle::Vec2D Maze::positionOf(int row, int col) const {
  const double half = squareSize_ / 2.0;
  return {-cols_ * squareSize_ / 2.0 + half + col * squareSize_,
          rows_ * squareSize_ / 2.0 - half - row * squareSize_};
}

const char* Maze::colorOf(int value) {
  switch (value) {
    case EMPTY:
      return "white";
    case WALL:
      return "blue";
    case VISITED:
      return "red";
    case END:
      return "yellow";
    default:
      checkValue(value);
  }
  return "blue";
}

bool Maze::squareAt(const turtle::Vec2D& position, Square& square) const {
  const double col = std::floor((position.x + cols_ * squareSize_ / 2.0) / squareSize_);
  const double row = std::floor((rows_ * squareSize_ / 2.0 - position.y) / squareSize_);
  // Compare as doubles first: NaN and huge values fail here, before any cast to int.
  if (!(col >= 0 && col < cols_ && row >= 0 && row < rows_)) return false;
  square = {static_cast<int>(row), static_cast<int>(col)};
  return true;
}

int Maze::valueAt(int row, int col) const {
  // The matrix is public, so its size is checked too: a row a student shortened reads
  // INVALID past its end rather than memory beyond it.
  if (row < 0 || row >= rows_ || col < 0 || col >= cols_) return INVALID;
  if (static_cast<std::size_t>(row) >= matrix.size()) return INVALID;
  const auto& line = matrix[static_cast<std::size_t>(row)];
  if (static_cast<std::size_t>(col) >= line.size()) return INVALID;
  return line[static_cast<std::size_t>(col)];
}

bool Maze::isOpen(int row, int col) const {
  const int v = valueAt(row, col);
  return v != WALL && v != INVALID;
}

int Maze::getMatrixValueAt(const turtle::Vec2D& position) const {
  Square s{};
  if (!squareAt(position, s)) return INVALID;
  return valueAt(s.row, s.col);
}

bool Maze::setMatrixValueAt(const turtle::Vec2D& position, int value) {
  checkValue(value);
  Square s{};
  if (!squareAt(position, s) || valueAt(s.row, s.col) == INVALID) return false;
  matrix[static_cast<std::size_t>(s.row)][static_cast<std::size_t>(s.col)] = value;

  const turtle::Vec2D oldPosition = turtle.position();
  const auto oldColors = turtle.color();
  turtle.goTo(positionOf(s.row, s.col));
  turtle.color(colorOf(value));
  turtle.stamp();
  turtle.goTo(oldPosition);
  turtle.color(oldColors.first, oldColors.second);
  return true;
}

void Maze::reset() {
  turtle.clearstamps();
  matrix.assign(static_cast<std::size_t>(rows_),
                std::vector<int>(static_cast<std::size_t>(cols_), WALL));
  screen.bgcolor("blue");
  turtle.goTo(positionOf(0, 0));
  turtle.shape("square");
  turtle.shapesize(squareSize_ / 20.0);  // the square stamp is 20 pixels at size 1
  turtle.color("white");
  setMatrixValueAt(turtle.position(), EMPTY);
}

turtle::Vec2D Maze::dig(int direction) { return dig(directionFromNumber(direction)); }

turtle::Vec2D Maze::dig(Direction direction) {
  const Cell offset = step({0, 0}, direction);
  const int dr = offset.row;
  const int dc = offset.col;
  const turtle::Vec2D here = turtle.position();
  Square from{};
  if (!squareAt(here, from)) return here;
  const int row = from.row + dr;
  const int col = from.col + dc;
  if (valueAt(row, col) != WALL) return here;  // off the matrix, or dug already
  // A square that is not a cell (cells sit at even rows and columns) is a passage between two
  // cells: not if the cell beyond it is off the matrix, for then it would lead nowhere.
  const bool isCell = row % 2 == 0 && col % 2 == 0;
  if (!isCell && valueAt(row + dr, col + dc) == INVALID) return here;
  // Never break into another path: the target's other three sides must be wall.
  const std::pair<int, int> around[4] = {
      {row - 1, col}, {row + 1, col}, {row, col - 1}, {row, col + 1}};
  for (auto [r, c] : around) {
    if (r == from.row && c == from.col) continue;
    if (isOpen(r, c)) return here;
  }
  turtle.goTo(positionOf(row, col));
  setMatrixValueAt(turtle.position(), EMPTY);
  return turtle.position();
}

std::vector<Neighbor> Maze::neighbors() const {
  const turtle::Vec2D p = turtle.position();
  const double two = 2.0 * squareSize_;
  std::vector<Neighbor> result;
  for (Direction d : lessonOrder) {
    const Cell offset = step({0, 0}, d);  // a row down is y down
    const turtle::Vec2D q(p.x + offset.col * two, p.y - offset.row * two);
    result.push_back({q, getMatrixValueAt(q)});
  }
  return result;
}

namespace {

/// The direction from one position to another along a row or a column.
Direction directionTowards(const turtle::Vec2D& from, const turtle::Vec2D& to) {
  if (std::abs(to.x - from.x) < std::abs(to.y - from.y)) {
    return to.y > from.y ? Direction::north : Direction::south;
  }
  return to.x > from.x ? Direction::east : Direction::west;
}

}  // namespace

void Maze::makeMaze() {
  reset();
  // One frame per cell being explored: where it is, and the neighbours not tried yet. This is
  // the lesson's recursive makeMaze with its call stack made visible.
  struct Frame {
    turtle::Vec2D position;
    std::vector<Neighbor> untried;
  };
  std::vector<Frame> frames;
  frames.push_back({turtle.position(), neighbors()});
  while (!frames.empty()) {
    Frame& frame = frames.back();
    if (frame.untried.empty()) {
      frames.pop_back();
      continue;
    }
    const std::size_t pick = random_.below(static_cast<std::uint32_t>(frame.untried.size()));
    const Neighbor choice = frame.untried[pick];
    frame.untried.erase(frame.untried.begin() + static_cast<std::ptrdiff_t>(pick));
    turtle.goTo(frame.position);
    // Ask the matrix again: a deeper frame may have dug there since neighbors() was called.
    if (getMatrixValueAt(choice.position) != WALL) continue;
    const Direction d = directionTowards(frame.position, choice.position);
    dig(d);                                              // the wall between
    dig(d);                                              // the cell itself
    frames.push_back({turtle.position(), neighbors()});  // `frame` is not used after this
  }
  const int endRow = (rows_ - 1) / 2 * 2;  // the bottom-right cell (cells sit on even squares)
  const int endCol = (cols_ - 1) / 2 * 2;
  setMatrixValueAt(positionOf(endRow, endCol), END);
  turtle.goTo(positionOf(0, 0));
}

std::vector<turtle::Vec2D> Maze::solve() {
  if (!isOpen(0, 0)) return {};
  // Depth-first over squares; the stack holds the way from the start to where the search is.
  struct Step {
    int row;
    int col;
    int tried;  // how many of the lessonOrder directions have been looked at
  };
  std::vector<std::vector<bool>> seen(static_cast<std::size_t>(rows_),
                                      std::vector<bool>(static_cast<std::size_t>(cols_), false));
  std::vector<Step> way{{0, 0, 0}};
  seen[0][0] = true;
  bool found = false;
  while (!way.empty()) {
    Step& s = way.back();
    if (valueAt(s.row, s.col) == END) {
      found = true;
      break;
    }
    if (s.tried == 4) {
      way.pop_back();
      continue;
    }
    const auto [r, c] = step({s.row, s.col}, lessonOrder[s.tried]);
    ++s.tried;
    if (isOpen(r, c) && !seen[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]) {
      seen[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = true;
      way.push_back({r, c, 0});  // `s` is not used after this
    }
  }
  if (!found) return {};
  std::vector<turtle::Vec2D> path;
  for (const Step& s : way) {
    const turtle::Vec2D p = positionOf(s.row, s.col);
    path.push_back(p);
    if (valueAt(s.row, s.col) != END) setMatrixValueAt(p, VISITED);
  }
  return path;
}

void Maze::seed(std::uint64_t n) { random_ = Random(n); }

Grid Maze::toGrid() const { return fromMatrix(matrix); }

}  // namespace maze
