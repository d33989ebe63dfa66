#pragma once
// What a Screen holds. Private to the library: Turtle and the renderer reach in here.

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
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

  std::string mode = "standard";
  Vec2D worldLowerLeft;  // in "world" mode, the canvas's corners in turtle coordinates
  Vec2D worldUpperRight;
  std::string bgpicName = "nopic";
  std::shared_ptr<const detail::Picture> bgpic;

  // Events, fired by a test (press, click, tick).
  using ClickHandlers = std::map<int, std::vector<std::function<void(double, double)>>>;
  bool listening = false;
  std::map<std::string, std::function<void()>> keyPress;
  std::map<std::string, std::function<void()>> keyRelease;
  std::function<void()> anyKeyPress;
  ClickHandlers clicks;
  struct Timer {
    long long due;    // on the clock, in ms
    long long order;  // timers due together run in the order they were set
    std::function<void()> fun;
  };
  std::vector<Timer> timers;
  long long clockMs = 0;
  long long timersSet = 0;
  std::deque<std::optional<std::string>> answers;  // for textinput and numinput

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
/// Runs the turtle's click and release handlers for button `btn` if (x, y) is on its shape
/// as drawn; false if it is not (Screen::click).
bool clickTurtle(Turtle::State& state, double x, double y, int btn);
/// Every handler in `handlers` for button `btn`, in the order they were added.
void runClickHandlers(const Screen::Impl::ClickHandlers& handlers, int btn, double x, double y);
/// Throws unless btn is 1, 2 or 3.
void requireButton(int btn);
/// Sets or adds a click handler, as Python's onclick with `add`; nullptr takes them away.
void setClickHandler(Screen::Impl::ClickHandlers& handlers, std::function<void(double, double)> fun,
                     int btn, bool add);
}  // namespace detail

}  // namespace turtle
