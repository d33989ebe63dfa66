#pragma once
// What makes a made maze and a way through it right, for a maze of any size. Shared by lesson
// 5's tests; each check also says it in a sentence, for the tests that run on a small stack in
// another process and can only send words back.

#include <cstddef>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "maze.hpp"

namespace lesson {

// A made maze: every cell dug, joined by exactly one passage fewer than there are cells (so
// there is one way between any two cells), and the bottom-right cell the END.
inline std::string describeMadeMaze(const Maze& m) {
  const int size = static_cast<int>(m.matrix.size());
  long cells = 0;
  long dug = 0;
  long passages = 0;
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const int value = m.matrix[row][col];
      const bool open = value == EMPTY || value == END;
      const bool cell = row % 2 == 0 && col % 2 == 0 && row < size - 1 && col < size - 1;
      if (cell) {
        ++cells;
        if (open) ++dug;
      } else if (open) {
        ++passages;
      }
    }
  }
  std::string text = std::to_string(dug) + " of " + std::to_string(cells) + " cells dug, " +
                     std::to_string(passages) + " passages";
  if (m.matrix[size - 2][size - 2] == END) text += ", END in the bottom-right cell";
  return text;
}

// What describeMadeMaze says of a right maze of `size` squares.
inline std::string madeMazeOfSize(int size) {
  const long cells = static_cast<long>(size / 2) * (size / 2);
  return std::to_string(cells) + " of " + std::to_string(cells) + " cells dug, " +
         std::to_string(cells - 1) + " passages, END in the bottom-right cell";
}

// A way solve() returned: from the top-left square to the END, each square one step from the
// last, every square on it open and VISITED (the END stays END), no square twice, and no other
// square VISITED. Empty when it is all that; otherwise what is wrong.
inline std::string wrongWithWay(const Maze& m, const std::vector<turtle::Vec2D>& way) {
  if (way.empty()) return "the way is empty";
  const int size = static_cast<int>(m.matrix.size());
  const double square = 400.0 / size;
  if (!(way.front() == m.centreOf(0, 0))) return "the way does not start at the top-left square";
  if (m.getMatrixValueAt(way.back()) != END) return "the way does not end on the END";
  std::vector<std::vector<bool>> seen(size, std::vector<bool>(size, false));
  for (std::size_t i = 0; i < way.size(); ++i) {
    const std::string where = "square " + std::to_string(i) + " of the way";
    if (i > 0) {
      const turtle::Vec2D move = way[i] - way[i - 1];
      if (!(move == turtle::Vec2D(0, square) || move == turtle::Vec2D(0, -square) ||
            move == turtle::Vec2D(square, 0) || move == turtle::Vec2D(-square, 0))) {
        return where + " is not one step from the square before it";
      }
    }
    const int row = static_cast<int>((200 - way[i].y) / square);
    const int col = static_cast<int>((way[i].x + 200) / square);
    if (seen[row][col]) return where + " comes twice";
    seen[row][col] = true;
    if (i + 1 < way.size() && m.matrix[row][col] != VISITED) return where + " is not VISITED";
  }
  long visited = 0;
  for (const auto& row : m.matrix) {
    for (int value : row) {
      if (value == VISITED) ++visited;
    }
  }
  if (visited + 1 != static_cast<long>(way.size())) return "squares off the way are VISITED";
  return "";
}

inline void checkMadeMaze(const Maze& m) {
  CHECK(describeMadeMaze(m) == madeMazeOfSize(static_cast<int>(m.matrix.size())));
}

inline void checkWayThrough(const Maze& m, const std::vector<turtle::Vec2D>& way) {
  CHECK(wrongWithWay(m, way) == "");
}

}  // namespace lesson
