// mazekit maze: the maze library from the command line, run as a user runs it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <maze/generators.hpp>
#include <maze/picture.hpp>
#include <maze/solvers.hpp>
#include <maze/text_format.hpp>

#include "shell.hpp"

namespace fs = std::filesystem;

namespace {

using kit_test::readFile;

struct Run {
  int status = -1;
  std::string out;  // standard output, then standard error
};

// Runs mazekit with the given arguments (already quoted for the shell).
Run mazekit(const std::string& args) {
  const auto result =
      kit_test::runCommand(kit_test::quoted(MAZEKIT_EXE) + " " + args, MAZE_COMMAND_TEST_DIR);
  return {result.status, result.out + result.err};
}

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::path(MAZE_COMMAND_TEST_DIR) / ("maze-command-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("mazekit maze prints the maze the library makes for that seed", "[mazekit][maze]") {
  const Run run = mazekit("maze --algorithm wilson --size 12x5 --seed 9 --text -");
  REQUIRE(run.status == 0);
  const maze::Grid grid = maze::generate(maze::Algorithm::wilson, 5, 12, 9);
  CHECK(run.out == maze::toText(grid, maze::TextFormat::hash));
}

TEST_CASE("mazekit maze writes the library's PNG and SVG, the same every run", "[mazekit][maze]") {
  const fs::path dir = scratch("pictures");
  const std::string png = (dir / "a maze.png").string();  // a path with a space
  const std::string svg = (dir / "a maze.svg").string();
  const Run run =
      mazekit("maze --size 20x10 --seed 4 --solve --png '" + png + "' --svg '" + svg + "'");
  REQUIRE(run.status == 0);
  CHECK(run.out.find("cells long") != std::string::npos);

  maze::Grid grid = maze::generate(maze::Algorithm::recursiveBacktracker, 10, 20, 4);
  maze::PictureOptions options;
  options.path = maze::breadthFirst(grid, {0, 0}, {9, 19});
  CHECK(readFile(png) == maze::toPng(grid, options));
  CHECK(readFile(svg) == maze::toSvg(grid, options));

  const std::string first = readFile(png);
  REQUIRE(mazekit("maze --size 20x10 --seed 4 --solve --png '" + png + "'").status == 0);
  CHECK(readFile(png) == first);
}

TEST_CASE("mazekit maze --braid 1 leaves no dead end", "[mazekit][maze]") {
  const Run perfect = mazekit("maze --size 30x30 --seed 2 --text -");
  const Run braided = mazekit("maze --size 30x30 --seed 2 --braid 1 --text -");
  REQUIRE(perfect.status == 0);
  REQUIRE(braided.status == 0);
  CHECK(braided.out != perfect.out);
  const maze::Grid grid = maze::fromText(braided.out, maze::TextFormat::hash);
  int deadEnds = 0;
  for (int r = 0; r < grid.rows(); ++r) {
    for (int c = 0; c < grid.cols(); ++c) {
      int open = 0;
      for (auto d : {maze::Direction::east, maze::Direction::north, maze::Direction::west,
                     maze::Direction::south}) {
        open += grid.isOpen({r, c}, d) ? 1 : 0;
      }
      deadEnds += open == 1 ? 1 : 0;
    }
  }
  CHECK(deadEnds == 0);
}

TEST_CASE("mazekit maze refuses bad options with one line and status 2", "[mazekit][maze]") {
  const Run size = mazekit("maze --size 0x4");
  CHECK(size.status == 2);
  CHECK(size.out ==
        "mazekit: --size must be WIDTHxHEIGHT in cells, each from 1 to 100000, like "
        "30x20; got '0x4'\n");
  const Run algorithm = mazekit("maze --algorithm wilsn");
  CHECK(algorithm.status == 2);
  CHECK(algorithm.out.find("'wilsn'") != std::string::npos);
  CHECK(algorithm.out.find("wilson") != std::string::npos);
  const Run braid = mazekit("maze --braid 1.5");
  CHECK(braid.status == 2);
  CHECK(braid.out.find("from 0 to 1; got 1.5") != std::string::npos);
  const Run format = mazekit("maze --format ascii");
  CHECK(format.status == 2);
  const Run unknown = mazekit("maze --sise 5x5");
  CHECK(unknown.status == 2);
  CHECK(std::count(unknown.out.begin(), unknown.out.end(), '\n') == 1);
}

TEST_CASE("mazekit maze says which file it could not write and leaves none", "[mazekit][maze]") {
  const fs::path dir = scratch("unwritable");
  const std::string target = (dir / "no such folder" / "maze.png").string();
  const Run run = mazekit("maze --png '" + target + "'");
  CHECK(run.status == 1);
  CHECK(run.out.find(target) != std::string::npos);
  CHECK(run.out.find("No such file or directory") != std::string::npos);
  CHECK(fs::is_empty(dir));
}
