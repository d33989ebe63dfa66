// Choosing a generator by name.
#include <stdexcept>
#include <string>

#include "maze/generators.hpp"

namespace maze {

namespace {

struct Entry {
  Algorithm algorithm;
  const char* name;
  void (*carve)(Grid&, Random&);
};

constexpr Entry entries[] = {
    {Algorithm::recursiveBacktracker, "recursive-backtracker", recursiveBacktracker},
    {Algorithm::kruskal, "kruskal", kruskal},
    {Algorithm::wilson, "wilson", wilson},
    {Algorithm::aldousBroder, "aldous-broder", aldousBroder},
    {Algorithm::simplifiedPrim, "simplified-prim", simplifiedPrim},
    {Algorithm::truePrim, "true-prim", truePrim},
    {Algorithm::huntAndKill, "hunt-and-kill", huntAndKill},
    {Algorithm::binaryTree, "binary-tree", binaryTree},
    {Algorithm::sidewinder, "sidewinder", sidewinder},
    {Algorithm::eller, "eller", eller},
    {Algorithm::recursiveDivision, "recursive-division", recursiveDivision},
    {Algorithm::growingTree, "growing-tree", growingTree},
};

const Entry& entryFor(Algorithm algorithm) {
  for (const Entry& e : entries) {
    if (e.algorithm == algorithm) return e;
  }
  throw std::invalid_argument("unknown maze algorithm number " +
                              std::to_string(static_cast<int>(algorithm)));
}

}  // namespace

std::vector<Algorithm> allAlgorithms() {
  std::vector<Algorithm> all;
  for (const Entry& e : entries) all.push_back(e.algorithm);
  return all;
}

std::string algorithmName(Algorithm algorithm) { return entryFor(algorithm).name; }

Algorithm algorithmFromName(std::string_view name) {
  std::string known;
  for (const Entry& e : entries) {
    if (name == e.name) return e.algorithm;
    known += known.empty() ? "" : ", ";
    known += e.name;
  }
  throw std::invalid_argument("unknown maze algorithm '" + std::string(name) +
                              "'; the algorithms are: " + known);
}

void generate(Algorithm algorithm, Grid& grid, Random& random) {
  entryFor(algorithm).carve(grid, random);
}

Grid generate(Algorithm algorithm, int rows, int cols, std::uint64_t seed) {
  Grid grid(rows, cols);
  Random random(seed);
  generate(algorithm, grid, random);
  return grid;
}

}  // namespace maze
