// Step 20: makeMaze() digs the whole maze by doing from each new cell what it did from the
// start, until no neighbour is left as wall: every cell (even row, even column) is reached,
// each by exactly one way - a perfect maze - and the picture shows it.
#include <catch2/catch.hpp>
#include <lesson_picture.hpp>
#include <vector>

#include "maze.hpp"

namespace {

bool isOpen(const Maze& m, int row, int col) {
  if (row < 0 || row >= 20 || col < 0 || col >= 20) return false;
  return m.matrix[row][col] != WALL;
}

// How many squares can be reached from the start, moving one square at a time through open
// squares.
int reachableFromStart(const Maze& m) {
  std::vector<std::vector<bool>> seen(20, std::vector<bool>(20, false));
  std::vector<std::pair<int, int>> todo{{0, 0}};
  seen[0][0] = true;
  int count = 0;
  while (!todo.empty()) {
    const auto [row, col] = todo.back();
    todo.pop_back();
    ++count;
    const int steps[4][2] = {{-1, 0}, {1, 0}, {0, 1}, {0, -1}};
    for (const auto& step : steps) {
      const int r = row + step[0];
      const int c = col + step[1];
      if (isOpen(m, r, c) && !seen[r][c]) {
        seen[r][c] = true;
        todo.push_back({r, c});
      }
    }
  }
  return count;
}

}  // namespace

TEST_CASE("makeMaze reaches every cell by exactly one way", "[lesson02][step20]") {
  Maze m;
  m.reset();
  m.makeMaze();

  int cells = 0;
  int passages = 0;
  for (int row = 0; row < 20; ++row) {
    for (int col = 0; col < 20; ++col) {
      INFO("matrix[" << row << "][" << col << "]");
      const bool cell = row % 2 == 0 && col % 2 == 0;
      if (cell) {
        CHECK(isOpen(m, row, col));  // every cell is reached
        ++cells;
      } else if (row % 2 == 1 && col % 2 == 1) {
        CHECK_FALSE(isOpen(m, row, col));  // between four cells: always wall
      } else if (isOpen(m, row, col)) {
        ++passages;
      }
    }
  }
  CHECK(cells == 100);
  // 100 cells joined by 99 passages, all reachable from the start: one way between any two.
  CHECK(passages == 99);
  CHECK(reachableFromStart(m) == cells + passages);
  for (int i = 0; i < 20; ++i) {
    CHECK_FALSE(isOpen(m, 19, i));  // the last row and column lead nowhere
    CHECK_FALSE(isOpen(m, i, 19));
  }
  m.turtle.hideturtle();  // the picture shows the maze, not the turtle on it
  lesson::picture(m.screen);
}

TEST_CASE("the picture of the made maze follows its matrix", "[lesson02][step20]") {
  Maze m;
  m.reset();
  m.makeMaze();
  for (int row = 0; row < 20; ++row) {
    for (int col = 0; col < 20; ++col) {
      const double x = -190 + 20 * col;
      const double y = 190 - 20 * row;
      INFO("the square at (" << x << ", " << y << ")");
      if (m.matrix[row][col] == EMPTY) CHECK(m.screen.colorAt(x, y) == "white");
      if (m.matrix[row][col] == WALL) CHECK(m.screen.colorAt(x, y) == "blue");
    }
  }
}
