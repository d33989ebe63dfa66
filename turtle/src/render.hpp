#pragma once
// Turning the display list into pixels and files, through Cairo. The only part of the
// library that includes <cairo.h>.

#include <cstdint>
#include <string>

#include "screen_impl.hpp"

namespace turtle::detail {

/// The whole picture as file bytes. `withTurtles` draws visible turtles on top.
std::string renderPng(const Screen::Impl& screen, bool withTurtles);
std::string renderSvg(const Screen::Impl& screen, bool withTurtles);
std::string renderPdf(const Screen::Impl& screen, bool withTurtles);

/// From turtle coordinates to the picture's pixels (origin top-left, y down): in "standard"
/// and "logo" mode one unit is one pixel from the centre; in "world" mode the world's
/// corners are the canvas's.
struct Transform {
  double x0;  // the pixel of turtle x = 0, y = 0
  double y0;
  double sx;  // pixels per unit
  double sy;
  double x(double tx) const { return x0 + tx * sx; }
  double y(double ty) const { return y0 - ty * sy; }
  double turtleX(double px) const { return (px - x0) / sx; }
  double turtleY(double py) const { return (y0 - py) / sy; }
};
Transform transformOf(const Screen::Impl& screen);

/// The drawing's colour (0x00RRGGBB) at a point in turtle coordinates on the canvas.
std::uint32_t pixelAt(const Screen::Impl& screen, double x, double y);

/// True when the point (turtle coordinates) lies inside the stamp's shape as it is drawn.
bool stampContains(const Screen::Impl& screen, const Stamp& stamp, double x, double y);

/// Reads a PNG file for Screen::bgpic; throws std::runtime_error naming the file.
Picture readPng(const std::string& path);

/// The readable log of the drawing (Screen::drawingLog).
std::string drawingLog(const Screen::Impl& screen, LogPrecision precision);

}  // namespace turtle::detail
