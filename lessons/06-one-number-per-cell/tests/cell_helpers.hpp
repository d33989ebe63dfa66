#pragma once
// What lesson 6's tests share: the pictures (lines of text, a grid of cells drawn with lines for
// walls, Maze Master's right and lower walls) and the matrix as the cells can tell it. The pictures
// read the bits themselves, by the numbers step 1 fixes, rather than through your hasFlag: what
// they show is what the numbers hold.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <turtle/turtle.hpp>

#include "maze.hpp"

namespace lesson {

namespace bit {
constexpr int north = 1;
constexpr int east = 2;
constexpr int south = 4;
constexpr int west = 8;
constexpr int visited = 16;
}  // namespace bit

// The matrix as cells can tell it: each square open (EMPTY) or WALL. The END and the squares
// solve() marks VISITED are open squares too; a cell's flags have no bit for them.
inline std::vector<std::vector<int>> openOrWall(std::vector<std::vector<int>> matrix) {
  for (auto& row : matrix) {
    for (int& square : row) square = square == WALL ? WALL : EMPTY;
  }
  return matrix;
}

// The centre of the square at matrix[row][col] on the Maze's screen.
inline turtle::Vec2D squareCentre(int row, int col) {
  return {-190.0 + 20 * col, 190.0 - 20 * row};
}

// Lines of text, top to bottom, in a typewriter font so that the bits line up.
inline void writeLines(turtle::Screen& screen, const std::vector<std::string>& lines) {
  turtle::Turtle t(screen);
  t.hideturtle();
  t.penup();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    t.goTo(-180, 160 - 36 * static_cast<double>(i));
    t.write(lines[i], "left", turtle::Font{"monospace", 14, "normal"});
  }
}

namespace detail {
inline void line(turtle::Turtle& t, double x1, double y1, double x2, double y2) {
  t.penup();
  t.goTo(x1, y1);
  t.pendown();
  t.goTo(x2, y2);
  t.penup();
}
}  // namespace detail

// A grid of cells drawn with a line for each wall, 360 pixels across at most. The wall between
// two cells is open only when both cells have the exit; when only one has it, it is drawn red:
// the other cell does not know of the way. A VISITED cell is white, any other grey. With
// `numbers`, each cell's number is written in it.
inline void drawCells(turtle::Screen& screen, const std::vector<std::vector<std::uint8_t>>& cells,
                      bool numbers = false) {
  const int rows = static_cast<int>(cells.size());
  const int cols = rows == 0 ? 0 : static_cast<int>(cells[0].size());
  if (rows == 0 || cols == 0) return;
  const double size = 360.0 / std::max(rows, cols);
  const double left = -size * cols / 2;
  const double top = size * rows / 2;
  turtle::Turtle t(screen);
  t.hideturtle();
  t.penup();
  t.shape("square");
  t.shapesize(size / 20);
  const auto has = [&](int r, int c, int flag) {
    return r >= 0 && r < rows && c >= 0 && c < static_cast<int>(cells[r].size()) &&
           (cells[r][c] & flag) != 0;
  };
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < static_cast<int>(cells[r].size()) && c < cols; ++c) {
      t.goTo(left + size * (c + 0.5), top - size * (r + 0.5));
      t.color(has(r, c, bit::visited) ? "white" : "lightgrey");
      t.stamp();
    }
  }
  t.pensize(3);
  // A wall between this cell and the one a flag's way, from (x1, y1) to (x2, y2).
  const auto wall = [&](int r, int c, int flag, int r2, int c2, int back, double x1, double y1,
                        double x2, double y2) {
    const bool here = has(r, c, flag);
    const bool there = has(r2, c2, back);
    if (here && there) return;
    t.pencolor(here || there ? "red" : "black");
    detail::line(t, x1, y1, x2, y2);
  };
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const double x = left + size * c;
      const double y = top - size * r;
      wall(r, c, bit::north, r - 1, c, bit::south, x, y, x + size, y);
      wall(r, c, bit::west, r, c - 1, bit::east, x, y, x, y - size);
      if (c == cols - 1)
        wall(r, c, bit::east, r, c + 1, bit::west, x + size, y, x + size, y - size);
      if (r == rows - 1)
        wall(r, c, bit::south, r + 1, c, bit::north, x, y - size, x + size, y - size);
    }
  }
  if (!numbers) return;
  t.pencolor("grey");
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < static_cast<int>(cells[r].size()) && c < cols; ++c) {
      t.goTo(left + size * (c + 0.5), top - size * (r + 0.5) - 5);
      t.write(std::to_string(cells[r][c]), "center", 11);
    }
  }
}

// Maze Master's picture: each cell draws only its right wall (2 or 4) and its lower wall (3 or 4),
// with its number in it; the top and left edges of the whole maze are drawn once.
inline void drawTwoWalls(turtle::Screen& screen, const std::vector<std::vector<int>>& walls) {
  const int rows = static_cast<int>(walls.size());
  const int cols = rows == 0 ? 0 : static_cast<int>(walls[0].size());
  if (rows == 0 || cols == 0) return;
  const double size = 360.0 / std::max(rows, cols);
  const double left = -size * cols / 2;
  const double top = size * rows / 2;
  turtle::Turtle t(screen);
  t.hideturtle();
  t.pensize(3);
  detail::line(t, left, top, left + size * cols, top);
  detail::line(t, left, top, left, top - size * rows);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < static_cast<int>(walls[r].size()) && c < cols; ++c) {
      const double x = left + size * c;
      const double y = top - size * r;
      const int value = walls[r][c];
      t.pencolor("black");
      if (value == 2 || value == 4) detail::line(t, x + size, y, x + size, y - size);
      if (value == 3 || value == 4) detail::line(t, x, y - size, x + size, y - size);
      t.pencolor("grey");
      t.goTo(x + size / 2, y - size / 2 - 5);
      t.write(std::to_string(value), "center", 11);
    }
  }
}

}  // namespace lesson
