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

/// The drawing's colour (0x00RRGGBB) at a point in turtle coordinates on the canvas.
std::uint32_t pixelAt(const Screen::Impl& screen, double x, double y);

/// The readable log of the drawing (Screen::drawingLog).
std::string drawingLog(const Screen::Impl& screen);

}  // namespace turtle::detail
