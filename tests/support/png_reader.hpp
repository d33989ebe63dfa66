#pragma once
// A small PNG reader for the kit's tests: checks every chunk's checksum, inflates the image
// with zlib and undoes the row filters, so that a test can ask what colour a pixel is.
// It reads non-interlaced palette images (1, 2, 4 or 8 bits a pixel: what the maze library
// writes) and 8-bit RGB or RGBA (what Chromium's screenshots are). The test program links zlib.

#include <catch2/catch.hpp>

#include <zlib.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace kit_test {

struct PngImage {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  int bitDepth = 0;
  int colorType = 0;                            ///< 2 RGB, 3 palette, 6 RGBA
  std::string palette;                          ///< the PLTE chunk: r, g, b for each index
  std::vector<std::vector<std::uint8_t>> rows;  ///< unfiltered bytes, row after row

  /// The palette index of pixel (x, y) in a palette image.
  int paletteIndex(std::uint32_t x, std::uint32_t y) const {
    const std::size_t bit = std::size_t{x} * static_cast<std::size_t>(bitDepth);
    const int byte = rows[y][bit / 8];
    return (byte >> (8 - bitDepth - static_cast<int>(bit % 8))) & ((1 << bitDepth) - 1);
  }

  /// The colour of pixel (x, y) as "#rrggbb", whatever the image's kind.
  std::string hexAt(std::uint32_t x, std::uint32_t y) const {
    const unsigned char* rgb = nullptr;
    if (colorType == 3) {
      rgb = reinterpret_cast<const unsigned char*>(palette.data()) + 3 * paletteIndex(x, y);
    } else {
      rgb = rows[y].data() + std::size_t{x} * (colorType == 6 ? 4 : 3);
    }
    char text[8];
    std::snprintf(text, sizeof text, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
    return text;
  }
};

namespace png_detail {

inline std::uint32_t bigEndian(const std::string& s, std::size_t at) {
  return (std::uint32_t{static_cast<unsigned char>(s[at])} << 24) |
         (std::uint32_t{static_cast<unsigned char>(s[at + 1])} << 16) |
         (std::uint32_t{static_cast<unsigned char>(s[at + 2])} << 8) |
         std::uint32_t{static_cast<unsigned char>(s[at + 3])};
}

inline int paeth(int a, int b, int c) {
  const int p = a + b - c;
  const int pa = std::abs(p - a);
  const int pb = std::abs(p - b);
  const int pc = std::abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

}  // namespace png_detail

inline PngImage decodePng(const std::string& png) {
  using png_detail::bigEndian;
  REQUIRE(png.size() > 8);
  REQUIRE(png.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
  PngImage image;
  std::string compressed;
  for (std::size_t at = 8; at + 12 <= png.size();) {
    const std::uint32_t length = bigEndian(png, at);
    REQUIRE(at + 12 + length <= png.size());
    const std::string type = png.substr(at + 4, 4);
    const std::string data = png.substr(at + 8, length);
    const auto crc = static_cast<std::uint32_t>(
        crc32(0, reinterpret_cast<const Bytef*>(png.data() + at + 4), length + 4));
    REQUIRE(crc == bigEndian(png, at + 8 + length));
    if (type == "IHDR") {
      image.width = bigEndian(data, 0);
      image.height = bigEndian(data, 4);
      image.bitDepth = data[8];
      image.colorType = data[9];
      REQUIRE(data[12] == 0);  // not interlaced
    } else if (type == "PLTE") {
      image.palette = data;
    } else if (type == "IDAT") {
      compressed += data;
    }
    at += 12 + length;
  }
  const bool palette = image.colorType == 3;
  REQUIRE((palette || ((image.colorType == 2 || image.colorType == 6) && image.bitDepth == 8)));
  const std::size_t channels = palette ? 1 : image.colorType == 2 ? 3 : 4;
  const std::size_t bitsPerPixel = channels * static_cast<std::size_t>(image.bitDepth);
  const std::size_t stride = (std::size_t{image.width} * bitsPerPixel + 7) / 8;
  const std::size_t bpp = std::max<std::size_t>(1, bitsPerPixel / 8);  // filter distance

  std::vector<Bytef> raw((stride + 1) * image.height);
  uLongf rawSize = static_cast<uLongf>(raw.size());
  REQUIRE(uncompress(raw.data(), &rawSize, reinterpret_cast<const Bytef*>(compressed.data()),
                     static_cast<uLong>(compressed.size())) == Z_OK);
  REQUIRE(rawSize == raw.size());
  std::vector<std::uint8_t> previous(stride, 0);
  for (std::size_t y = 0; y < image.height; ++y) {
    const Bytef* line = raw.data() + y * (stride + 1);
    const int filter = line[0];
    REQUIRE(filter <= 4);
    std::vector<std::uint8_t> row(stride);
    for (std::size_t i = 0; i < stride; ++i) {
      const int x = line[1 + i];
      const int a = i >= bpp ? row[i - bpp] : 0;
      const int b = previous[i];
      const int c = i >= bpp ? previous[i - bpp] : 0;
      int value = x;
      if (filter == 1) value = x + a;
      if (filter == 2) value = x + b;
      if (filter == 3) value = x + (a + b) / 2;
      if (filter == 4) value = x + png_detail::paeth(a, b, c);
      row[i] = static_cast<std::uint8_t>(value & 0xff);
    }
    previous = row;
    image.rows.push_back(std::move(row));
  }
  return image;
}

}  // namespace kit_test
