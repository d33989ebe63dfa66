#include "turtle/screen.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "common/text.hpp"
#include "render.hpp"
#include "screen_impl.hpp"
#include "text.hpp"
#include "turtle/pen.hpp"
#include "turtle/save_file.hpp"

namespace turtle {
namespace {

using common::asciiLower;
using detail::str;

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

void requireCanvasSize(int width, int height) {
  if (width < 1 || width > maxSide || height < 1 || height > maxSide) {
    throw std::invalid_argument("screen size must be from 1×1 to 8192×8192 pixels, got " +
                                std::to_string(width) + "×" + std::to_string(height));
  }
}

// A side given to setup or screensize: a whole number of pixels.
int pixels(double side, const char* what) {
  if (std::isfinite(side) && side > 0 && side < 1) {
    throw std::invalid_argument(std::string(what) + " must be a whole number of pixels, got " +
                                str(side) +
                                ": Python's fraction of the monitor has no meaning without a "
                                "window; give pixels, like 400");
  }
  if (!(std::isfinite(side) && side == std::floor(side) && side >= 1 && side <= maxSide)) {
    throw std::invalid_argument(
        std::string(what) + " must be a whole number of pixels from 1 to 8192, got " + str(side));
  }
  return static_cast<int>(side);
}

// Tk's names for the keys a turtle program binds; besides these, any single printable
// character ("a", "A", "1", "+") names its key.
const char* const keyNames[] = {
    "space",      "Return",      "Escape",       "Tab",       "BackSpace",  "Delete",
    "Insert",     "Home",        "End",          "Prior",     "Next",       "Up",
    "Down",       "Left",        "Right",        "Shift_L",   "Shift_R",    "Control_L",
    "Control_R",  "Alt_L",       "Alt_R",        "Caps_Lock", "KP_Enter",   "F1",
    "F2",         "F3",          "F4",           "F5",        "F6",         "F7",
    "F8",         "F9",          "F10",          "F11",       "F12",        "plus",
    "minus",      "equal",       "comma",        "period",    "slash",      "less",
    "greater",    "asterisk",    "exclam",       "question",  "colon",      "semicolon",
    "underscore", "bracketleft", "bracketright", "parenleft", "parenright", "numbersign"};

// Throws for a key Tk has no name for, as Tk does, with the name that was probably meant.
std::string checkedKey(std::string_view key) {
  std::string given(key);
  if (given.size() == 1 && std::isgraph(static_cast<unsigned char>(given[0])) && given != "<" &&
      given != ">") {
    return given;
  }
  for (const char* name : keyNames) {
    if (given == name) return given;
  }
  std::string message = "unknown key '" + given + "'";
  if (given == " ") {
    message += " — the space bar is 'space'";
  } else if (given == "<" || given == ">") {
    message += given == "<" ? " — Tk calls it 'less'" : " — Tk calls it 'greater'";
  } else {
    const char* meant = nullptr;
    for (const char* name : keyNames) {
      if (asciiLower(name) == asciiLower(given)) meant = name;
    }
    message += meant != nullptr ? std::string(" — did you mean '") + meant + "'?"
                                : " — keys are Tk's names: 'Up', 'Down', 'Left', 'Right', "
                                  "'space', 'Return', 'Escape', or one character such as 'a'";
  }
  throw std::invalid_argument(message);
}

// Python's float(): the whole answer, spaces around it allowed.
bool parseNumber(const std::string& text, double& value) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return false;
  const auto last = text.find_last_not_of(" \t");
  const std::string number = text.substr(first, last - first + 1);
  char* end = nullptr;
  value = std::strtod(number.c_str(), &end);
  return end == number.c_str() + number.size();
}

// One handler a key, as Tk binds it; nullptr takes it away.
void setKeyHandler(std::map<std::string, std::function<void()>>& handlers,
                   std::function<void()> fun, std::string_view key) {
  const std::string name = checkedKey(key);
  if (fun) {
    handlers[name] = std::move(fun);
  } else {
    handlers.erase(name);
  }
}

std::string lowerExtension(const std::filesystem::path& path) {
  return asciiLower(path.extension().string());
}

}  // namespace

void detail::requireButton(int btn) {
  if (btn < 1 || btn > 3) {
    throw std::invalid_argument("mouse button must be 1 (left), 2 (middle) or 3 (right), got " +
                                std::to_string(btn));
  }
}

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
  requireCanvasSize(width, height);
  impl_ = std::make_unique<Impl>(width, height);
  impl_->owner = this;
}

namespace {
std::atomic<Screen::ClosingObserver> closingObserver{nullptr};
}  // namespace

void Screen::observeClosing(ClosingObserver observer) { closingObserver = observer; }

Screen::~Screen() {
  const ClosingObserver observer = closingObserver;
  if (observer == nullptr || !impl_) return;
  try {
    observer(*this);
  } catch (...) {  // a destructor must not throw; the observer's trouble is its own
  }
}

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
  impl().bgcolor = color.readIn(impl().colormode);
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

void Screen::setup(double width, double height) {
  const int w = pixels(width, "setup width");
  const int h = pixels(height, "setup height");
  Impl& self = impl();
  self.width = w;
  self.height = h;
  self.changed();
}

void Screen::setup(double width, double height, double startx, double starty) {
  if (!std::isfinite(startx) || !std::isfinite(starty)) {
    throw std::invalid_argument("setup's startx and starty must be finite numbers, got " +
                                str(startx) + " and " + str(starty));
  }
  setup(width, height);
}

void Screen::screensize(double canvwidth, double canvheight) {
  setup(pixels(canvwidth, "screensize width"), pixels(canvheight, "screensize height"));
}

void Screen::screensize(double canvwidth, double canvheight, const Color& bg) {
  screensize(canvwidth, canvheight);
  bgcolor(bg);
}

std::pair<int, int> Screen::screensize() const { return {width(), height()}; }

void Screen::mode(std::string_view mode) {
  const std::string name = asciiLower(std::string(mode));  // Python lowers it too
  if (name != "standard" && name != "logo" && name != "world") {
    throw std::invalid_argument("unknown mode '" + std::string(mode) +
                                "' — the modes are 'standard', 'logo' and 'world'");
  }
  Impl& self = impl();
  if (name == "world" && self.mode != "world") {
    // Until setworldcoordinates says otherwise, the world is the standard one.
    self.worldLowerLeft = {-self.width / 2.0, -self.height / 2.0};
    self.worldUpperRight = {self.width / 2.0, self.height / 2.0};
  }
  self.mode = name;
  reset();
}

const std::string& Screen::mode() const { return impl().mode; }

void Screen::setworldcoordinates(double llx, double lly, double urx, double ury) {
  if (!(std::isfinite(llx) && std::isfinite(lly) && std::isfinite(urx) && std::isfinite(ury) &&
        llx < urx && lly < ury)) {
    throw std::invalid_argument(
        "setworldcoordinates needs the lower-left corner below and left "
        "of the upper-right one, all finite, got (" +
        str(llx) + ", " + str(lly) + ") and (" + str(urx) + ", " + str(ury) + ")");
  }
  if (impl().mode != "world") mode("world");
  Impl& self = impl();
  self.worldLowerLeft = {llx, lly};
  self.worldUpperRight = {urx, ury};
  self.changed();
}

void Screen::bgpic(const std::string& picname) {
  Impl& self = impl();
  if (picname == "nopic") {
    self.bgpic.reset();
  } else {
    self.bgpic = std::make_shared<const detail::Picture>(detail::readPng(picname));
  }
  self.bgpicName = picname;
  self.changed();
}

const std::string& Screen::bgpic() const { return impl().bgpicName; }

void Screen::onkey(std::function<void()> fun, std::string_view key) {
  setKeyHandler(impl().keyRelease, std::move(fun), key);
}

void Screen::onkeypress(std::function<void()> fun, std::string_view key) {
  setKeyHandler(impl().keyPress, std::move(fun), key);
}

void Screen::onkeypress(std::function<void()> fun) { impl().anyKeyPress = std::move(fun); }

void Screen::listen() { impl().listening = true; }

void Screen::onclick(std::function<void(double, double)> fun, int btn, bool add) {
  detail::requireButton(btn);
  detail::setClickHandler(impl().clicks, std::move(fun), btn, add);
}

void Screen::ontimer(std::function<void()> fun, int ms) {
  if (ms < 0) {
    throw std::invalid_argument("ontimer needs 0 or more milliseconds, got " + std::to_string(ms));
  }
  Impl& self = impl();
  if (fun) self.timers.push_back({self.clockMs + ms, self.timersSet++, std::move(fun)});
}

void Screen::press(std::string_view key) {
  const std::string name = checkedKey(key);
  Impl& self = impl();
  if (!self.listening) {
    throw std::logic_error("press('" + name +
                           "'): the screen is not listening for keys, so Python would ignore "
                           "them — call screen.listen() after setting the key handlers");
  }
  // Copies: a handler may set or take away handlers, this one included.
  const auto pressed = self.keyPress.find(name);
  const std::function<void()> onPress = pressed != self.keyPress.end() ? pressed->second
                                        : self.anyKeyPress             ? self.anyKeyPress
                                                                       : nullptr;
  if (onPress) onPress();
  const auto released = impl().keyRelease.find(name);
  if (released != impl().keyRelease.end()) {
    const std::function<void()> onRelease = released->second;
    onRelease();
  }
}

void Screen::click(double x, double y, int btn) {
  detail::requireButton(btn);
  if (!std::isfinite(x) || !std::isfinite(y)) {
    throw std::invalid_argument("click needs a point with finite coordinates, got (" + str(x) +
                                ", " + str(y) + ")");
  }
  // The turtle drawn last is on top: it alone gets the click, as in a window.
  const std::vector<Turtle::State*> turtles = impl().turtles;
  for (auto it = turtles.rbegin(); it != turtles.rend(); ++it) {
    if (detail::clickTurtle(**it, x, y, btn)) break;
  }
  detail::runClickHandlers(impl().clicks, btn, x, y);
}

void Screen::tick(int ms) {
  if (ms < 0) {
    throw std::invalid_argument("tick needs 0 or more milliseconds, got " + std::to_string(ms));
  }
  const long long end = impl().clockMs + ms;
  while (true) {
    Impl& self = impl();
    const auto next = std::min_element(self.timers.begin(), self.timers.end(),
                                       [](const Impl::Timer& a, const Impl::Timer& b) {
                                         return a.due != b.due ? a.due < b.due : a.order < b.order;
                                       });
    if (next == self.timers.end() || next->due > end) break;
    const std::function<void()> fun = std::move(next->fun);
    self.clockMs = next->due;
    self.timers.erase(next);
    fun();
  }
  impl().clockMs = end;
}

void Screen::answer(std::optional<std::string> text) { impl().answers.push_back(std::move(text)); }

namespace {

// The next answer a test gave, or a line typed on standard input; nullopt is Cancel.
std::optional<std::string> nextAnswer(std::deque<std::optional<std::string>>& answers,
                                      std::string_view title, std::string_view prompt) {
  if (!answers.empty()) {
    std::optional<std::string> given = std::move(answers.front());
    answers.pop_front();
    return given;
  }
  std::cout << title << ": " << prompt << " " << std::flush;
  std::string line;
  if (!std::getline(std::cin, line)) return std::nullopt;
  return line;
}

}  // namespace

std::optional<std::string> Screen::textinput(std::string_view title, std::string_view prompt) {
  return nextAnswer(impl().answers, title, prompt);
}

std::optional<double> Screen::numinput(std::string_view title, std::string_view prompt,
                                       std::optional<double> defaultValue,
                                       std::optional<double> minval, std::optional<double> maxval) {
  while (true) {
    const std::optional<std::string> given = nextAnswer(impl().answers, title, prompt);
    if (!given) return std::nullopt;
    double value = 0;
    if (given->find_first_not_of(" \t") == std::string::npos && defaultValue) {
      value = *defaultValue;
    } else if (!parseNumber(*given, value)) {
      std::cerr << "Not a floating-point value: '" << *given << "'. Please try again.\n";
      continue;
    }
    if (minval && value < *minval) {
      std::cerr << "The allowed minimum value is " << pythonStr(*minval) << ". Please try again.\n";
    } else if (maxval && value > *maxval) {
      std::cerr << "The allowed maximum value is " << pythonStr(*maxval) << ". Please try again.\n";
    } else {
      return value;
    }
  }
}

void Screen::clear() {
  Impl& self = impl();
  self.items.clear();
  self.bgpic.reset();
  self.bgpicName = "nopic";
  self.keyPress.clear();
  self.keyRelease.clear();
  self.anyKeyPress = nullptr;
  self.clicks.clear();
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

namespace {
void requireShapePolygon(const std::string& name, const std::vector<Vec2D>& polygon) {
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
}
}  // namespace

Shape::Shape(std::string_view type, std::vector<Vec2D> polygon)
    : type_(type), polygon_(std::move(polygon)) {
  if (type_ == "image") {
    throw std::invalid_argument(
        "the kit draws no image shapes: use a \"polygon\" or \"compound\" Shape");
  }
  if (type_ != "polygon" && type_ != "compound") {
    throw std::invalid_argument("there is no shape type '" + type_ +
                                "' — use \"polygon\" or \"compound\"");
  }
}

void Shape::addcomponent(std::vector<Vec2D> poly, const Color& fill) {
  addcomponent(std::move(poly), fill, fill);
}

void Shape::addcomponent(std::vector<Vec2D> poly, const Color& fill, const Color& outline) {
  if (type_ != "compound") {
    throw std::invalid_argument("cannot add a component to a " + type_ +
                                " Shape: make it with Shape(\"compound\")");
  }
  components_.push_back({std::move(poly), fill, outline});
}

void Screen::register_shape(const std::string& name, const std::vector<Vec2D>& polygon) {
  requireShapePolygon(name, polygon);
  // A new entry even for a known name: stamps already made keep the shape they had.
  Impl& self = impl();
  self.shapes.push_back({name, polygon, false, {}});
  self.shapeIndex[name] = static_cast<int>(self.shapes.size() - 1);
}

void Screen::register_shape(const std::string& name, const Shape& shape) {
  if (shape.type() == "polygon") {
    register_shape(name, shape.polygon());
    return;
  }
  if (shape.components().empty()) {
    throw std::invalid_argument("compound shape '" + name +
                                "' has no components: add them with addcomponent");
  }
  for (const Shape::Component& component : shape.components()) {
    requireShapePolygon(name, component.polygon);
  }
  Impl& self = impl();
  self.shapes.push_back({name, {}, true, shape.components()});
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
  const detail::Transform t = detail::transformOf(self);
  const double left = t.turtleX(0);
  const double right = t.turtleX(self.width);
  const double bottom = t.turtleY(self.height);
  const double top = t.turtleY(0);
  if (!(x >= left && x <= right && y >= bottom && y <= top)) {
    std::ostringstream message;
    message << "point (" << x << ", " << y << ") is off the " << self.width << "×" << self.height
            << " canvas, which runs from x = " << left << " to " << right << " and y = " << bottom
            << " to " << top;
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
      result.push_back({item.id, stamp->position, heading,
                        self.shapes[static_cast<std::size_t>(stamp->shape)].name, stamp->pencolor,
                        stamp->fillcolor});
    }
  }
  return result;
}

std::string Screen::drawingLog(LogPrecision precision) const {
  return detail::drawingLog(impl(), precision);
}

std::size_t Screen::itemCount() const { return impl().items.size(); }

}  // namespace turtle
