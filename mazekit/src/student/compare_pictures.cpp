// The comparison picture (see student/compare_pictures.hpp), drawn with Cairo.
#include "student/compare_pictures.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "common/cairo.hpp"

namespace mazekit::student {
namespace {

using common::cairo::appendToString;
using common::cairo::check;
using common::cairo::ContextPtr;
using common::cairo::readFromString;
using common::cairo::Reading;
using common::cairo::SurfacePtr;

// A picture's pixels as 0xRRGGBB (laid on white where it is see-through), row by row.
/// The index of pixel (x, y) in a row-major picture `width` pixels wide (x, y, width >= 0).
std::size_t cell(int x, int y, int width) {
  return static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
         static_cast<std::size_t>(x);
}

struct Pixels {
  int width = 0;
  int height = 0;
  std::vector<std::uint32_t> rgb;
  std::uint32_t at(int x, int y, std::uint32_t outside) const {
    return x < width && y < height ? rgb[cell(x, y, width)] : outside;
  }
};

Pixels pixelsOf(const std::string& png, const char* which) {
  Reading reading{&png};
  SurfacePtr read(cairo_image_surface_create_from_png_stream(readFromString, &reading));
  check(cairo_surface_status(read.get()), std::string("cannot read ") + which + " as a PNG");
  Pixels pixels;
  pixels.width = cairo_image_surface_get_width(read.get());
  pixels.height = cairo_image_surface_get_height(read.get());
  SurfacePtr flat(cairo_image_surface_create(CAIRO_FORMAT_RGB24, pixels.width, pixels.height));
  check(cairo_surface_status(flat.get()), std::string("cannot read ") + which);
  {
    ContextPtr cr(cairo_create(flat.get()));
    cairo_set_source_rgb(cr.get(), 1, 1, 1);
    cairo_paint(cr.get());
    cairo_set_source_surface(cr.get(), read.get(), 0, 0);
    cairo_paint(cr.get());
    check(cairo_status(cr.get()), std::string("cannot read ") + which);
  }
  cairo_surface_flush(flat.get());
  const unsigned char* data = cairo_image_surface_get_data(flat.get());
  const int stride = cairo_image_surface_get_stride(flat.get());
  pixels.rgb.resize(cell(0, pixels.height, pixels.width));
  for (int y = 0; y < pixels.height; ++y) {
    const auto* row =
        reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    for (int x = 0; x < pixels.width; ++x)
      pixels.rgb[cell(x, y, pixels.width)] = row[x] & 0xffffffu;
  }
  return pixels;
}

// The largest difference of one channel: soft (antialiased) edges differ by little.
int channelDistance(std::uint32_t a, std::uint32_t b) {
  int most = 0;
  for (int shift = 0; shift <= 16; shift += 8) {
    const int d =
        std::abs(static_cast<int>((a >> shift) & 0xff) - static_cast<int>((b >> shift) & 0xff));
    most = std::max(most, d);
  }
  return most;
}
constexpr int differs = 64;  // of 255

std::uint32_t mostCommon(const Pixels& pixels) {
  std::unordered_map<std::uint32_t, long> counts;
  std::uint32_t best = 0xffffff;
  long bestCount = 0;
  for (const std::uint32_t c : pixels.rgb) {
    const long n = ++counts[c];
    if (n > bestCount) {
      best = c;
      bestCount = n;
    }
  }
  return best;
}

// The colours of the marks: orange and blue, told apart also by colour-blind eyes.
constexpr std::uint32_t orange = 0xff7a00;
constexpr std::uint32_t blue = 0x1060ff;

// The expected picture faded to light grey, so that the marks stand out on any background.
double luminanceOf(std::uint32_t c) {
  return 0.299 * ((c >> 16) & 0xff) + 0.587 * ((c >> 8) & 0xff) + 0.114 * (c & 0xff);
}

std::uint32_t faded(std::uint32_t c) {
  const auto grey = static_cast<std::uint32_t>(200 + luminanceOf(c) * 50 / 255);
  return grey << 16 | grey << 8 | grey;
}

// `mark` as dark as `under` is: from 45% for black to 100% for white.
std::uint32_t shaded(std::uint32_t mark, std::uint32_t under) {
  const double level = 0.45 + 0.55 * luminanceOf(under) / 255;
  std::uint32_t shadedMark = 0;
  for (int shift = 0; shift <= 16; shift += 8) {
    shadedMark |= static_cast<std::uint32_t>(((mark >> shift) & 0xff) * level) << shift;
  }
  return shadedMark;
}

// The key under the picture, from `top` down, `keyHeight` high: what each colour means, with
// the counts.
void drawKey(cairo_surface_t* surface, int width, int top, int keyHeight,
             const PictureComparison& result) {
  ContextPtr cr(cairo_create(surface));
  cairo_set_source_rgb(cr.get(), 1, 1, 1);
  cairo_rectangle(cr.get(), 0, top, width, keyHeight);
  cairo_fill(cr.get());
  cairo_select_font_face(cr.get(), "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr.get(), 13);
  const auto line = [&](double y, std::uint32_t colour, const std::string& text) {
    cairo_set_source_rgb(cr.get(), ((colour >> 16) & 0xff) / 255.0, ((colour >> 8) & 0xff) / 255.0,
                         (colour & 0xff) / 255.0);
    cairo_rectangle(cr.get(), 6, y - 10, 12, 12);
    cairo_fill(cr.get());
    cairo_set_source_rgb(cr.get(), 0.13, 0.13, 0.13);
    cairo_move_to(cr.get(), 24, y);
    cairo_show_text(cr.get(), text.c_str());
  };
  const auto pixels = [](long n) { return std::to_string(n) + (n == 1 ? " pixel" : " pixels"); };
  line(top + 18, orange, "only in yours: " + pixels(result.onlyYours));
  line(top + 36, blue, "only in the expected picture: " + pixels(result.onlyExpected));
  check(cairo_status(cr.get()), "cannot draw the comparison picture");
}

}  // namespace

PictureComparison comparePictures(const std::string& yoursPng, const std::string& expectedPng) {
  const Pixels yours = pixelsOf(yoursPng, "your picture");
  const Pixels expected = pixelsOf(expectedPng, "the expected picture");
  const std::uint32_t background = mostCommon(expected);
  const int width = std::max(yours.width, expected.width);
  const int height = std::max(yours.height, expected.height);
  constexpr int keyHeight = 44;  // the key under the picture

  PictureComparison result;
  SurfacePtr surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height + keyHeight));
  check(cairo_surface_status(surface.get()), "cannot make the comparison picture");
  cairo_surface_flush(surface.get());
  unsigned char* data = cairo_image_surface_get_data(surface.get());
  const int stride = cairo_image_surface_get_stride(surface.get());
  // Each differing pixel marked, and its neighbours too, so that a one-pixel line shows.
  std::vector<std::uint32_t> marks(cell(0, height, width), 0);
  std::vector<std::uint32_t> base(marks.size());
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const std::uint32_t e = expected.at(x, y, background);
      const std::uint32_t o = yours.at(x, y, background);
      base[cell(x, y, width)] = faded(e);
      if (channelDistance(e, o) <= differs) continue;
      // The mark, darker where the picture that has the pixel is dark, so that a black stamp
      // on a wrong background still shows as a stamp.
      std::uint32_t mark = shaded(blue, e);
      if (channelDistance(e, background) <= differs) {
        mark = shaded(orange, o);
        ++result.onlyYours;
      } else {
        ++result.onlyExpected;
      }
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const int nx = x + dx;
          const int ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          std::uint32_t& m = marks[cell(nx, ny, width)];
          if (m == 0 || (dx == 0 && dy == 0)) m = mark;
        }
      }
    }
  }
  for (int y = 0; y < height; ++y) {
    auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    for (int x = 0; x < width; ++x) {
      const std::size_t i = cell(x, y, width);
      row[x] = marks[i] != 0 ? marks[i] : base[i];
    }
  }
  cairo_surface_mark_dirty(surface.get());

  drawKey(surface.get(), width, height, keyHeight, result);
  cairo_surface_flush(surface.get());
  check(cairo_surface_write_to_png_stream(surface.get(), appendToString, &result.png),
        "cannot write the comparison picture");
  return result;
}

}  // namespace mazekit::student
