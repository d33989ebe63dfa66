// A student's picture compared with the expected one (student/compare_pictures.hpp): the
// pixels only in theirs and only in the expected one counted, each marked in its own colour on
// the expected picture faded to grey, with a key under it.
#include <catch2/catch.hpp>

#include <cairo.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

#include "student/compare_pictures.hpp"

using mazekit::student::comparePictures;

namespace {

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const noexcept { cairo_surface_destroy(s); }
};
using SurfacePtr = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

// A 20 by 20 PNG: `background` everywhere, `ink` in the rectangle [x0, x1) by [y0, y1).
std::string picture(std::uint32_t background, std::uint32_t ink, int x0, int x1, int y0, int y1) {
  SurfacePtr surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 20, 20));
  cairo_surface_flush(surface.get());
  unsigned char* data = cairo_image_surface_get_data(surface.get());
  const int stride = cairo_image_surface_get_stride(surface.get());
  for (int y = 0; y < 20; ++y) {
    auto* row = reinterpret_cast<std::uint32_t*>(data + y * stride);
    for (int x = 0; x < 20; ++x) row[x] = x >= x0 && x < x1 && y >= y0 && y < y1 ? ink : background;
  }
  cairo_surface_mark_dirty(surface.get());
  std::string png;
  REQUIRE(cairo_surface_write_to_png_stream(surface.get(), append, &png) == CAIRO_STATUS_SUCCESS);
  return png;
}

struct Reading {
  const std::string* bytes;
  std::size_t at = 0;
};
cairo_status_t read(void* closure, unsigned char* data, unsigned int length) {
  auto* r = static_cast<Reading*>(closure);
  if (r->bytes->size() - r->at < length) return CAIRO_STATUS_READ_ERROR;
  std::memcpy(data, r->bytes->data() + r->at, length);
  r->at += length;
  return CAIRO_STATUS_SUCCESS;
}

// The comparison picture read back: its size and its colour (0xRRGGBB) at a pixel.
struct Decoded {
  SurfacePtr surface;
  int width() const { return cairo_image_surface_get_width(surface.get()); }
  int height() const { return cairo_image_surface_get_height(surface.get()); }
  std::uint32_t at(int x, int y) const {
    const unsigned char* data = cairo_image_surface_get_data(surface.get());
    const int stride = cairo_image_surface_get_stride(surface.get());
    return reinterpret_cast<const std::uint32_t*>(data + y * stride)[x] & 0xffffffu;
  }
};
Decoded decode(const std::string& png) {
  Reading reading{&png};
  Decoded decoded{SurfacePtr(cairo_image_surface_create_from_png_stream(read, &reading))};
  REQUIRE(cairo_surface_status(decoded.surface.get()) == CAIRO_STATUS_SUCCESS);
  return decoded;
}

constexpr std::uint32_t white = 0xffffff;
constexpr std::uint32_t black = 0x000000;
// The marks' colours, light or dark: orange (red over green over blue), blue (blue over green
// over red); grey is neither.
bool orange(std::uint32_t c) {
  const std::uint32_t r = c >> 16 & 0xff, g = c >> 8 & 0xff, b = c & 0xff;
  return r >= 100 && r > g && g > b;
}
bool blue(std::uint32_t c) {
  const std::uint32_t r = c >> 16 & 0xff, g = c >> 8 & 0xff, b = c & 0xff;
  return b >= 100 && b > g && g > r;
}

}  // namespace

TEST_CASE("a square drawn too far right counts the pixels only in yours and only expected",
          "[compare-pictures]") {
  // Expected: a 6 by 4 rectangle at x 2..7; yours: a 7 by 4 one at x 5..11. Both have x 5..7.
  const std::string expected = picture(white, black, 2, 8, 2, 6);
  const std::string yours = picture(white, black, 5, 12, 2, 6);
  const auto compared = comparePictures(yours, expected);
  CHECK(compared.onlyYours == 16);     // x 8..11, y 2..5
  CHECK(compared.onlyExpected == 12);  // x 2..4, y 2..5
  const Decoded shown = decode(compared.png);
  CHECK(shown.width() == 20);
  CHECK(shown.height() > 20);  // the key under the picture
  CHECK(orange(shown.at(10, 3)));
  CHECK(blue(shown.at(3, 3)));
  // Each mark is drawn a pixel wider all round, so that a one-pixel difference shows.
  CHECK(orange(shown.at(12, 3)));
  CHECK(blue(shown.at(1, 3)));
  // Where both drew, and where neither did: the expected picture in grey, not a mark.
  CHECK_FALSE(orange(shown.at(6, 3)));
  CHECK_FALSE(blue(shown.at(6, 3)));
  const std::uint32_t far = shown.at(17, 17);
  CHECK_FALSE(orange(far));
  CHECK_FALSE(blue(far));
  CHECK(((far >> 16) & 0xff) == (far & 0xff));  // grey
}

TEST_CASE("the same picture, or one differing only by soft edges, has no difference",
          "[compare-pictures]") {
  const std::string expected = picture(0x0000ff, white, 5, 15, 5, 15);
  const auto same = comparePictures(expected, expected);
  CHECK(same.onlyYours == 0);
  CHECK(same.onlyExpected == 0);
  // A shade a little off white (an antialiased edge) is not a difference.
  const auto soft = comparePictures(picture(0x0000ff, 0xf0f0e0, 5, 15, 5, 15), expected);
  CHECK(soft.onlyYours == 0);
  CHECK(soft.onlyExpected == 0);
}

TEST_CASE("a background in the wrong colour is all only in yours, its stamps darker",
          "[compare-pictures]") {
  // The expected picture's background is its most common colour (blue here). Yours is white
  // with a black square stamped on it.
  const auto compared =
      comparePictures(picture(white, black, 10, 14, 10, 14), picture(0x0000ff, white, 0, 4, 0, 5));
  CHECK(compared.onlyYours == 400 - 20);
  CHECK(compared.onlyExpected == 0);
  const Decoded shown = decode(compared.png);
  const std::uint32_t onWhite = shown.at(17, 17);
  const std::uint32_t onStamp = shown.at(12, 12);
  CHECK(orange(onWhite));
  CHECK(orange(onStamp));
  CHECK((onStamp >> 16) < (onWhite >> 16) / 2 + 20);  // the stamp still shows: darker
}

TEST_CASE("a picture that is not a PNG is refused, saying which", "[compare-pictures]") {
  const std::string expected = picture(white, black, 2, 6, 2, 6);
  REQUIRE_THROWS_WITH(comparePictures("not a picture", expected),
                      Catch::Contains("cannot read your picture as a PNG"));
  REQUIRE_THROWS_WITH(comparePictures(expected, ""),
                      Catch::Contains("cannot read the expected picture as a PNG"));
}
