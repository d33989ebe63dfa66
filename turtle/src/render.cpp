#include "render.hpp"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>

#include "common/cairo.hpp"
#include "python_numbers.hpp"

namespace turtle::detail {
namespace {

using common::cairo::appendToString;
using common::cairo::check;
using common::cairo::checked;
using common::cairo::contextFor;
using common::cairo::ContextPtr;
using common::cairo::SurfacePtr;

// --- From turtle coordinates to Cairo's ------------------------------------------------------

void setColor(cairo_t* cr, const Color& c) {
  cairo_set_source_rgb(cr, c.red() / 255.0, c.green() / 255.0, c.blue() / 255.0);
}

// --- Each kind of item -----------------------------------------------------------------------

// A line of odd whole width along a pixel edge would smear over two rows of pixels; moved
// by half a pixel it fills one row exactly, as a window draws it. Other widths stay put.
double pixelOffset(double width) {
  const double whole = std::round(width);
  return (whole == width && std::fmod(whole, 2.0) == 1.0) ? 0.5 : 0.0;
}

// A polygon's corners in pixels, as Python's _polytrafo places them: the shape's +y axis
// along the heading as it looks on the canvas, +x to its right, after the shape's matrix.
// The stamp moves by less than half a pixel so that its box starts on a whole pixel: a
// 20×20 square then fills exactly 20×20 pixels, with no blurred edge to show a seam.
struct StampCorners {
  std::vector<Vec2D> offsets;  // from the centre, in Cairo's directions
  double cx = 0;               // the centre, in pixels
  double cy = 0;
  Vec2D operator[](std::size_t i) const { return {cx + offsets[i].x, cy + offsets[i].y}; }
};

StampCorners stampCorners(const Transform& t, const std::vector<Vec2D>& polygon, const Stamp& s) {
  double e0 = s.orient.x;
  double e1 = s.orient.y;
  if (t.sx != t.sy) {  // world coordinates stretch directions: the heading as seen
    const Vec2D seen{e0, e1 * t.sy / t.sx};
    e0 = seen.x / abs(seen);
    e1 = seen.y / abs(seen);
  }
  const ShapeTransform& m = s.matrix;
  StampCorners corners;
  corners.offsets.resize(polygon.size());
  double left = 0;
  double top = 0;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    const double px = m.t11 * polygon[i].x + m.t12 * polygon[i].y;
    const double py = m.t21 * polygon[i].x + m.t22 * polygon[i].y;
    corners.offsets[i] = {e1 * px + e0 * py, -(-e0 * px + e1 * py)};
    left = i == 0 ? corners.offsets[i].x : std::min(left, corners.offsets[i].x);
    top = i == 0 ? corners.offsets[i].y : std::min(top, corners.offsets[i].y);
  }
  corners.cx = std::floor(t.x(s.position.x) + left + 0.5) - left;
  corners.cy = std::floor(t.y(s.position.y) + top + 0.5) - top;
  return corners;
}

void tracePolygon(cairo_t* cr, const StampCorners& corners) {
  for (std::size_t i = 0; i < corners.offsets.size(); ++i) {
    const Vec2D corner = corners[i];
    if (i == 0) {
      cairo_move_to(cr, corner.x, corner.y);
    } else {
      cairo_line_to(cr, corner.x, corner.y);
    }
  }
  cairo_close_path(cr);
}

// Four corners, each edge along x or along y: a square stamp facing a quarter turn.
bool isUprightRectangle(const StampCorners& corners) {
  if (corners.offsets.size() != 4) return false;
  for (std::size_t i = 0; i < 4; ++i) {
    const Vec2D& a = corners.offsets[i];
    const Vec2D& b = corners.offsets[(i + 1) % 4];
    if (a.x != b.x && a.y != b.y) return false;
  }
  return true;
}

// As Tk draws a polygon: the inside filled, then the outline stroked on the edge. Tk (X11)
// strokes through pixel centres: an outline of odd whole width is the centred stroke moved
// half a pixel right and down (pixelOffset), so its odd pixel lies outside on the right and
// bottom and inside on the left and top. A 30 px disc with a 2 px outline covers 32×32 pixels,
// and Python's 20×20 square stamp with its 1 px outline 21×21, as in Tk.
void drawPolygon(cairo_t* cr, const StampCorners& corners, const Color& fill, const Color& outline,
                 double width) {
  if (corners.offsets.size() < 2) return;  // "blank"
  const double shift = width > 0 ? pixelOffset(width) : 0.0;
  if (fill == outline && width > 0 && isUprightRectangle(corners)) {
    // The maze's squares: fill and outline together are one rectangle, grown by the
    // outline as the stroke below would grow it, and filled in one step.
    double left = corners[0].x;
    double right = left;
    double top = corners[0].y;
    double bottom = top;
    for (std::size_t i = 1; i < 4; ++i) {
      left = std::min(left, corners[i].x);
      right = std::max(right, corners[i].x);
      top = std::min(top, corners[i].y);
      bottom = std::max(bottom, corners[i].y);
    }
    cairo_rectangle(cr, left - width / 2 + shift, top - width / 2 + shift, right - left + width,
                    bottom - top + width);
    setColor(cr, fill);
    cairo_fill(cr);
    return;
  }
  tracePolygon(cr, corners);
  setColor(cr, fill);
  cairo_fill(cr);
  if (width <= 0) return;
  cairo_save(cr);
  cairo_translate(cr, shift, shift);
  tracePolygon(cr, corners);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_set_line_width(cr, width);
  setColor(cr, outline);
  cairo_stroke(cr);
  cairo_restore(cr);
}

void drawStamp(cairo_t* cr, const Transform& t, const Screen::Impl& screen, const Stamp& s) {
  const ShapeData& shape = screen.shapes[static_cast<std::size_t>(s.shape)];
  if (!shape.compound) {
    drawPolygon(cr, stampCorners(t, shape.polygon, s), s.fillcolor, s.pencolor, s.outline);
    return;
  }
  // Python's compound shape: each polygon in its own colours, read in today's colormode.
  for (const Shape::Component& component : shape.components) {
    drawPolygon(cr, stampCorners(t, component.polygon, s), component.fill.readIn(screen.colormode),
                component.outline.readIn(screen.colormode), s.outline);
  }
}

// A picture from Screen::bgpic, centred on the canvas at its own size, as Tk shows it.
void drawPicture(cairo_t* cr, const Screen::Impl& screen, const Picture& picture) {
  SurfacePtr surface =
      checked(cairo_image_surface_create_for_data(const_cast<unsigned char*>(picture.pixels.data()),
                                                  CAIRO_FORMAT_ARGB32, picture.width,
                                                  picture.height, picture.stride),
              "cannot show the background picture");
  cairo_set_source_surface(cr, surface.get(), std::floor((screen.width - picture.width) / 2.0),
                           std::floor((screen.height - picture.height) / 2.0));
  cairo_paint(cr);
}

// Python's dot is a line of no length, `size` wide, with round ends: placed as lines are.
void drawDot(cairo_t* cr, const Transform& t, const Dot& d) {
  const double shift = pixelOffset(d.size);
  cairo_new_sub_path(cr);
  cairo_arc(cr, t.x(d.position.x) + shift, t.y(d.position.y) + shift, d.size / 2.0, 0, 2 * M_PI);
  setColor(cr, d.color);
  cairo_fill(cr);
}

void drawFill(cairo_t* cr, const Transform& t, const Fill& f) {
  if (f.points.size() < 3) return;  // begin_fill() without end_fill() yet
  cairo_move_to(cr, t.x(f.points[0].x), t.y(f.points[0].y));
  for (std::size_t i = 1; i < f.points.size(); ++i) {
    cairo_line_to(cr, t.x(f.points[i].x), t.y(f.points[i].y));
  }
  cairo_close_path(cr);
  // Tk fills a polygon even-odd: a star drawn in one stroke keeps its centre hollow.
  cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
  setColor(cr, f.color);
  cairo_fill(cr);
}

void drawText(cairo_t* cr, const Transform& t, const Text& text) {
  const bool bold = text.style.find("bold") != std::string::npos;
  const bool italic = text.style.find("italic") != std::string::npos;
  cairo_select_font_face(cr, text.family.c_str(),
                         italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, text.size * 96.0 / 72.0);  // points at 96 dots per inch
  cairo_text_extents_t extents;
  cairo_text_extents(cr, text.text.c_str(), &extents);
  cairo_font_extents_t font;
  cairo_font_extents(cr, &font);
  double x = t.x(text.position.x);
  if (text.align == "center") x -= extents.x_advance / 2.0;
  if (text.align == "right") x -= extents.x_advance;
  // As in Python, the turtle sits on the bottom edge of the text, below the descenders.
  cairo_move_to(cr, x, t.y(text.position.y) - font.descent);
  setColor(cr, text.color);
  cairo_show_text(cr, text.text.c_str());
  cairo_new_path(cr);
}

// Lines that follow each other with the same pen are stroked as one path: fewer calls,
// and joins where one line continues the last.
class LineBatch {
 public:
  explicit LineBatch(cairo_t* cr) : cr_(cr) {}
  void add(const Transform& t, const Line& line) {
    if (open_ && (line.width != width_ || line.color != color_)) flush();
    if (!open_) {
      open_ = true;
      width_ = line.width;
      color_ = line.color;
    }
    const double d = pixelOffset(line.width);
    if (!(hasEnd_ && line.from == end_)) {
      cairo_move_to(cr_, t.x(line.from.x) + d, t.y(line.from.y) + d);
    }
    cairo_line_to(cr_, t.x(line.to.x) + d, t.y(line.to.y) + d);
    end_ = line.to;
    hasEnd_ = true;
  }
  void flush() {
    if (!open_) return;
    cairo_set_line_width(cr_, width_);
    cairo_set_line_cap(cr_, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr_, CAIRO_LINE_JOIN_ROUND);
    setColor(cr_, color_);
    cairo_stroke(cr_);
    open_ = false;
    hasEnd_ = false;
  }

 private:
  cairo_t* cr_;
  bool open_ = false;
  bool hasEnd_ = false;
  double width_ = 1;
  Color color_;
  Vec2D end_;
};

// Replays the display list onto any Cairo surface of the screen's size.
void paint(cairo_t* cr, const Screen::Impl& screen, bool withTurtles) {
  const Transform t = transformOf(screen);
  setColor(cr, screen.bgcolor);
  cairo_paint(cr);
  if (screen.bgpic) drawPicture(cr, screen, *screen.bgpic);
  LineBatch lines(cr);
  for (const Item& item : screen.items) {
    if (const auto* line = std::get_if<Line>(&item.shape)) {
      lines.add(t, *line);
      continue;
    }
    lines.flush();
    if (const auto* stamp = std::get_if<Stamp>(&item.shape)) {
      drawStamp(cr, t, screen, *stamp);
    } else if (const auto* dot = std::get_if<Dot>(&item.shape)) {
      drawDot(cr, t, *dot);
    } else if (const auto* fill = std::get_if<Fill>(&item.shape)) {
      drawFill(cr, t, *fill);
    } else if (const auto* text = std::get_if<Text>(&item.shape)) {
      drawText(cr, t, *text);
    }
  }
  lines.flush();
  if (withTurtles) {
    for (const Stamp& cursor : screen.cursors()) drawStamp(cr, t, screen, cursor);
  }
  check(cairo_status(cr), "cannot draw the picture");
}

SurfacePtr rasterOf(const Screen::Impl& screen, bool withTurtles) {
  SurfacePtr surface =
      checked(cairo_image_surface_create(CAIRO_FORMAT_RGB24, screen.width, screen.height),
              "cannot make a picture in memory");
  ContextPtr cr = contextFor(surface.get());
  paint(cr.get(), screen, withTurtles);
  cairo_surface_flush(surface.get());
  return surface;
}

// Cairo names each SVG surface "surfaceN" with a counter that runs on for the whole
// program, so the second save of the same drawing would differ from the first. Numbering the
// names afresh in each file makes the same drawing give the same bytes.
std::string numberSurfacesFromOne(const std::string& svg) {
  static const std::string word = "surface";
  std::map<std::string, std::string> renamed;
  std::string out;
  out.reserve(svg.size());
  std::size_t at = 0;
  while (true) {
    const std::size_t found = svg.find(word, at);
    if (found == std::string::npos) break;
    std::size_t end = found + word.size();
    while (end < svg.size() && std::isdigit(static_cast<unsigned char>(svg[end]))) ++end;
    out.append(svg, at, found - at);
    const std::string number = svg.substr(found + word.size(), end - found - word.size());
    if (number.empty()) {
      out += word;
    } else {
      auto [entry, added] = renamed.try_emplace(number, std::to_string(renamed.size() + 1));
      out += word + entry->second;
    }
    at = end;
  }
  out.append(svg, at, std::string::npos);
  return out;
}

}  // namespace

Transform transformOf(const Screen::Impl& screen) {
  if (screen.mode != "world") return {screen.width / 2.0, screen.height / 2.0, 1.0, 1.0};
  const Vec2D& low = screen.worldLowerLeft;
  const Vec2D& high = screen.worldUpperRight;
  const double sx = screen.width / (high.x - low.x);
  const double sy = screen.height / (high.y - low.y);
  return {-low.x * sx, high.y * sy, sx, sy};
}

namespace {
// Even-odd, as the shape is filled: a point is inside when a ray from it crosses the
// outline an odd number of times.
bool polygonContains(const StampCorners& corners, double px, double py) {
  bool inside = false;
  const std::size_t n = corners.offsets.size();
  for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
    const Vec2D a = corners[i];
    const Vec2D b = corners[j];
    if ((a.y > py) != (b.y > py) && px < (b.x - a.x) * (py - a.y) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}
}  // namespace

bool stampContains(const Screen::Impl& screen, const Stamp& stamp, double x, double y) {
  const Transform t = transformOf(screen);
  const ShapeData& shape = screen.shapes[static_cast<std::size_t>(stamp.shape)];
  const double px = t.x(x);
  const double py = t.y(y);
  if (!shape.compound) return polygonContains(stampCorners(t, shape.polygon, stamp), px, py);
  for (const Shape::Component& component : shape.components) {
    if (polygonContains(stampCorners(t, component.polygon, stamp), px, py)) return true;
  }
  return false;
}

Picture readPng(const std::string& path) {
  SurfacePtr surface(cairo_image_surface_create_from_png(path.c_str()));
  const cairo_status_t status = cairo_surface_status(surface.get());
  if (status != CAIRO_STATUS_SUCCESS) {
    throw std::runtime_error("cannot read the background picture '" + path +
                             "': " + cairo_status_to_string(status) + " (bgpic reads PNG files)");
  }
  // As ARGB32 whatever the file held, so that drawing it needs one format only.
  Picture picture;
  picture.width = cairo_image_surface_get_width(surface.get());
  picture.height = cairo_image_surface_get_height(surface.get());
  picture.stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, picture.width);
  picture.pixels.resize(static_cast<std::size_t>(picture.stride) *
                        static_cast<std::size_t>(picture.height));
  SurfacePtr argb =
      checked(cairo_image_surface_create_for_data(picture.pixels.data(), CAIRO_FORMAT_ARGB32,
                                                  picture.width, picture.height, picture.stride),
              "cannot read the background picture");
  ContextPtr cr = contextFor(argb.get());
  cairo_set_source_surface(cr.get(), surface.get(), 0, 0);
  cairo_set_operator(cr.get(), CAIRO_OPERATOR_SOURCE);
  cairo_paint(cr.get());
  cairo_surface_flush(argb.get());
  return picture;
}

// Python's turtle (3.10 to 3.13), word for word:
// round(math.degrees(math.atan2(y, x)), 10) % 360.0.
double headingOf(const Vec2D& orient) {
  return pyMod(pyRound(degrees(std::atan2(orient.y, orient.x)), 10), 360.0);
}

std::string renderPng(const Screen::Impl& screen, bool withTurtles) {
  SurfacePtr surface = rasterOf(screen, withTurtles);
  std::string bytes;
  check(cairo_surface_write_to_png_stream(surface.get(), appendToString, &bytes),
        "cannot encode the PNG");
  return bytes;
}

std::string renderSvg(const Screen::Impl& screen, bool withTurtles) {
  std::string bytes;
  {
    SurfacePtr surface = checked(
        cairo_svg_surface_create_for_stream(appendToString, &bytes, screen.width, screen.height),
        "cannot start the SVG");
    cairo_svg_surface_restrict_to_version(surface.get(), CAIRO_SVG_VERSION_1_1);
    cairo_svg_surface_set_document_unit(surface.get(), CAIRO_SVG_UNIT_PX);
    {
      ContextPtr cr = contextFor(surface.get());
      paint(cr.get(), screen, withTurtles);
    }
    cairo_surface_finish(surface.get());  // the file is complete only now
    check(cairo_surface_status(surface.get()), "cannot finish the SVG");
  }
  return numberSurfacesFromOne(bytes);
}

std::string renderPdf(const Screen::Impl& screen, bool withTurtles) {
  std::string bytes;
  {
    SurfacePtr surface = checked(
        cairo_pdf_surface_create_for_stream(appendToString, &bytes, screen.width, screen.height),
        "cannot start the PDF");
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, screen.title.c_str());
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "mazekit turtle");
    // No creation date: the same drawing makes the same file, whenever it is saved.
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, "");
    {
      ContextPtr cr = contextFor(surface.get());
      paint(cr.get(), screen, withTurtles);
      cairo_show_page(cr.get());
    }
    cairo_surface_finish(surface.get());
    check(cairo_surface_status(surface.get()), "cannot finish the PDF");
  }
  return bytes;
}

std::uint32_t pixelAt(const Screen::Impl& screen, double x, double y) {
  if (screen.rasterVersion != screen.version) {
    SurfacePtr surface = rasterOf(screen, false);
    const unsigned char* data = cairo_image_surface_get_data(surface.get());
    const int stride = cairo_image_surface_get_stride(surface.get());
    screen.raster.resize(static_cast<std::size_t>(screen.width) *
                         static_cast<std::size_t>(screen.height));
    for (int row = 0; row < screen.height; ++row) {
      std::memcpy(
          &screen.raster[static_cast<std::size_t>(row) * static_cast<std::size_t>(screen.width)],
          data + static_cast<std::ptrdiff_t>(row) * stride,
          static_cast<std::size_t>(screen.width) * sizeof(std::uint32_t));
    }
    screen.rasterVersion = screen.version;
  }
  // The pixel whose square contains the point; the far edges belong to the last pixel.
  const Transform t = transformOf(screen);
  const int column = std::clamp(static_cast<int>(std::floor(t.x(x))), 0, screen.width - 1);
  const int row = std::clamp(static_cast<int>(std::floor(t.y(y))), 0, screen.height - 1);
  return screen.raster[static_cast<std::size_t>(row) * static_cast<std::size_t>(screen.width) +
                       static_cast<std::size_t>(column)] &
         0xffffffu;
}

}  // namespace turtle::detail
