#include "maze/cell_flags.hpp"
#include "grid_unchecked.hpp"

#include <stdexcept>
#include <string>

namespace maze {

namespace {

std::uint8_t flagFor(Direction d) {
  switch (d) {
    case Direction::north:
      return cell_flags::PATH_N;
    case Direction::east:
      return cell_flags::PATH_E;
    case Direction::south:
      return cell_flags::PATH_S;
    case Direction::west:
      return cell_flags::PATH_W;
  }
  return 0;
}

std::string cellName(Cell c) {
  return "cell (" + std::to_string(c.row) + ", " + std::to_string(c.col) + ")";
}

}  // namespace

std::vector<std::uint8_t> toCellFlags(const Grid& grid) {
  std::vector<std::uint8_t> cells(grid.cellCount(), cell_flags::VISITED);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const Cell c = detail::unchecked(grid).cellAt(i);
    for (Direction d : allDirections) {
      if (grid.isOpen(c, d)) cells[i] = static_cast<std::uint8_t>(cells[i] | flagFor(d));
    }
  }
  return cells;
}

Grid fromCellFlags(const std::vector<std::uint8_t>& cells, int rows, int cols) {
  Grid grid(rows, cols);  // checks the size
  if (cells.size() != grid.cellCount()) {
    throw std::invalid_argument("the cell flags hold " + std::to_string(cells.size()) +
                                " cells, but a " + std::to_string(rows) + "×" +
                                std::to_string(cols) + " maze has " +
                                std::to_string(grid.cellCount()));
  }
  constexpr unsigned known = cell_flags::PATH_N | cell_flags::PATH_E | cell_flags::PATH_S |
                             cell_flags::PATH_W | cell_flags::VISITED;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const Cell c = detail::unchecked(grid).cellAt(i);
    if ((cells[i] & ~known) != 0) {
      throw std::invalid_argument(cellName(c) + " has flag bits " +
                                  std::to_string(cells[i] & ~known) +
                                  " that mean nothing; the flags are 1 north, 2 east, 4 south, "
                                  "8 west, 16 visited");
    }
    for (Direction d : allDirections) {
      if ((cells[i] & flagFor(d)) == 0) continue;
      const Cell n = step(c, d);
      if (!grid.contains(n)) {
        throw std::invalid_argument(cellName(c) + " has an exit " + directionName(d) +
                                    ", through the border");
      }
      if ((cells[detail::unchecked(grid).index(n)] & flagFor(opposite(d))) == 0) {
        throw std::invalid_argument(cellName(c) + " has an exit " + directionName(d) + " but " +
                                    cellName(n) + " has no exit " + directionName(opposite(d)));
      }
      grid.open(c, d);
    }
  }
  return grid;
}

}  // namespace maze
