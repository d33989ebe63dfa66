#pragma once
// What a Screen holds. Private to the library: Turtle and the renderer reach in here.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "drawing.hpp"
#include "turtle/pen.hpp"
#include "turtle/screen.hpp"

namespace turtle {

struct Screen::Impl {
  Impl(int w, int h);
  ~Impl();

  Screen* owner = nullptr;  // kept up to date when the Screen moves
  int width;
  int height;
  Color bgcolor{"white"};
  std::string title = "Python Turtle Graphics";
  double colormode = 1.0;
  int tracerN = 1;
  static constexpr int defaultDelayMs = 10;  // Python's
  int delayMs = defaultDelayMs;

  std::vector<detail::ShapeData> shapes;
  std::map<std::string, int> shapeIndex;

  std::vector<detail::Item> items;  // sorted by id
  int nextItemId = 1;
  std::vector<Turtle::State*> turtles;

  // colorAt reads a raster of the drawing, made again only after the drawing changed.
  std::uint64_t version = 0;
  mutable std::uint64_t rasterVersion = ~std::uint64_t{0};
  mutable std::vector<std::uint32_t> raster;  // 0x00RRGGBB, row by row

  /// Appends an item drawn by `owner` and returns its id.
  int add(int owner, decltype(detail::Item::shape) shape);
  detail::Item* find(int id);
  /// Removes the items whose ids are in [first, last); returns how many it removed.
  std::size_t removeRange(int first, int last);
  void removeIf(bool (*predicate)(const detail::Item&, int), int arg);
  void changed() { ++version; }
  int shapeNumber(const std::string& name) const;  // throws for an unknown name

  /// The visible turtles, as stamps to draw on top of a picture.
  std::vector<detail::Stamp> cursors() const;
};

namespace detail {
/// Puts a turtle back to its starting state and forgets its drawings (Screen::reset).
void resetTurtle(Turtle::State& state);
/// The turtle a state belongs to (Screen::turtles).
Turtle* turtleOf(Turtle::State& state);
/// Tells a turtle its screen is gone (Screen's destructor).
void detachTurtle(Turtle::State& state);
/// The turtle drawn as a stamp, if it is visible and has a shape.
bool cursorOf(const Turtle::State& state, Stamp& out);
}  // namespace detail

}  // namespace turtle
