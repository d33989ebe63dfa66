// SVG pictures of a Grid: the passages are the background, and the walls (and the path) are
// drawn as runs of squares, one run per stretch of equal squares on a line, in one <path>
// element each. Coordinates are in squares; width and height scale them to pixels.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/files.hpp"
#include "maze/picture.hpp"
#include "squares.hpp"

namespace maze {

namespace {

/// Adds "M x y h n v 1 h -n z" for every run of `kind` squares on line y.
void appendRuns(std::string& out, const std::vector<std::uint8_t>& line, std::size_t y,
                std::uint8_t kind) {
  for (std::size_t x = 0; x < line.size();) {
    if (line[x] != kind) {
      ++x;
      continue;
    }
    std::size_t end = x;
    while (end < line.size() && line[end] == kind) ++end;
    const std::string n = std::to_string(end - x);
    out += "M" + std::to_string(x) + " " + std::to_string(y) + "h" + n + "v1h-" + n + "z";
    x = end;
  }
}

}  // namespace

std::string toSvg(const Grid& grid, const PictureOptions& options) {
  detail::checkPictureOptions(grid, options);
  const detail::SquareLines squares(grid, options.path);
  const std::string w = std::to_string(squares.width());
  const std::string h = std::to_string(squares.height());
  const auto s = static_cast<std::size_t>(options.squarePixels);
  std::string walls;
  std::string path;
  std::vector<std::uint8_t> line;
  for (std::size_t y = 0; y < squares.height(); ++y) {
    squares.line(y, line);
    appendRuns(walls, line, y, detail::wall);
    if (squares.hasPath()) appendRuns(path, line, y, detail::pathSquare);
  }
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
         std::to_string(squares.width() * s) + "\" height=\"" +
         std::to_string(squares.height() * s) + "\" viewBox=\"0 0 " + w + " " + h +
         "\" shape-rendering=\"crispEdges\">\n";
  out += "<rect width=\"" + w + "\" height=\"" + h + "\" fill=\"" + options.passageColor.hex() +
         "\"/>\n";
  out += "<path fill=\"" + options.wallColor.hex() + "\" d=\"" + walls + "\"/>\n";
  if (squares.hasPath())
    out += "<path fill=\"" + options.pathColor.hex() + "\" d=\"" + path + "\"/>\n";
  out += "</svg>\n";
  return out;
}

std::string Rgb::hex() const {
  static const char digits[] = "0123456789abcdef";
  std::string out = "#";
  for (std::uint8_t v : {red, green, blue}) {
    out += digits[v >> 4];
    out += digits[v & 15];
  }
  return out;
}

void savePicture(const Grid& grid, const std::filesystem::path& path,
                 const PictureOptions& options) {
  const std::string extension = path.extension().string();
  if (extension == ".png") {
    common::saveFileAtomically(path, toPng(grid, options));
  } else if (extension == ".svg") {
    common::saveFileAtomically(path, toSvg(grid, options));
  } else {
    throw std::invalid_argument("cannot save a maze picture as '" + extension + "' (" +
                                path.string() + "); use a .png or .svg file name");
  }
}

}  // namespace maze
