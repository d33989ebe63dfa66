#pragma once
// Pictures of a Grid, drawn directly — for mazes far too big to stamp square by square
// through the turtle. The picture is the block picture of the hash text format: each wall,
// corner and cell is one square of squarePixels × squarePixels pixels, so a rows × cols maze
// is (2·cols + 1) · squarePixels pixels wide. A path, if given, is drawn over the passages.
//
//     maze::Grid grid = maze::generate(maze::Algorithm::wilson, 60, 80, 1);
//     maze::PictureOptions options;
//     options.path = maze::breadthFirst(grid, {0, 0}, {59, 79});
//     maze::savePicture(grid, "wilson.png", options);

#include <cstdint>
#include <filesystem>
#include <string>

#include "maze/grid.hpp"
#include "maze/solvers.hpp"

namespace maze {

/// A colour of a picture: red, green and blue from 0 to 255. (With the lesson's Maze linked,
/// maze::toRgb(turtle::Color("green")) gives one from any colour name the turtle knows.)
struct Rgb {
  std::uint8_t red = 0;
  std::uint8_t green = 0;
  std::uint8_t blue = 0;
  /// "#rrggbb", lower case.
  std::string hex() const;
};

inline bool operator==(const Rgb& a, const Rgb& b) {
  return a.red == b.red && a.green == b.green && a.blue == b.blue;
}
inline bool operator!=(const Rgb& a, const Rgb& b) { return !(a == b); }

struct PictureOptions {
  int squarePixels = 4;             ///< 1 to 64
  Rgb wallColor{0, 0, 255};         ///< blue, as the lesson's Maze draws walls
  Rgb passageColor{255, 255, 255};  ///< white
  Rgb pathColor{255, 0, 0};         ///< red, as the lesson's Maze draws VISITED
  Path path;                        ///< cells to mark, each next to the one before
};

/// The picture as PNG bytes (a palette image, 1 or 2 bits a pixel, compressed row by row, so
/// even a 10000 × 10000 maze needs only a few megabytes besides the result).
/// Throws std::invalid_argument for a square size outside 1 to 64, a picture wider or higher
/// than 2^30 pixels, or a path that leaves the grid or jumps between cells that are not neighbours.
std::string toPng(const Grid& grid, const PictureOptions& options = {});
/// The picture as SVG text: one rectangle for the passages, the walls (and path) as runs.
std::string toSvg(const Grid& grid, const PictureOptions& options = {});
/// Writes a .png or .svg file, chosen by the extension, through a temporary file beside it
/// and a rename. Throws std::invalid_argument for another extension and std::runtime_error,
/// naming the path, when it cannot be written.
void savePicture(const Grid& grid, const std::filesystem::path& path,
                 const PictureOptions& options = {});

}  // namespace maze
