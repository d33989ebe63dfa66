// mazekit maze: the maze library from the command line.
//
//     mazekit maze --algorithm wilson --size 30x20 --seed 7 --solve --png maze.png
#include <iostream>
#include <optional>
#include <sstream>

#include <maze/generators.hpp>
#include <maze/picture.hpp>
#include <maze/solvers.hpp>
#include <maze/text_format.hpp>
#include <turtle/save_file.hpp>

#include "commands.hpp"
#include "kit/kit.hpp"

namespace {

struct MazeOptions {
  std::string algorithm = "recursive-backtracker";
  std::string size = "20x20";
  std::uint64_t seed = 1;
  bool solve = false;
  std::optional<double> braid;
  std::string png;
  std::string svg;
  std::string text;
  std::string format = "hash";
};

// "30x20" (or "30×20"): columns × rows, each from 1 to 100000.
std::pair<int, int> parseSize(const std::string& text) {
  std::string s = text;
  const std::string times = "×";
  if (const auto at = s.find(times); at != std::string::npos) s.replace(at, times.size(), "x");
  const auto x = s.find('x');
  try {
    if (x == std::string::npos) throw std::invalid_argument("no x");
    std::size_t used = 0;
    const int w = std::stoi(s.substr(0, x), &used);
    if (used != x) throw std::invalid_argument("width");
    const std::string hText = s.substr(x + 1);
    const int h = std::stoi(hText, &used);
    if (used != hText.size()) throw std::invalid_argument("height");
    if (w < 1 || h < 1 || w > 100000 || h > 100000) throw std::out_of_range("size");
    return {w, h};
  } catch (const std::exception&) {
    throw mazekit::UsageError(
        "--size must be WIDTHxHEIGHT in cells, each from 1 to 100000, like 30x20; got '" + text +
        "'");
  }
}

void mazeCommand(const MazeOptions& o) {
  maze::Algorithm algorithm;
  try {
    algorithm = maze::algorithmFromName(o.algorithm);
  } catch (const std::invalid_argument& error) {
    throw mazekit::UsageError(std::string("--algorithm: ") + error.what());
  }
  maze::TextFormat format;
  try {
    format = maze::formatFromName(o.format);
  } catch (const std::invalid_argument& error) {
    throw mazekit::UsageError(std::string("--format: ") + error.what());
  }
  if (o.braid && !(*o.braid >= 0.0 && *o.braid <= 1.0)) {
    std::ostringstream message;
    message << "--braid is the share of dead ends to remove, from 0 to 1; got " << *o.braid;
    throw mazekit::UsageError(message.str());
  }
  const auto [width, height] = parseSize(o.size);
  maze::Grid grid = maze::generate(algorithm, height, width, o.seed);
  if (o.braid) {
    maze::Random random(o.seed + 1);
    maze::braid(grid, *o.braid, random);
  }
  maze::PictureOptions picture;
  maze::Path way;
  if (o.solve) {
    way = maze::breadthFirst(grid, {0, 0}, {grid.rows() - 1, grid.cols() - 1});
    picture.path = way;
  }
  if (!o.png.empty()) maze::savePicture(grid, o.png, picture);
  if (!o.svg.empty()) maze::savePicture(grid, o.svg, picture);
  if (!o.text.empty()) {
    const std::string text = maze::toText(grid, format);
    if (o.text == "-") {
      std::cout << text;
    } else {
      turtle::saveFileAtomically(o.text, text);
    }
  }
  if (o.png.empty() && o.svg.empty() && o.text.empty()) std::cout << maze::toText(grid, format);
  if (o.solve) {
    std::cerr << (way.empty() ? "no way from the top-left cell to the bottom-right one\n"
                              : "the way is " + std::to_string(way.size()) + " cells long\n");
  }
}

}  // namespace

namespace mazekit::render {

void addMazeCommand(CLI::App& app) {
  auto options = std::make_shared<MazeOptions>();
  auto* cmd = app.add_subcommand("maze", "Generate a maze with the maze library");
  std::ostringstream algorithms;
  for (const auto a : maze::allAlgorithms()) algorithms << " " << maze::algorithmName(a);
  cmd->add_option("--algorithm,-a", options->algorithm, "One of:" + algorithms.str())
      ->capture_default_str();
  cmd->add_option("--size,-s", options->size, "WIDTHxHEIGHT in cells")->capture_default_str();
  cmd->add_option("--seed", options->seed, "The same seed gives the same maze")
      ->capture_default_str();
  cmd->add_flag("--solve", options->solve, "Find and draw the way from top-left to bottom-right");
  cmd->add_option("--braid", options->braid, "Share of dead ends to remove (0 to 1)");
  cmd->add_option("--png", options->png, "Write a PNG picture");
  cmd->add_option("--svg", options->svg, "Write an SVG picture");
  cmd->add_option("--text", options->text, "Write the maze as text to a file, or - for stdout");
  cmd->add_option("--format", options->format,
                  "Text format: hash, full-block, plus-minus or box-drawing")
      ->capture_default_str();
  cmd->callback([options] { mazeCommand(*options); });
}

}  // namespace mazekit::render
