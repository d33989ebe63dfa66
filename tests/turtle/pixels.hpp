#pragma once
// Test helpers: reading the canvas pixel by pixel, the way Cairo's image is laid out
// (pixel (0, 0) is the top-left corner).

#include <turtle/turtle.hpp>

namespace kit_test {

/// The colour of pixel (column, row), read through the screen's colorAt at its centre.
inline turtle::Color pixel(const turtle::Screen& screen, int column, int row) {
  return screen.colorAt(column + 0.5 - screen.width() / 2.0, screen.height() / 2.0 - row - 0.5);
}

}  // namespace kit_test
