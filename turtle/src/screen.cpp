#include "turtle/screen.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "render.hpp"
#include "screen_impl.hpp"
#include "turtle/pen.hpp"
#include "turtle/save_file.hpp"

namespace turtle {
namespace {

constexpr int maxSide = 8192;

// The shapes every screen starts with, exactly as Python's turtle defines them.
std::vector<detail::ShapeData> standardShapes() {
  return {
      {"arrow", {{-10, 0}, {10, 0}, {0, 10}}},
      {"blank", {}},
      {"circle", {{10, 0},  {9.51, 3.09},   {8.09, 5.88},   {5.88, 8.09},   {3.09, 9.51},
                  {0, 10},  {-3.09, 9.51},  {-5.88, 8.09},  {-8.09, 5.88},  {-9.51, 3.09},
                  {-10, 0}, {-9.51, -3.09}, {-8.09, -5.88}, {-5.88, -8.09}, {-3.09, -9.51},
                  {0, -10}, {3.09, -9.51},  {5.88, -8.09},  {8.09, -5.88},  {9.51, -3.09}}},
      {"classic", {{0, 0}, {-5, -9}, {0, -7}, {5, -9}}},
      {"square", {{10, -10}, {10, 10}, {-10, 10}, {-10, -10}}},
      {"triangle", {{10, -5.77}, {0, 11.55}, {-10, -5.77}}},
      {"turtle", {{0, 16},  {-2, 14}, {-1, 10}, {-4, 7},  {-7, 9}, {-9, 8}, {-6, 5}, {-7, 1},
                  {-5, -3}, {-8, -6}, {-6, -8}, {-4, -5}, {0, -7}, {4, -5}, {6, -8}, {8, -6},
                  {5, -3},  {7, 1},   {6, 5},   {9, 8},   {7, 9},  {4, 7},  {1, 10}, {2, 14}}},
  };
}

std::string lowerExtension(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

}  // namespace

// --- Impl ------------------------------------------------------------------------------------

Screen::Impl::Impl(int w, int h) : width(w), height(h), shapes(standardShapes()) {
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    shapeIndex[shapes[i].name] = static_cast<int>(i);
  }
}

Screen::Impl::~Impl() {
  for (Turtle::State* state : turtles) detail::detachTurtle(*state);
}

int Screen::Impl::add(int turtleId, decltype(detail::Item::shape) shape) {
  const int id = nextItemId++;
  items.push_back(detail::Item{id, turtleId, std::move(shape)});
  changed();
  return id;
}

detail::Item* Screen::Impl::find(int id) {
  auto it = std::lower_bound(items.begin(), items.end(), id,
                             [](const detail::Item& item, int key) { return item.id < key; });
  return (it != items.end() && it->id == id) ? &*it : nullptr;
}

std::size_t Screen::Impl::removeRange(int first, int last) {
  const auto byId = [](const detail::Item& item, int key) { return item.id < key; };
  auto begin = std::lower_bound(items.begin(), items.end(), first, byId);
  auto end = std::lower_bound(begin, items.end(), last, byId);
  const auto count = static_cast<std::size_t>(end - begin);
  if (count > 0) {
    items.erase(begin, end);
    changed();
  }
  return count;
}

void Screen::Impl::removeIf(bool (*predicate)(const detail::Item&, int), int arg) {
  const auto before = items.size();
  items.erase(std::remove_if(items.begin(), items.end(),
                             [&](const detail::Item& item) { return predicate(item, arg); }),
              items.end());
  if (items.size() != before) changed();
}

int Screen::Impl::shapeNumber(const std::string& name) const {
  const auto found = shapeIndex.find(name);
  if (found != shapeIndex.end()) return found->second;
  std::ostringstream message;
  message << "unknown shape '" << name << "' — the shapes are";
  const char* separator = " ";
  for (const auto& [shapeName, index] : shapeIndex) {
    message << separator << "'" << shapeName << "'";
    separator = ", ";
  }
  message << " (register_shape adds more)";
  throw std::invalid_argument(message.str());
}

std::vector<detail::Stamp> Screen::Impl::cursors() const {
  std::vector<detail::Stamp> result;
  detail::Stamp stamp;
  for (const Turtle::State* state : turtles) {
    if (detail::cursorOf(*state, stamp)) result.push_back(stamp);
  }
  return result;
}

// --- Screen ----------------------------------------------------------------------------------

Screen::Screen(int width, int height) {
  if (width < 1 || width > maxSide || height < 1 || height > maxSide) {
    throw std::invalid_argument("screen size must be from 1×1 to 8192×8192 pixels, got " +
                                std::to_string(width) + "×" + std::to_string(height));
  }
  impl_ = std::make_unique<Impl>(width, height);
  impl_->owner = this;
}

Screen::~Screen() = default;

Screen::Screen(Screen&& other) noexcept : impl_(std::move(other.impl_)) {
  if (impl_) impl_->owner = this;
}

Screen& Screen::operator=(Screen&& other) noexcept {
  if (this != &other) {
    impl_ = std::move(other.impl_);
    if (impl_) impl_->owner = this;
  }
  return *this;
}

Screen::Impl& Screen::impl() const {
  if (!impl_) throw std::logic_error("this Screen was moved from; use the Screen it moved to");
  return *impl_;
}

void Screen::bgcolor(const Color& color) {
  impl().bgcolor = color;
  impl().changed();
}

void Screen::bgcolor(double r, double g, double b) {
  bgcolor(Color::fromRgb(r, g, b, impl().colormode));
}

Color Screen::bgcolor() const { return impl().bgcolor.inColormode(impl().colormode); }
int Screen::width() const { return impl().width; }
int Screen::height() const { return impl().height; }
void Screen::title(std::string_view text) { impl().title = std::string(text); }
const std::string& Screen::title() const { return impl().title; }

void Screen::clear() {
  Impl& self = impl();
  self.items.clear();
  self.bgcolor = Color("white");
  self.colormode = 1.0;
  self.tracerN = 1;
  self.delayMs = Impl::defaultDelayMs;  // Python's clearscreen() puts the delay back too
  self.changed();
}

void Screen::reset() {
  Impl& self = impl();
  for (Turtle::State* state : self.turtles) detail::resetTurtle(*state);
  self.items.clear();
  self.changed();
}

void Screen::tracer(int n) { impl().tracerN = n; }

void Screen::tracer(int n, int delayMs) {
  tracer(n);
  delay(delayMs);
}

int Screen::tracer() const { return impl().tracerN; }

void Screen::delay(int ms) {
  if (ms < 0)
    throw std::invalid_argument("delay must be 0 or more milliseconds, got " + std::to_string(ms));
  impl().delayMs = ms;
}

int Screen::delay() const { return impl().delayMs; }

void Screen::colormode(double mode) {
  if (mode != 1.0 && mode != 255.0) {
    std::ostringstream message;
    message << "colormode must be 1.0 or 255, got " << mode;
    throw ColorError(message.str());
  }
  impl().colormode = mode;
}

double Screen::colormode() const { return impl().colormode; }

void Screen::register_shape(const std::string& name, const std::vector<Vec2D>& polygon) {
  if (name.empty()) throw std::invalid_argument("a shape needs a name, got ''");
  if (polygon.size() < 3) {
    throw std::invalid_argument("shape '" + name + "' needs at least 3 points, got " +
                                std::to_string(polygon.size()));
  }
  for (const Vec2D& point : polygon) {
    if (!std::isfinite(point.x) || !std::isfinite(point.y)) {
      std::ostringstream message;
      message << "shape '" << name << "' has a point that is not a finite number: " << point;
      throw std::invalid_argument(message.str());
    }
  }
  // A new entry even for a known name: stamps already made keep the shape they had.
  Impl& self = impl();
  self.shapes.push_back({name, polygon});
  self.shapeIndex[name] = static_cast<int>(self.shapes.size() - 1);
}

std::vector<std::string> Screen::getshapes() const {
  std::vector<std::string> names;
  for (const auto& entry : impl().shapeIndex) names.push_back(entry.first);
  return names;
}

std::vector<Turtle*> Screen::turtles() const {
  std::vector<Turtle*> result;
  for (Turtle::State* state : impl().turtles) result.push_back(detail::turtleOf(*state));
  return result;
}

void Screen::save(const std::filesystem::path& path) const {
  const std::string ext = lowerExtension(path);
  std::string bytes;
  if (ext == ".png") {
    bytes = detail::renderPng(impl(), true);
  } else if (ext == ".svg") {
    bytes = detail::renderSvg(impl(), true);
  } else if (ext == ".pdf") {
    bytes = detail::renderPdf(impl(), true);
  } else {
    throw std::invalid_argument("cannot save '" + path.string() +
                                "': the name must end in .png, .svg or .pdf");
  }
  saveFileAtomically(path, bytes);
}

std::string Screen::png() const { return detail::renderPng(impl(), true); }
std::string Screen::svg() const { return detail::renderSvg(impl(), true); }

Color Screen::colorAt(double x, double y) const {
  const Impl& self = impl();
  const double halfW = self.width / 2.0;
  const double halfH = self.height / 2.0;
  if (!(x >= -halfW && x <= halfW && y >= -halfH && y <= halfH)) {
    std::ostringstream message;
    message << "point (" << x << ", " << y << ") is off the " << self.width << "×" << self.height
            << " canvas, which runs from x = " << -halfW << " to " << halfW << " and y = " << -halfH
            << " to " << halfH;
    throw std::out_of_range(message.str());
  }
  const std::uint32_t pixel = detail::pixelAt(self, x, y);
  return Color::fromRgb((pixel >> 16) & 0xff, (pixel >> 8) & 0xff, pixel & 0xff, 255);
}

std::vector<StampInfo> Screen::stamps() const {
  const Impl& self = impl();
  std::vector<StampInfo> result;
  for (const detail::Item& item : self.items) {
    if (const auto* stamp = std::get_if<detail::Stamp>(&item.shape)) {
      // The one heading formula, so a stamp says what heading() said when it was made.
      const double heading = detail::headingOf(stamp->orient);
      result.push_back({item.id, stamp->position, heading, self.shapes[stamp->shape].name,
                        stamp->pencolor, stamp->fillcolor});
    }
  }
  return result;
}

std::string Screen::drawingLog() const { return detail::drawingLog(impl()); }

std::size_t Screen::itemCount() const { return impl().items.size(); }

}  // namespace turtle
