// Depth-first search, the lesson's way of solving: from each cell try north, south, east and
// west in turn, go as deep as the passages allow, and back up from dead ends. The cells being
// explored form a stack; when the goal is reached, that stack is the path. The stack is a
// list on the heap, not the call stack, so a huge maze cannot overflow it.
#include <cstdint>
#include <utility>
#include <vector>

#include "grid_walk.hpp"
#include "maze/solvers.hpp"

namespace maze {

Path depthFirst(const Grid& grid, Cell from, Cell to) {
  requireOnGrid(grid, from, "start");
  requireOnGrid(grid, to, "goal");
  const std::size_t goal = detail::unchecked(grid).index(to);
  detail::CellBits seen(grid.cellCount());
  // Each entry: a cell, and how many of its open neighbours have been tried.
  std::vector<std::pair<std::uint32_t, std::uint8_t>> stack;
  stack.emplace_back(static_cast<std::uint32_t>(detail::unchecked(grid).index(from)), 0);
  seen.set(detail::unchecked(grid).index(from));
  while (!stack.empty()) {
    auto& [here, tried] = stack.back();
    if (here == goal) {
      Path path;
      path.reserve(stack.size());
      for (const auto& entry : stack) path.push_back(detail::unchecked(grid).cellAt(entry.first));
      return path;
    }
    const detail::Neighbors open = detail::openNeighborsOf(grid, here);
    bool advanced = false;
    while (tried < open.count) {
      const std::size_t next = open.cell[tried++];
      if (!seen.test(next)) {
        seen.set(next);
        stack.emplace_back(static_cast<std::uint32_t>(next), 0);  // `here` is invalid now
        advanced = true;
        break;
      }
    }
    if (!advanced) stack.pop_back();
  }
  return {};
}

}  // namespace maze
