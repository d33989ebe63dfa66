// Every generator, by the properties a maze must have, and by statistics that tell the
// algorithms apart (the dead-end shares in docs/maze.md's table of generators).
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "maze/generators.hpp"
#include "maze/stats.hpp"
#include "maze/text_format.hpp"
#include "maze_checks.hpp"

using maze::Algorithm;
using maze::Grid;

namespace {

std::string nameOf(Algorithm a) { return maze::algorithmName(a); }

/// Mean dead-end share over `count` seeded rows × cols mazes.
double meanDeadEndShare(Algorithm a, int rows, int cols, int count) {
  double sum = 0;
  for (int seed = 0; seed < count; ++seed)
    sum += maze::deadEndShare(maze::generate(a, rows, cols, seed));
  return sum / count;
}

/// The 12 inner walls of a 3 × 3 grid as the bits of a number: one number per maze.
unsigned wallCode(const Grid& grid) {
  unsigned code = 0;
  int bit = 0;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      if (c < 2) code |= (grid.isOpen({r, c}, maze::Direction::east) ? 1U : 0U) << bit++;
      if (r < 2) code |= (grid.isOpen({r, c}, maze::Direction::south) ? 1U : 0U) << bit++;
    }
  }
  return code;
}

struct ChiSquare {
  double statistic = 0;
  std::size_t distinct = 0;
};

/// Draws `samples` 3 × 3 mazes and compares how often each of the 192 spanning trees comes up
/// with the uniform count (samples / 192).
ChiSquare chiSquareOn3x3(Algorithm a, int samples) {
  std::map<unsigned, int> counts;
  maze::Random random(20240601);
  Grid grid(3, 3);
  for (int i = 0; i < samples; ++i) {
    maze::generate(a, grid, random);
    ++counts[wallCode(grid)];
  }
  const double expected = samples / 192.0;
  ChiSquare result;
  result.distinct = counts.size();
  for (const auto& entry : counts) {
    result.statistic += (entry.second - expected) * (entry.second - expected) / expected;
  }
  // Trees that never came up count too.
  result.statistic +=
      static_cast<double>(192 - std::min<std::size_t>(counts.size(), 192)) * expected;
  return result;
}

/// The chi-square value that a uniform generator exceeds only 1 time in 1000, for 191
/// degrees of freedom (Wilson–Hilferty approximation; z = 3.090 for p = 0.001).
double chiSquareCritical191() {
  const double k = 191;
  const double z = 3.090;
  const double t = 1 - 2 / (9 * k) + z * std::sqrt(2 / (9 * k));
  return k * t * t * t;
}

}  // namespace

TEST_CASE("every generator makes a perfect maze with its border intact", "[maze][generators]") {
  const std::vector<std::pair<int, int>> sizes = {{1, 1}, {1, 9},  {8, 1},
                                                  {2, 2}, {7, 13}, {30, 30}};
  for (Algorithm a : maze::allAlgorithms()) {
    for (auto [rows, cols] : sizes) {
      for (std::uint64_t seed : {1U, 2U, 99U}) {
        INFO(nameOf(a) << " " << rows << "x" << cols << " seed " << seed);
        const Grid grid = maze::generate(a, rows, cols, seed);
        CHECK(grid.passageCount() == grid.cellCount() - 1);
        CHECK(maze::isConnected(grid));
        CHECK(maze_test::borderIntact(grid));
      }
    }
  }
}

TEST_CASE("every generator gives the same maze for the same seed and another for another seed",
          "[maze][generators]") {
  for (Algorithm a : maze::allAlgorithms()) {
    INFO(nameOf(a));
    CHECK(maze::generate(a, 15, 17, 5) == maze::generate(a, 15, 17, 5));
    CHECK(maze::generate(a, 15, 17, 5) != maze::generate(a, 15, 17, 6));
  }
}

TEST_CASE("seed 1 keeps giving the mazes it gave when the kit was written", "[maze][generators]") {
  // Pinned: the kit's own random numbers make these the same on every platform and compiler.
  CHECK(maze::toText(maze::generate(Algorithm::recursiveBacktracker, 4, 8, 1),
                     maze::TextFormat::hash) ==
        "#################\n"
        "# #     #       #\n"
        "# # ### # ##### #\n"
        "# #   # # #     #\n"
        "# ### # # # ### #\n"
        "#   # #   #   # #\n"
        "### ######### # #\n"
        "#             # #\n"
        "#################\n");
  CHECK(maze::toText(maze::generate(Algorithm::wilson, 4, 8, 1), maze::TextFormat::hash) ==
        "#################\n"
        "# #     #     # #\n"
        "# ### ##### ### #\n"
        "#   #   #       #\n"
        "# # ### # ##### #\n"
        "# # # #     #   #\n"
        "# # # ### # # ###\n"
        "# #       # #   #\n"
        "#################\n");
}

TEST_CASE("a generator closes every wall before it carves, so a used grid can be reused",
          "[maze][generators]") {
  for (Algorithm a : maze::allAlgorithms()) {
    INFO(nameOf(a));
    Grid grid(9, 9);
    grid.openAll();
    maze::Random random(4);
    maze::generate(a, grid, random);
    CHECK(maze::isPerfect(grid));
  }
}

TEST_CASE("the backtracker needs no call stack: a 1500x1500 maze is perfect",
          "[maze][generators][large]") {
  const Grid grid = maze::generate(Algorithm::recursiveBacktracker, 1500, 1500, 11);
  CHECK(maze::isPerfect(grid));
}

TEST_CASE("algorithm names go both ways and an unknown name lists the known ones",
          "[maze][generators]") {
  for (Algorithm a : maze::allAlgorithms()) CHECK(maze::algorithmFromName(nameOf(a)) == a);
  CHECK(maze::allAlgorithms().size() == 12);
  REQUIRE_THROWS_WITH(maze::algorithmFromName("wilsons"),
                      Catch::StartsWith("unknown maze algorithm 'wilsons'; the algorithms are: "
                                        "recursive-backtracker, kruskal, wilson,"));
}

// Dead-end shares over 1000 seeded 20 × 20 mazes. The bands are the measured shares of
// docs/maze.md's table of generators ± 1.25 percentage points: narrow enough that a
// backtracker (10%) cannot pass for a binary tree (25%), Kruskal (30%) or true Prim (44%).
namespace {
void checkDeadEndBand(Algorithm a, double expectedPercent) {
  const double percent = 100 * meanDeadEndShare(a, 20, 20, 1000);
  INFO(nameOf(a) << ": " << percent << "% dead ends");
  CHECK(percent > expectedPercent - 1.25);
  CHECK(percent < expectedPercent + 1.25);
}
}  // namespace

TEST_CASE("recursive backtracker: about 10.5% dead ends", "[maze][generators][deadends]") {
  checkDeadEndBand(Algorithm::recursiveBacktracker, 10.5);
}
TEST_CASE("hunt-and-kill: about 10.0% dead ends", "[maze][generators][deadends]") {
  checkDeadEndBand(Algorithm::huntAndKill, 10.0);
}
TEST_CASE("binary tree: about 25.2% dead ends", "[maze][generators][deadends]") {
  checkDeadEndBand(Algorithm::binaryTree, 25.2);
}
TEST_CASE("recursive division: about 27.1% dead ends", "[maze][generators][deadends]") {
  checkDeadEndBand(Algorithm::recursiveDivision, 27.1);
}
TEST_CASE("sidewinder: about 27.4% dead ends", "[maze][generators][deadends]") {
  checkDeadEndBand(Algorithm::sidewinder, 27.4);
}
TEST_CASE("Eller: about 27.8% dead ends", "[maze][generators][deadends]") {
  checkDeadEndBand(Algorithm::eller, 27.8);
}
TEST_CASE("simplified Prim: about 28.0% dead ends", "[maze][generators][deadends]") {
  checkDeadEndBand(Algorithm::simplifiedPrim, 28.0);
}
TEST_CASE("Aldous-Broder: about 29.0% dead ends", "[maze][generators][deadends]") {
  checkDeadEndBand(Algorithm::aldousBroder, 29.0);
}
TEST_CASE("Wilson: about 29.1% dead ends", "[maze][generators][deadends]") {
  checkDeadEndBand(Algorithm::wilson, 29.1);
}
TEST_CASE("Kruskal: about 30.2% dead ends", "[maze][generators][deadends]") {
  checkDeadEndBand(Algorithm::kruskal, 30.2);
}
TEST_CASE("true Prim: about 43.8% dead ends", "[maze][generators][deadends]") {
  checkDeadEndBand(Algorithm::truePrim, 43.8);
}
TEST_CASE("growing tree (newest or random, half and half): about 22.8% dead ends",
          "[maze][generators][deadends]") {
  // The reference table's 30.1% comes from a growing tree that removes a finished cell by
  // moving the last one into its place, so that "the last" is no longer the newest; this kit
  // keeps the list in order, as the algorithm describes, and measures 22.8% (docs/maze.md).
  checkDeadEndBand(Algorithm::growingTree, 22.8);
}

TEST_CASE("Wilson's algorithm is uniform: all 192 mazes of a 3x3 grid come up equally often",
          "[maze][generators][uniform]") {
  const ChiSquare result = chiSquareOn3x3(Algorithm::wilson, 192 * 100);
  INFO("chi-square " << result.statistic << ", critical " << chiSquareCritical191());
  CHECK(result.distinct == 192);
  CHECK(result.statistic < chiSquareCritical191());
}

TEST_CASE("Aldous-Broder is uniform: all 192 mazes of a 3x3 grid come up equally often",
          "[maze][generators][uniform]") {
  const ChiSquare result = chiSquareOn3x3(Algorithm::aldousBroder, 192 * 100);
  INFO("chi-square " << result.statistic << ", critical " << chiSquareCritical191());
  CHECK(result.distinct == 192);
  CHECK(result.statistic < chiSquareCritical191());
}

TEST_CASE("the uniformity test can fail: it rejects the backtracker and the binary tree",
          "[maze][generators][uniform]") {
  const ChiSquare backtracker = chiSquareOn3x3(Algorithm::recursiveBacktracker, 192 * 100);
  INFO("backtracker chi-square " << backtracker.statistic);
  CHECK(backtracker.statistic > chiSquareCritical191());
  const ChiSquare binaryTree = chiSquareOn3x3(Algorithm::binaryTree, 192 * 100);
  CHECK(binaryTree.distinct ==
        16);  // 2 choices for each of the 4 cells off the top row and right column
  CHECK(binaryTree.statistic > chiSquareCritical191());
}

TEST_CASE("braid(1) leaves no dead end and braid(0) changes nothing", "[maze][generators][braid]") {
  for (Algorithm a : maze::allAlgorithms()) {
    INFO(nameOf(a));
    Grid grid = maze::generate(a, 20, 20, 8);
    const Grid original = grid;
    maze::Random random(3);
    maze::braid(grid, 0.0, random);
    CHECK(grid == original);
    maze::braid(grid, 1.0, random);
    CHECK(maze::deadEndCount(grid) == 0);
    CHECK(maze::isConnected(grid));
    CHECK(grid.passageCount() > original.passageCount());  // loops now
    CHECK(maze_test::borderIntact(grid));
  }
}

TEST_CASE("braid(p) removes about a share p of the dead ends", "[maze][generators][braid]") {
  double before = 0;
  double after = 0;
  for (int seed = 0; seed < 50; ++seed) {
    Grid grid = maze::generate(Algorithm::kruskal, 20, 20, seed);
    before += static_cast<double>(maze::deadEndCount(grid));
    maze::Random random(seed);
    maze::braid(grid, 0.5, random);
    after += static_cast<double>(maze::deadEndCount(grid));
  }
  // Half are chosen; joining two dead ends removes both, so a little more than half go.
  const double removed = 1 - after / before;
  INFO("removed " << removed);
  CHECK(removed > 0.5);
  CHECK(removed < 0.75);
}

TEST_CASE("braid refuses a share outside 0 to 1", "[maze][generators][braid]") {
  Grid grid(4, 4);
  maze::Random random(1);
  REQUIRE_THROWS_WITH(maze::braid(grid, 1.5, random),
                      "braid share must be between 0 and 1, got 1.500000");
  REQUIRE_THROWS_AS(maze::braid(grid, std::nan(""), random), std::invalid_argument);
}

TEST_CASE("braid on a corridor one cell wide keeps its two ends", "[maze][generators][braid]") {
  Grid grid = maze::generate(Algorithm::kruskal, 1, 10, 1);
  maze::Random random(1);
  maze::braid(grid, 1.0, random);
  CHECK(maze::deadEndCount(grid) == 2);
  CHECK(maze::isPerfect(grid));
}
