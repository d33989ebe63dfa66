// Pictures: the PNG is decoded here (chunks, checksums, zlib) and checked square for square
// against the grid; the SVG of a tiny maze is checked whole.
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "maze/generators.hpp"
#include "maze/picture.hpp"
#include "maze/solvers.hpp"
#include "png_reader.hpp"

using kit_test::decodePng;

TEST_CASE("the PNG shows a wall exactly where the grid has one, square for square",
          "[maze][picture]") {
  const maze::Grid grid = maze::generate(maze::Algorithm::kruskal, 7, 11, 3);
  maze::PictureOptions options;
  options.squarePixels = 3;
  const kit_test::PngImage png = decodePng(maze::toPng(grid, options));
  REQUIRE(png.width == 23 * 3);
  REQUIRE(png.height == 15 * 3);
  CHECK(png.bitDepth == 1);
  CHECK(png.palette == std::string("\xff\xff\xff\x00\x00\xff", 6));  // white, blue
  for (int r = 0; r < 7; ++r) {
    for (int c = 0; c < 11; ++c) {
      // Centre pixel of the cell square, of the square east of it, and the one south of it.
      const auto px = [&](int sx, int sy) {
        return png.paletteIndex(static_cast<std::uint32_t>(sx * 3 + 1),
                                static_cast<std::uint32_t>(sy * 3 + 1));
      };
      CHECK(px(2 * c + 1, 2 * r + 1) == 0);
      CHECK(px(2 * c + 2, 2 * r + 1) == (grid.isOpen({r, c}, maze::Direction::east) ? 0 : 1));
      CHECK(px(2 * c + 1, 2 * r + 2) == (grid.isOpen({r, c}, maze::Direction::south) ? 0 : 1));
      CHECK(px(2 * c, 2 * r) == 1);  // corners are always wall
    }
  }
}

TEST_CASE("the PNG marks a path, cells and passages between, in the path colour",
          "[maze][picture]") {
  const maze::Grid grid = maze::generate(maze::Algorithm::wilson, 6, 6, 2);
  maze::PictureOptions options;
  options.squarePixels = 1;
  options.path = maze::breadthFirst(grid, {0, 0}, {5, 5});
  const kit_test::PngImage png = decodePng(maze::toPng(grid, options));
  CHECK(png.bitDepth == 2);
  std::size_t marked = 0;
  for (std::uint32_t y = 0; y < png.height; ++y) {
    for (std::uint32_t x = 0; x < png.width; ++x) marked += png.paletteIndex(x, y) == 2 ? 1 : 0;
  }
  CHECK(marked == 2 * options.path.size() - 1);
  for (const maze::Cell c : options.path) {
    CHECK(png.paletteIndex(static_cast<std::uint32_t>(2 * c.col + 1),
                           static_cast<std::uint32_t>(2 * c.row + 1)) == 2);
  }
}

TEST_CASE("the SVG of a one-cell maze", "[maze][picture]") {
  maze::PictureOptions options;
  options.squarePixels = 10;
  CHECK(maze::toSvg(maze::Grid(1, 1), options) ==
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30\" height=\"30\" viewBox=\"0 0 3 3\" "
        "shape-rendering=\"crispEdges\">\n"
        "<rect width=\"3\" height=\"3\" fill=\"#ffffff\"/>\n"
        "<path fill=\"#0000ff\" d=\"M0 0h3v1h-3zM0 1h1v1h-1zM2 1h1v1h-1zM0 2h3v1h-3z\"/>\n"
        "</svg>\n");
}

TEST_CASE("bad picture options are refused with the value", "[maze][picture]") {
  const maze::Grid grid(3, 3);
  maze::PictureOptions options;
  options.squarePixels = 0;
  CHECK_THROWS_WITH(maze::toPng(grid, options), "square size must be 1 to 64 pixels, got 0");
  options.squarePixels = 2;
  options.path = {{0, 0}, {1, 1}};
  CHECK_THROWS_WITH(maze::toSvg(grid, options),
                    "path step 1 (1, 1) is not next to the step before it");
  options.path = {{0, 0}, {0, 3}};
  CHECK_THROWS_WITH(maze::toPng(grid, options), "path step 1 (0, 3) is off the maze");
  CHECK_THROWS_WITH(
      maze::savePicture(grid, "maze.gif"),
      "cannot save a maze picture as '.gif' (maze.gif); use a .png or .svg file name");
}

TEST_CASE("savePicture writes the file whole", "[maze][picture]") {
  const auto dir = std::filesystem::temp_directory_path() / "mazekit_picture_test";
  std::filesystem::create_directories(dir);
  const maze::Grid grid = maze::generate(maze::Algorithm::eller, 5, 5, 1);
  maze::savePicture(grid, dir / "eller.svg");
  std::ifstream in(dir / "eller.svg");
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str() == maze::toSvg(grid));
  std::filesystem::remove_all(dir);
}
