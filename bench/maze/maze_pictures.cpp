// maze_pictures: draws the pictures in docs/maze.md and prints the statistics table beside them.
//
//   maze_pictures docs/images/maze
//
// Writes one PNG per generator (a 20 × 30 maze from seed 1, its shortest corner-to-corner way
// marked), a braided maze, and the lesson's Maze as the turtle draws it (seed 1, solved). Then
// prints, for every generator, the dead-end share and longest path as shares of the cells,
// over 1000 seeded 20 × 20 mazes and 40 seeded 100 × 100 mazes.
#include <cstdio>
#include <filesystem>
#include <string>

#include "maze/generators.hpp"
#include "maze/maze.hpp"
#include "maze/picture.hpp"
#include "maze/solvers.hpp"
#include "maze/stats.hpp"

namespace {

struct Shares {
  double deadEnds = 0;
  double longest = 0;
};

Shares measure(maze::Algorithm a, int side, int count) {
  Shares s;
  for (int seed = 0; seed < count; ++seed) {
    const maze::Grid grid = maze::generate(a, side, side, static_cast<std::uint64_t>(seed));
    s.deadEnds += maze::deadEndShare(grid);
    s.longest +=
        static_cast<double>(maze::longestPath(grid).length) / static_cast<double>(grid.cellCount());
  }
  s.deadEnds /= count;
  s.longest /= count;
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: maze_pictures OUTPUT_FOLDER\n");
    return 2;
  }
  const std::filesystem::path out = argv[1];
  std::filesystem::create_directories(out);

  for (maze::Algorithm a : maze::allAlgorithms()) {
    const maze::Grid grid = maze::generate(a, 20, 30, 1);
    maze::PictureOptions options;
    options.squarePixels = 6;
    options.path = maze::breadthFirst(grid, {0, 0}, {19, 29});
    maze::savePicture(grid, out / (maze::algorithmName(a) + ".png"), options);
  }
  {
    maze::Grid grid = maze::generate(maze::Algorithm::recursiveBacktracker, 20, 30, 1);
    maze::Random random(1);
    maze::braid(grid, 0.5, random);
    maze::PictureOptions options;
    options.squarePixels = 6;
    maze::savePicture(grid, out / "braid-0.5.png", options);
  }
  {
    maze::Maze m;
    m.seed(1);
    m.makeMaze();
    m.solve();
    m.turtle.hideturtle();
    m.screen.save(out / "lesson-maze.png");
  }

  std::printf(
      "| algorithm | dead ends 20×20 | dead ends 100×100 | longest path 20×20 / 100×100 |\n");
  std::printf("|---|---|---|---|\n");
  for (maze::Algorithm a : maze::allAlgorithms()) {
    const Shares small = measure(a, 20, 1000);
    const Shares large = measure(a, 100, 40);
    std::printf("| %s | %.1f%% | %.1f%% | %.1f / %.1f |\n", maze::algorithmName(a).c_str(),
                100 * small.deadEnds, 100 * large.deadEnds, 100 * small.longest,
                100 * large.longest);
    std::fflush(stdout);
  }
  return 0;
}
