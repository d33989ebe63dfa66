// Cell flags: a visited bit and an exit bit per direction, converted both ways.
#include <catch2/catch.hpp>

#include "maze/cell_flags.hpp"
#include "maze/generators.hpp"

using namespace maze::cell_flags;

TEST_CASE("a corridor's flags: exits east and west, every cell visited", "[maze][flags]") {
  maze::Grid grid(1, 3);
  grid.open({0, 0}, maze::Direction::east);
  grid.open({0, 1}, maze::Direction::east);
  const std::vector<std::uint8_t> flags = maze::toCellFlags(grid);
  CHECK(flags ==
        std::vector<std::uint8_t>{VISITED | PATH_E, VISITED | PATH_E | PATH_W, VISITED | PATH_W});
}

TEST_CASE("the flags' values: north 1, east 2, south 4, west 8, visited 16", "[maze][flags]") {
  CHECK(PATH_N == 1);
  CHECK(PATH_E == 2);
  CHECK(PATH_S == 4);
  CHECK(PATH_W == 8);
  CHECK(VISITED == 16);
}

TEST_CASE("flags convert back to the same maze, with or without visited bits", "[maze][flags]") {
  for (maze::Algorithm a : maze::allAlgorithms()) {
    const maze::Grid grid = maze::generate(a, 7, 9, 3);
    std::vector<std::uint8_t> flags = maze::toCellFlags(grid);
    CHECK(maze::fromCellFlags(flags, 7, 9) == grid);
    for (auto& f : flags) f = static_cast<std::uint8_t>(f & ~VISITED);
    CHECK(maze::fromCellFlags(flags, 7, 9) == grid);
  }
}

TEST_CASE("inconsistent flags are refused, naming the cell", "[maze][flags]") {
  CHECK_THROWS_WITH(maze::fromCellFlags({0, 0, 0}, 2, 2),
                    "the cell flags hold 3 cells, but a 2×2 maze has 4");
  CHECK_THROWS_WITH(maze::fromCellFlags({PATH_N, 0, 0, 0}, 2, 2),
                    "cell (0, 0) has an exit north, through the border");
  CHECK_THROWS_WITH(maze::fromCellFlags({PATH_E, 0, 0, 0}, 2, 2),
                    "cell (0, 0) has an exit east but cell (0, 1) has no exit west");
  CHECK_THROWS_WITH(
      maze::fromCellFlags({32, 0, 0, 0}, 2, 2),
      "cell (0, 0) has flag bits 32 that mean nothing; the flags are 1 north, 2 east, "
      "4 south, 8 west, 16 visited");
  CHECK_THROWS_WITH(maze::fromCellFlags({}, 0, 2), "maze size must be at least 1×1, got 0×2");
}
