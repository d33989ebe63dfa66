#pragma once
// The display list: every drawing call, recorded. Pictures, colour queries and the text
// log are all made from it, so any moment of a drawing can be shown again.

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "turtle/color.hpp"
#include "turtle/pen.hpp"
#include "turtle/vec2d.hpp"

namespace turtle::detail {

struct Line {
  Vec2D from;
  Vec2D to;
  double width = 1;
  Color color;
};

/// A polygon shape placed on the canvas: a stamp, or a turtle drawn on top of a picture.
struct Stamp {
  int shape = 0;  // index into Screen::Impl::shapes
  Vec2D position;
  Vec2D orient{1, 0};     // unit vector of the heading
  ShapeTransform matrix;  // stretch, shear and tilt, as the turtle's resizemode gives them
  double outline = 1;
  Color pencolor;
  Color fillcolor;
};

struct Dot {
  Vec2D position;
  double size = 1;
  Color color;
};

/// A filled polygon. begin_fill() puts an empty one in the list, so that the fill ends up
/// under the lines drawn after it; end_fill() gives it its points.
struct Fill {
  std::vector<Vec2D> points;
  Color color;
};

struct Text {
  Vec2D position;
  std::string text;
  std::string align;  // "left", "center" or "right"
  std::string family;
  std::string style;
  double size = 8;  // points
  Color color;
};

struct Item {
  int id = 0;     // increasing: the list stays sorted by id
  int owner = 0;  // the turtle that drew it
  std::variant<Line, Stamp, Dot, Fill, Text> shape;
};

/// A picture read from a PNG file (Screen::bgpic), as Cairo's ARGB32 pixels.
struct Picture {
  int width = 0;
  int height = 0;
  int stride = 0;  // bytes from one row to the next
  std::vector<unsigned char> pixels;
};

/// A named polygon, in the shape's own coordinates (+y is the way the turtle faces), or a
/// compound shape's polygons with their colours.
struct ShapeData {
  ShapeData(std::string shapeName, std::vector<Vec2D> shapePolygon, bool isCompound = false,
            std::vector<Shape::Component> shapeComponents = {})
      : name(std::move(shapeName)),
        polygon(std::move(shapePolygon)),
        compound(isCompound),
        components(std::move(shapeComponents)) {}
  std::string name;
  std::vector<Vec2D> polygon;  // empty for "blank" and for a compound shape
  bool compound = false;
  std::vector<Shape::Component> components;
};

}  // namespace turtle::detail

namespace turtle::detail {

/// Heading in degrees, 0 ≤ h < 360, from a unit direction vector, rounded as Python rounds
/// it (to 10 decimals), so that a quarter turn reads 90, not 89.99999999999999.
double headingOf(const Vec2D& orient);

}  // namespace turtle::detail
