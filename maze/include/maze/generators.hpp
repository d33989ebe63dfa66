#pragma once
// The maze generators. Each one lives in its own small file under maze/src/generators/ and
// has one entry point that carves a new perfect maze into a grid: every cell reachable from
// every other by exactly one way. Each closes all walls first, so any grid will do.
//
//     maze::Grid grid(20, 20);
//     maze::Random random(7);
//     maze::wilson(grid, random);
//
// Or pick one by name:
//
//     maze::Grid grid = maze::generate(maze::Algorithm::kruskal, 20, 20, 7);

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "maze/grid.hpp"
#include "maze/random.hpp"

namespace maze {

/// Depth-first: walks to a random unvisited neighbour, backs up at a dead end. Long winding
/// corridors, few dead ends (about 10%). Uses no call stack: the way back is kept as two bits
/// per cell, so it works at any size.
void recursiveBacktracker(Grid& grid, Random& random);
/// Every wall in random order; a wall goes if it joins two parts not yet joined.
void kruskal(Grid& grid, Random& random);
/// Loop-erased random walks, each from a new cell until it hits the maze. Uniform: every
/// possible maze equally likely.
void wilson(Grid& grid, Random& random);
/// A random walk that opens the wall each time it enters a cell for the first time.
/// Uniform, like Wilson's, but slow to finish the last cells.
void aldousBroder(Grid& grid, Random& random);
/// Prim's algorithm, simplified: grows from a random cell of the frontier to a random
/// unvisited neighbour.
void simplifiedPrim(Grid& grid, Random& random);
/// Prim's algorithm proper: every cell gets a random weight; the cheapest frontier cell is
/// always the next to grow. Many short dead ends (about 44%).
void truePrim(Grid& grid, Random& random);
/// A random walk until it is stuck, then a hunt, row by row, for the first unvisited cell
/// beside the maze.
void huntAndKill(Grid& grid, Random& random);
/// Each cell opens north or east, at random. Long open corridors along the top row and the
/// right column.
void binaryTree(Grid& grid, Random& random);
/// Row by row: runs of cells joined east to west, each run opening once to the north.
void sidewinder(Grid& grid, Random& random);
/// Row by row, keeping only one row of sets: it could make an endless maze.
void eller(Grid& grid, Random& random);
/// Starts with no inner walls and splits the room with walls, each with one gap, until the
/// rooms are one cell wide.
void recursiveDivision(Grid& grid, Random& random);
/// Grows from a list of cells, taking the newest or a random one, half the time each.
void growingTree(Grid& grid, Random& random);

/// The generators by name, for programs that choose one at run time.
enum class Algorithm {
  recursiveBacktracker,
  kruskal,
  wilson,
  aldousBroder,
  simplifiedPrim,
  truePrim,
  huntAndKill,
  binaryTree,
  sidewinder,
  eller,
  recursiveDivision,
  growingTree,
};

/// Every algorithm, in the order above.
std::vector<Algorithm> allAlgorithms();
/// "recursive-backtracker", "kruskal", "wilson", ...: the names the tools accept.
std::string algorithmName(Algorithm algorithm);
/// The algorithm with that name. Throws std::invalid_argument listing the names it knows.
Algorithm algorithmFromName(std::string_view name);

/// Carves a maze with the given algorithm into grid.
void generate(Algorithm algorithm, Grid& grid, Random& random);
/// A new rows × cols maze from the algorithm and a seed: the same seed, the same maze.
Grid generate(Algorithm algorithm, int rows, int cols, std::uint64_t seed);

/// Removes a share p (0 to 1) of the dead ends by opening one more wall at each, preferring
/// a wall that also ends a neighbouring dead end; the maze gains loops ("braids"), as games
/// like it. braid(grid, 1.0, random) leaves no dead end in a grid at least 2 × 2.
/// Throws std::invalid_argument for p outside 0 to 1.
void braid(Grid& grid, double p, Random& random);

}  // namespace maze
