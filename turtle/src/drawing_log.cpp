// The text log of a drawing: what each item is, in words and rounded numbers. It stays the
// same across machines and Cairo versions, so tests keep it as a golden file.
#include <cmath>
#include <cstdio>
#include <sstream>

#include "render.hpp"

namespace turtle::detail {
namespace {

// At most two decimals, no trailing zeros, and never "-0".
std::string rounded(double value) {
  double rounded = std::round(value * 100.0) / 100.0;
  if (rounded == 0.0) rounded = 0.0;  // turns -0 into 0
  char text[64];
  std::snprintf(text, sizeof text, "%.2f", rounded);
  std::string out(text);
  if (out.find('.') != std::string::npos) {
    while (out.back() == '0') out.pop_back();
    if (out.back() == '.') out.pop_back();
  }
  return out;
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::string drawingLog(const Screen::Impl& screen, LogPrecision precision) {
  // Readable, or every digit as Python's repr() writes it.
  const auto number = [precision](double value) {
    return precision == LogPrecision::full ? pythonStr(value) : rounded(value);
  };
  const auto point = [&number](const Vec2D& p) {
    return "(" + number(p.x) + "," + number(p.y) + ")";
  };
  std::ostringstream log;
  log << "screen " << screen.width << "x" << screen.height << " bgcolor " << screen.bgcolor.name();
  if (screen.mode == "world") {
    log << " world " << point(screen.worldLowerLeft) << " " << point(screen.worldUpperRight);
  } else if (screen.mode != "standard") {
    log << " mode " << screen.mode;
  }
  if (screen.bgpic) log << " bgpic " << quoted(screen.bgpicName);
  log << "\n";
  for (const Item& item : screen.items) {
    if (const auto* line = std::get_if<Line>(&item.shape)) {
      log << "line " << point(line->from) << " -> " << point(line->to) << " width "
          << number(line->width) << " color " << line->color.name() << "\n";
    } else if (const auto* stamp = std::get_if<Stamp>(&item.shape)) {
      log << "stamp " << item.id << " "
          << screen.shapes[static_cast<std::size_t>(stamp->shape)].name << " at "
          << point(stamp->position) << " heading " << number(headingOf(stamp->orient));
      const ShapeTransform& m = stamp->matrix;
      if (m.t12 != 0 || m.t21 != 0) {
        log << " transform (" << number(m.t11) << "," << number(m.t12) << "," << number(m.t21)
            << "," << number(m.t22) << ") outline " << number(stamp->outline);
      } else if (m.t11 != 1 || m.t22 != 1 || stamp->outline != 1) {
        log << " size " << number(m.t11) << "x" << number(m.t22) << " outline "
            << number(stamp->outline);
      }
      log << " pen " << stamp->pencolor.name() << " fill " << stamp->fillcolor.name() << "\n";
    } else if (const auto* dot = std::get_if<Dot>(&item.shape)) {
      log << "dot at " << point(dot->position) << " size " << number(dot->size) << " color "
          << dot->color.name() << "\n";
    } else if (const auto* fill = std::get_if<Fill>(&item.shape)) {
      if (fill->points.size() < 3) continue;  // still being drawn, or nothing to fill
      log << "fill " << fill->color.name() << " polygon";
      for (const Vec2D& p : fill->points) log << " " << point(p);
      log << "\n";
    } else if (const auto* text = std::get_if<Text>(&item.shape)) {
      log << "text " << quoted(text->text) << " at " << point(text->position) << " align "
          << text->align << " font " << quoted(text->family) << " " << number(text->size) << " "
          << text->style << " color " << text->color.name() << "\n";
    }
  }
  return log.str();
}

}  // namespace turtle::detail
