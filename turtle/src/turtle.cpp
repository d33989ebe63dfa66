#include "turtle/pen.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <deque>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "python_numbers.hpp"
#include "render.hpp"
#include "screen_impl.hpp"
#include "text.hpp"

namespace turtle {
// A turtle's pose and undo entries: in a named namespace, as Turtle::State (declared in
// turtle/pen.hpp) holds them.
namespace detail {

// Python's resizemode.
enum class Resize { noresize, user, automatic };

// Everything undo() puts back, and reset() sets to its starting value.
struct Pose {
  Vec2D position{0, 0};
  Vec2D orient{1, 0};  // unit vector of the heading; Python keeps the same
  bool penDown = true;
  bool visible = true;
  double pensize = 1;
  Color pencolor;   // black: Color() is black without looking the name up, and every undo
  Color fillcolor;  // step makes a Pose
  Resize resize = Resize::noresize;  // Python's default
  double stretchWid = 1;
  double stretchLen = 1;
  double shear = 0;
  double tilt = 0;             // radians, as Python keeps it
  ShapeTransform shapeMatrix;  // Python's _shapetrafo: from the three above, or as given
  double outline = 1;
  int speed = 3;

  // Python's pen(): the matrix made again from stretch, shear and tilt.
  void composeShapeMatrix() {
    const double sa = std::sin(tilt);
    const double ca = std::cos(tilt);
    shapeMatrix = {stretchWid * ca, stretchLen * (shear * ca + sa), -stretchWid * sa,
                   stretchLen * (ca - shear * sa)};
  }

  // The shape as Python's _getshapepoly and _drawturtle draw it in each resizemode; a
  // compound shape always by the shape's matrix and the outline width.
  detail::Stamp stampOf(int shape, bool compound) const {
    ShapeTransform matrix;
    double width = 1;
    if (resize == Resize::user || compound) {
      matrix = shapeMatrix;
      width = outline;
    } else if (resize == Resize::automatic) {
      const double grow = std::max(1.0, pensize / 5.0);
      matrix = {grow, 0, 0, grow};
      width = pensize;
    }
    return detail::Stamp{shape, position, orient, matrix, width, pencolor, fillcolor};
  }
};

struct UndoEntry {
  Pose before;
  std::size_t fillPathLength = 0;
  bool beganFill = false;  // begin_fill(): undone, the turtle is not filling
  int firstItem = 0;       // the action drew items [firstItem, endItem)
  int endItem = 0;
  int filledItem = 0;     // end_fill() gave this fill its points
  std::size_t moves = 0;  // each takes back one point of a polygon being recorded
  // Python undoes a turn by turning back (not by putting the heading back), which can
  // differ in the last bit: each turn, in the angle unit of its time.
  struct Turn {
    double angle;
    double degreesPerUnit;
  };
  std::vector<Turn> turns;
};

}  // namespace detail

namespace {

using detail::Pose;
using detail::Resize;
using detail::str;
using detail::UndoEntry;

const char* nameOf(Resize mode) {
  switch (mode) {
    case Resize::user:
      return "user";
    case Resize::automatic:
      return "auto";
    default:
      return "noresize";
  }
}

Resize resizeNamed(std::string_view name) {
  if (name == "noresize") return Resize::noresize;
  if (name == "user") return Resize::user;
  if (name == "auto") return Resize::automatic;
  throw std::invalid_argument("unknown resizemode '" + std::string(name) +
                              "' — use 'auto', 'user' or 'noresize'");
}

std::atomic<int> nextTurtleId{1};

void requireFinite(double value, const char* what) {
  if (!std::isfinite(value)) {
    throw std::invalid_argument(std::string(what) + " must be a finite number, got " + str(value));
  }
}

// Python's rule: 0.5 < speed < 10.5 rounds to 1..10; anything else means 0, "fastest".
int pythonSpeed(double speed) {
  return (speed > 0.5 && speed < 10.5) ? static_cast<int>(std::nearbyint(speed)) : 0;
}

void requirePositive(double value, const char* what) {
  if (!(std::isfinite(value) && value > 0)) {
    throw std::invalid_argument(std::string(what) + " must be a number greater than 0, got " +
                                str(value));
  }
}

}  // namespace

struct Turtle::State {
  Screen::Impl* screen = nullptr;  // null once the screen is gone
  Turtle* owner = nullptr;
  int id = nextTurtleId++;
  Pose pose;
  int shape = 0;  // outside the pose: Python's undo and reset both keep the shape
  double fullcircle = 360;
  bool filling = false;
  int fillItem = 0;
  std::vector<Vec2D> fillPath;
  std::vector<int> stampIds;
  std::deque<UndoEntry> undo;
  std::size_t undoSize = 1000;
  int actionDepth = 0;
  bool recording = false;  // undo.back() is the action under way
  bool creatingPoly = false;
  std::vector<Vec2D> poly;
  Screen::Impl::ClickHandlers clicks;
  Screen::Impl::ClickHandlers releases;

  Screen::Impl& canvas() const {
    if (screen == nullptr) {
      throw std::logic_error(
          "this turtle's Screen no longer exists: keep the Screen alive as long as its turtles");
    }
    return *screen;
  }
  double degreesPerUnit() const { return 360.0 / fullcircle; }
  // A colour as this turtle's screen takes it: {r, g, b} numbers read in its colormode.
  Color taken(const Color& color) const { return color.readIn(canvas().colormode); }
  // Python's _angleOffset and _angleOrient: "logo" counts from north, clockwise.
  bool logo() const { return canvas().mode == "logo"; }
  double angleOffset() const { return logo() ? fullcircle / 4.0 : 0.0; }
  double angleOrient() const { return logo() ? -1.0 : 1.0; }
  // Python's heading() and towards(): one formula for both.
  double angleOf(const Vec2D& direction) const {
    const double result = detail::headingOf(direction) / degreesPerUnit();
    return detail::pyMod(angleOffset() + angleOrient() * result, fullcircle);
  }

  // One user action (a move, a turn, a circle, a colour change) is one undo step, however
  // many items it draws. Actions nest: circle() calls forward() but undoes as one.
  class Action {
   public:
    explicit Action(State& s) : s_(s) {
      s_.canvas();
      if (s_.actionDepth++ == 0 && s_.undoSize > 0) {
        UndoEntry entry;
        entry.before = s_.pose;
        entry.fillPathLength = s_.fillPath.size();
        entry.firstItem = s_.screen->nextItemId;
        s_.undo.push_back(std::move(entry));
        if (s_.undo.size() > s_.undoSize) s_.undo.pop_front();
        recording_ = true;
        s_.recording = true;
      }
    }
    ~Action() {
      if (--s_.actionDepth == 0 && recording_) {
        s_.recording = false;
        if (s_.screen != nullptr) s_.undo.back().endItem = s_.screen->nextItemId;
      }
    }
    Action(const Action&) = delete;
    Action& operator=(const Action&) = delete;
    UndoEntry* entry() { return recording_ ? &s_.undo.back() : nullptr; }

   private:
    State& s_;
    bool recording_ = false;
  };

  // Every move goes through here: draws if the pen is down and extends a fill.
  void moveTo(const Vec2D& end) {
    Action action(*this);
    if (pose.penDown && !(end.x == pose.position.x && end.y == pose.position.y)) {
      screen->add(id, detail::Line{pose.position, end, pose.pensize, pose.pencolor});
    }
    if (filling) fillPath.push_back(end);
    if (creatingPoly) poly.push_back(end);
    if (recording) ++undo.back().moves;
    pose.position = end;
  }

  void rotate(double angle) {
    Action action(*this);
    if (recording) undo.back().turns.push_back({angle, degreesPerUnit()});
    pose.orient = pose.orient.rotate(angle * degreesPerUnit());
  }

  template <typename Change>
  void changePose(Change change) {
    Action action(*this);
    change(pose);
    screen->changed();  // the turtle drawn on top of a picture may look different now
  }

  // Forgets this turtle's drawings, stamps, fill and undo steps (Python's _clear).
  void clearDrawings() {
    Screen::Impl& s = canvas();
    s.removeIf([](const detail::Item& item, int turtleId) { return item.owner == turtleId; }, id);
    filling = false;
    fillItem = 0;
    fillPath.clear();
    stampIds.clear();
    undo.clear();
    s.changed();
  }

  // Python's reset: "logo" turtles start facing north.
  void resetPose() {
    pose = Pose{};
    if (logo()) pose.orient = {0, 1};
  }

  detail::Stamp stampOf() const {
    return pose.stampOf(shape, canvas().shapes[static_cast<std::size_t>(shape)].compound);
  }

  void removeStamp(int stampId) {
    canvas().removeRange(stampId, stampId + 1);
    stampIds.erase(std::remove(stampIds.begin(), stampIds.end(), stampId), stampIds.end());
    // As in Python, undo no longer offers to take back a stamp that is gone.
    undo.erase(std::remove_if(undo.begin(), undo.end(),
                              [stampId](const UndoEntry& e) {
                                return e.firstItem == stampId && e.endItem == stampId + 1;
                              }),
               undo.end());
  }
};

// --- What the Screen needs to know of its turtles --------------------------------------------

namespace detail {

void resetTurtle(Turtle::State& state) {
  state.resetPose();
  state.clearDrawings();
}

Turtle* turtleOf(Turtle::State& state) { return state.owner; }

void detachTurtle(Turtle::State& state) { state.screen = nullptr; }

bool cursorOf(const Turtle::State& state, Stamp& out) {
  if (!state.pose.visible) return false;
  out = state.stampOf();
  return true;
}

void setClickHandler(Screen::Impl::ClickHandlers& handlers, std::function<void(double, double)> fun,
                     int btn, bool add) {
  std::vector<std::function<void(double, double)>>& list = handlers[btn];
  if (!fun) {
    list.clear();
    return;
  }
  if (!add) list.clear();
  list.push_back(std::move(fun));
}

void runClickHandlers(const Screen::Impl::ClickHandlers& handlers, int btn, double x, double y) {
  const auto found = handlers.find(btn);
  if (found == handlers.end()) return;
  const auto list = found->second;  // a copy: a handler may change the handlers
  for (const auto& fun : list) fun(x, y);
}

bool clickTurtle(Turtle::State& state, double x, double y, int btn) {
  Stamp cursor;
  if (!cursorOf(state, cursor) || !stampContains(state.canvas(), cursor, x, y)) return false;
  const Screen::Impl::ClickHandlers releases = state.releases;  // the turtle may go
  runClickHandlers(state.clicks, btn, x, y);
  runClickHandlers(releases, btn, x, y);
  return true;
}

}  // namespace detail

// --- Life of a turtle ------------------------------------------------------------------------

Turtle::Turtle(Screen& screen) : self_(std::make_unique<State>()) {
  Screen::Impl& s = screen.impl();
  self_->screen = &s;
  self_->owner = this;
  self_->shape = s.shapeNumber("classic");
  self_->resetPose();
  s.turtles.push_back(self_.get());
  s.changed();
}

Turtle::Turtle(Screen& screen, const TurtleOptions& options) : Turtle(screen) {
  State& s = *self_;
  s.shape = s.canvas().shapeNumber(options.shape);
  s.undoSize = options.undobuffersize;
  s.pose.visible = options.visible;
}

Turtle::Turtle(std::unique_ptr<State> state) : self_(std::move(state)) {
  self_->owner = this;
  self_->screen->turtles.push_back(self_.get());
}

Turtle::~Turtle() {
  if (self_ && self_->screen != nullptr) {
    auto& list = self_->screen->turtles;
    list.erase(std::remove(list.begin(), list.end(), self_.get()), list.end());
    self_->screen->changed();
  }
}

Turtle::Turtle(Turtle&& other) noexcept : self_(std::move(other.self_)) {
  if (self_) self_->owner = this;
}

Turtle& Turtle::operator=(Turtle&& other) noexcept {
  if (this != &other) {
    Turtle old(std::move(*this));  // leaves the screen when it goes out of scope
    self_ = std::move(other.self_);
    if (self_) self_->owner = this;
  }
  return *this;
}

Turtle::State& Turtle::self() const {
  if (!self_) throw std::logic_error("this Turtle was moved from; use the Turtle it moved to");
  return *self_;
}

Turtle Turtle::clone() const {
  const State& original = self();
  original.canvas();
  // Python deep-copies the turtle: its shape, its fill under way and its undo history come
  // along (undoing a copied step takes back what the step drew, as Python's clone does).
  auto copy = std::make_unique<State>(original);
  copy->id = nextTurtleId++;
  copy->actionDepth = 0;
  copy->recording = false;
  copy->clicks.clear();
  copy->releases.clear();
  return Turtle(std::move(copy));
}

Screen& Turtle::getscreen() const { return *self().canvas().owner; }

// --- Move and draw ---------------------------------------------------------------------------

void Turtle::forward(double distance) {
  requireFinite(distance, "forward distance");
  State& s = self();
  s.moveTo(s.pose.position + s.pose.orient * distance);
}

void Turtle::back(double distance) {
  requireFinite(distance, "back distance");
  State& s = self();
  s.moveTo(s.pose.position + s.pose.orient * -distance);
}

void Turtle::left(double angle) {
  requireFinite(angle, "left angle");
  self().rotate(angle);
}

void Turtle::right(double angle) {
  requireFinite(angle, "right angle");
  self().rotate(-angle);
}

void Turtle::goTo(double x, double y) {
  requireFinite(x, "x");
  requireFinite(y, "y");
  self().moveTo({x, y});
}

void Turtle::setx(double x) { goTo(x, self().pose.position.y); }
void Turtle::sety(double y) { goTo(self().pose.position.x, y); }

void Turtle::setheading(double angle) {
  requireFinite(angle, "heading");
  State& s = self();
  // Python turns the short way round to the new heading.
  const double full = s.fullcircle;
  const double turn = (angle - heading()) * s.angleOrient();
  s.rotate(detail::pyMod(turn + full / 2.0, full) - full / 2.0);
}

// Two undo steps, as in Python: undo() after home() turns back and stays at (0, 0).
void Turtle::home() {
  goTo(0, 0);
  setheading(0);
}

void Turtle::circle(double radius) { circle(radius, self().fullcircle); }

void Turtle::circle(double radius, double extent) {
  requireFinite(extent, "circle extent");
  State& s = self();
  const double fraction = std::fabs(extent) / s.fullcircle;
  const int steps = 1 + static_cast<int>(std::min(11.0 + std::fabs(radius) / 6.0, 59.0) * fraction);
  circle(radius, extent, steps);
}

void Turtle::circle(double radius, double extent, int steps) {
  requireFinite(radius, "circle radius");
  requireFinite(extent, "circle extent");
  if (steps < 1) {
    throw std::invalid_argument("circle needs at least 1 step, got " + std::to_string(steps));
  }
  State& s = self();
  State::Action action(s);
  // Python's own construction, step for step, so the turtle ends where Python's would.
  double w = extent / steps;
  double w2 = 0.5 * w;
  double l = 2.0 * radius * std::sin(detail::radians(w2) * s.degreesPerUnit());
  if (radius < 0) {
    l = -l;
    w = -w;
    w2 = -w2;
  }
  s.rotate(w2);
  for (int i = 0; i < steps; ++i) {
    s.moveTo(s.pose.position + s.pose.orient * l);
    s.rotate(w);
  }
  s.rotate(-w2);
}

void Turtle::dot(double size) { dot(size, self().pose.pencolor); }

void Turtle::dot(double size, const Color& color) {
  if (!(std::isfinite(size) && size >= 0)) {
    throw std::invalid_argument("dot size must be 0 (the default size) or more, got " + str(size));
  }
  State& s = self();
  State::Action action(s);
  const double pensize = s.pose.pensize;
  const double diameter = size > 0 ? size : pensize + std::max(pensize, 4.0);
  s.screen->add(s.id, detail::Dot{s.pose.position, diameter, s.taken(color)});
}

void Turtle::dot(double size, double r, double g, double b) {
  dot(size, Color::fromRgb(r, g, b, self().canvas().colormode));
}

void Turtle::requireNoMove(bool move) {
  if (move) {
    throw std::invalid_argument(
        "write(text, true, ...) would move the turtle to the end of the text, which the kit "
        "does not measure: write with false and move the turtle yourself");
  }
}

int Turtle::stamp() {
  State& s = self();
  State::Action action(s);
  const int stampId = s.screen->add(s.id, s.stampOf());
  s.stampIds.push_back(stampId);
  return stampId;
}

void Turtle::clearstamp(int stampId) {
  State& s = self();
  s.canvas();
  if (std::find(s.stampIds.begin(), s.stampIds.end(), stampId) == s.stampIds.end()) {
    std::ostringstream message;
    message << "no stamp " << stampId << " made by this turtle to clear";
    if (s.stampIds.empty()) {
      message << " (it has no stamps)";
    } else {
      message << " (its stamps are";
      const char* separator = " ";
      for (std::size_t i = 0; i < s.stampIds.size() && i < 10; ++i) {
        message << separator << s.stampIds[i];
        separator = ", ";
      }
      message << (s.stampIds.size() > 10 ? ", ...)" : ")");
    }
    throw std::invalid_argument(message.str());
  }
  s.removeStamp(stampId);
}

void Turtle::clearstamps() { clearstamps(static_cast<int>(self().stampIds.size())); }

void Turtle::clearstamps(int n) {
  State& s = self();
  s.canvas();
  const auto count = std::min(s.stampIds.size(), static_cast<std::size_t>(std::abs(n)));
  const std::vector<int> toDelete =
      n >= 0 ? std::vector<int>(s.stampIds.begin(), s.stampIds.begin() + static_cast<long>(count))
             : std::vector<int>(s.stampIds.end() - static_cast<long>(count), s.stampIds.end());
  for (int stampId : toDelete) s.removeStamp(stampId);
}

void Turtle::undo() {
  State& s = self();
  Screen::Impl& screen = s.canvas();
  if (s.undo.empty()) return;  // as in Python: nothing to take back is not an error
  UndoEntry entry = std::move(s.undo.back());
  s.undo.pop_back();
  screen.removeRange(entry.firstItem, entry.endItem);
  s.stampIds.erase(
      std::remove_if(s.stampIds.begin(), s.stampIds.end(),
                     [&](int id) { return id >= entry.firstItem && id < entry.endItem; }),
      s.stampIds.end());
  const Vec2D orientNow = s.pose.orient;
  s.pose = entry.before;
  if (!entry.turns.empty()) {
    // As Python's undo of "rot": each turn turned back, the last first, in today's unit.
    s.pose.orient = orientNow;
    const double unit = s.degreesPerUnit();
    for (auto turn = entry.turns.rbegin(); turn != entry.turns.rend(); ++turn) {
      s.pose.orient = s.pose.orient.rotate(-turn->angle * turn->degreesPerUnit / unit * unit);
    }
  }
  if (s.creatingPoly) {
    // As Python: each move taken back takes its point off the polygon being recorded.
    s.poly.resize(s.poly.size() - std::min(s.poly.size(), entry.moves));
    if (s.poly.empty()) s.creatingPoly = false;
  }
  if (entry.filledItem != 0) {
    // As Python's "dofill": the fill is taken away, and filling does not resume.
    if (detail::Item* item = screen.find(entry.filledItem)) {
      std::get<detail::Fill>(item->shape).points.clear();
    }
    screen.changed();
    return;
  }
  if (entry.beganFill) {
    // As Python's "beginfill": the fill begun is taken away, and the turtle is not filling.
    s.filling = false;
    s.fillItem = 0;
    s.fillPath.clear();
  } else if (s.filling) {
    // As Python: a move taken back takes its point off the fill; filling stays as it is
    // (after an end_fill taken back, undoing the moves before it does not resume it).
    s.fillPath.resize(std::min(s.fillPath.size(), entry.fillPathLength));
  }
  screen.changed();
}

void Turtle::setundobuffer(std::nullopt_t) { setundobuffer(0); }

void Turtle::setundobuffer(std::size_t size) {
  State& s = self();
  s.undoSize = size;
  s.undo.clear();
}

std::size_t Turtle::undobufferentries() const { return self().undo.size(); }

void Turtle::speed(double speed) {
  if (std::isnan(speed))
    throw std::invalid_argument("speed must be a number from 0 to 10, got nan");
  const int value = pythonSpeed(speed);
  self().changePose([value](Pose& p) { p.speed = value; });
}

void Turtle::speed(std::string_view name) {
  static const std::pair<const char*, int> names[] = {
      {"fastest", 0}, {"fast", 10}, {"normal", 6}, {"slow", 3}, {"slowest", 1}};
  for (const auto& [speedName, value] : names) {
    if (name == speedName) {
      const int v = value;
      self().changePose([v](Pose& p) { p.speed = v; });
      return;
    }
  }
  throw std::invalid_argument("unknown speed '" + std::string(name) +
                              "' — use 'fastest', 'fast', 'normal', 'slow', 'slowest' or 0 to 10");
}

int Turtle::speed() const { return self().pose.speed; }

// --- Tell the turtle's state -----------------------------------------------------------------

Vec2D Turtle::position() const { return self().pose.position; }
double Turtle::xcor() const { return self().pose.position.x; }
double Turtle::ycor() const { return self().pose.position.y; }

double Turtle::heading() const {
  const State& s = self();
  return s.angleOf(s.pose.orient);
}

double Turtle::towards(double x, double y) const {
  requireFinite(x, "x");
  requireFinite(y, "y");
  const State& s = self();
  return s.angleOf(Vec2D(x, y) - s.pose.position);
}

double Turtle::distance(double x, double y) const {
  requireFinite(x, "x");
  requireFinite(y, "y");
  return abs(Vec2D(x, y) - self().pose.position);
}

void Turtle::degrees(double fullcircle) {
  requirePositive(fullcircle, "a full circle");
  self().fullcircle = fullcircle;
}

void Turtle::radians() { self().fullcircle = 2 * M_PI; }

// --- Pen control -----------------------------------------------------------------------------

void Turtle::pendown() {
  self().changePose([](Pose& p) { p.penDown = true; });
}
void Turtle::penup() {
  self().changePose([](Pose& p) { p.penDown = false; });
}
bool Turtle::isdown() const { return self().pose.penDown; }

void Turtle::pensize(double width) {
  requirePositive(width, "pen size");
  self().changePose([width](Pose& p) { p.pensize = width; });
}

double Turtle::pensize() const { return self().pose.pensize; }

// --- Colour control --------------------------------------------------------------------------

void Turtle::color(const Color& both) { color(both, both); }

void Turtle::color(const Color& pen, const Color& fill) {
  State& s = self();
  const Color penColor = s.taken(pen);
  const Color fillColor = s.taken(fill);
  s.changePose([&](Pose& p) {
    p.pencolor = penColor;
    p.fillcolor = fillColor;
  });
}

void Turtle::color(double r, double g, double b) {
  color(Color::fromRgb(r, g, b, self().canvas().colormode));
}

std::pair<Color, Color> Turtle::color() const { return {pencolor(), fillcolor()}; }

void Turtle::pencolor(const Color& color) {
  const Color taken = self().taken(color);
  self().changePose([&](Pose& p) { p.pencolor = taken; });
}

void Turtle::pencolor(double r, double g, double b) {
  pencolor(Color::fromRgb(r, g, b, self().canvas().colormode));
}

Color Turtle::pencolor() const {
  const State& s = self();
  return s.pose.pencolor.inColormode(s.canvas().colormode);
}

void Turtle::fillcolor(const Color& color) {
  const Color taken = self().taken(color);
  self().changePose([&](Pose& p) { p.fillcolor = taken; });
}

void Turtle::fillcolor(double r, double g, double b) {
  fillcolor(Color::fromRgb(r, g, b, self().canvas().colormode));
}

Color Turtle::fillcolor() const {
  const State& s = self();
  return s.pose.fillcolor.inColormode(s.canvas().colormode);
}

// --- Filling ---------------------------------------------------------------------------------

void Turtle::begin_fill() {
  State& s = self();
  State::Action action(s);
  if (UndoEntry* entry = action.entry()) entry->beganFill = true;
  // The fill goes into the list now, so it lies under the lines drawn from here on.
  s.fillItem = s.screen->add(s.id, detail::Fill{{}, s.pose.fillcolor});
  s.fillPath = {s.pose.position};
  s.filling = true;
}

void Turtle::end_fill() {
  State& s = self();
  s.canvas();
  if (!s.filling) return;  // as in Python: end_fill() without begin_fill() does nothing
  // Python records only a fill it drew (fewer than 3 points draw none), and its undo takes
  // the fill away without resuming it.
  if (s.fillPath.size() > 2) {
    if (detail::Item* item = s.screen->find(s.fillItem)) {
      State::Action action(s);
      std::get<detail::Fill>(item->shape) = detail::Fill{s.fillPath, s.pose.fillcolor};
      if (UndoEntry* entry = action.entry()) entry->filledItem = s.fillItem;
      s.screen->changed();
    }
  }
  s.filling = false;
  s.fillItem = 0;
  s.fillPath.clear();
}

bool Turtle::filling() const { return self().filling; }

// --- More drawing control --------------------------------------------------------------------

void Turtle::reset() {
  State& s = self();
  s.canvas();
  s.resetPose();
  s.clearDrawings();
}

void Turtle::clear() { self().clearDrawings(); }

void Turtle::write(std::string_view text, std::string_view align, const Font& font) {
  if (align != "left" && align != "center" && align != "right") {
    throw std::invalid_argument("align must be 'left', 'center' or 'right', got '" +
                                std::string(align) + "'");
  }
  requirePositive(font.size, "font size");
  if (font.style != "normal" && font.style != "bold" && font.style != "italic" &&
      font.style != "bold italic") {
    throw std::invalid_argument(
        "font style must be 'normal', 'bold', 'italic' or 'bold italic', got '" + font.style + "'");
  }
  State& s = self();
  State::Action action(s);
  s.screen->add(s.id, detail::Text{s.pose.position, std::string(text), std::string(align),
                                   font.family, font.style, font.size, s.pose.pencolor});
}

void Turtle::write(std::string_view text, std::string_view align, double fontSize) {
  write(text, align, Font{"Arial", fontSize, "normal"});
}

// --- Turtle state ----------------------------------------------------------------------------

void Turtle::showturtle() {
  self().changePose([](Pose& p) { p.visible = true; });
}
void Turtle::hideturtle() {
  self().changePose([](Pose& p) { p.visible = false; });
}
bool Turtle::isvisible() const { return self().pose.visible; }

// Not an undo step, as in Python: undo() takes back the action before it.
void Turtle::shape(const std::string& name) {
  State& s = self();
  s.shape = s.canvas().shapeNumber(name);
  s.screen->changed();
}

const std::string& Turtle::shape() const {
  const State& s = self();
  return s.canvas().shapes[static_cast<std::size_t>(s.shape)].name;
}

void Turtle::shapesize(double stretchWid, double stretchLen, double outline) {
  requirePositive(stretchWid, "stretch across the heading");
  requirePositive(stretchLen, "stretch along the heading");
  if (!(std::isfinite(outline) && outline >= 0)) {
    throw std::invalid_argument("outline must be 0 or more pixels, got " + str(outline));
  }
  self().changePose([&](Pose& p) {
    p.resize = Resize::user;  // as Python's shapesize
    p.stretchWid = stretchWid;
    p.stretchLen = stretchLen;
    p.outline = outline;
    p.composeShapeMatrix();
  });
}

void Turtle::resizemode(std::string_view mode) {
  PenState change;
  change.resizemode = std::string(mode);
  pen(change);
}

std::string Turtle::resizemode() const { return nameOf(self().pose.resize); }

void Turtle::tilt(double angle) {
  requireFinite(angle, "tilt angle");
  tiltangle(angle + tiltangle());
}

// Python's tiltangle, sign for sign: the tilt is kept in radians, clockwise.
void Turtle::tiltangle(double angle) {
  requireFinite(angle, "tilt angle");
  const State& s = self();
  const double tilt = -angle * s.degreesPerUnit() * s.angleOrient();
  PenState change;
  change.resizemode = "user";
  change.tilt = detail::pyMod(detail::radians(tilt), 2 * M_PI);
  pen(change);
}

double Turtle::tiltangle() const {
  const State& s = self();
  const double tilt = -detail::degrees(s.pose.tilt) * s.angleOrient();
  return detail::pyMod(tilt / s.degreesPerUnit(), s.fullcircle);
}

void Turtle::shearfactor(double shear) {
  PenState change;
  change.resizemode = "user";
  change.shearfactor = shear;
  pen(change);
}

double Turtle::shearfactor() const { return self().pose.shear; }

// Python's shapetransform: the matrix as given, and the stretch, shear and tilt it is made of.
void Turtle::shapetransform(double t11, double t12, double t21, double t22) {
  for (double t : {t11, t12, t21, t22}) requireFinite(t, "a shape transform number");
  if (t11 * t22 - t12 * t21 == 0) {
    throw std::invalid_argument("bad shape transform matrix (" + str(t11) + ", " + str(t12) + ", " +
                                str(t21) + ", " + str(t22) +
                                "): it must not be singular (t11 * t22 - t12 * t21 must not be 0)");
  }
  const double alfa = detail::pyMod(std::atan2(-t21, t11), 2 * M_PI);
  const double sa = std::sin(alfa);
  const double ca = std::cos(alfa);
  self().changePose([&](Pose& p) {
    p.resize = Resize::user;
    p.shapeMatrix = {t11, t12, t21, t22};
    p.stretchWid = ca * t11 - sa * t21;
    p.stretchLen = sa * t12 + ca * t22;
    p.shear = (ca * t12 - sa * t22) / p.stretchLen;
    p.tilt = alfa;
  });
}

ShapeTransform Turtle::shapetransform() const { return self().pose.shapeMatrix; }

PenState Turtle::pen() const {
  const Pose& p = self().pose;
  PenState all;
  all.shown = p.visible;
  all.pendown = p.penDown;
  all.pencolor = p.pencolor;
  all.fillcolor = p.fillcolor;
  all.pensize = p.pensize;
  all.speed = p.speed;
  all.resizemode = nameOf(p.resize);
  all.stretchfactor = std::make_pair(p.stretchWid, p.stretchLen);
  all.shearfactor = p.shear;
  all.outline = p.outline;
  all.tilt = p.tilt;
  return all;
}

// Everything is checked before anything changes; then it is one undo step, as in Python.
void Turtle::pen(const PenState& change) {
  if (change.pensize) requirePositive(*change.pensize, "pen size");
  const Resize resize = change.resizemode ? resizeNamed(*change.resizemode) : self().pose.resize;
  if (change.stretchfactor) {
    requirePositive(change.stretchfactor->first, "stretch across the heading");
    requirePositive(change.stretchfactor->second, "stretch along the heading");
  }
  if (change.shearfactor) requireFinite(*change.shearfactor, "shear factor");
  if (change.outline && !(std::isfinite(*change.outline) && *change.outline >= 0)) {
    throw std::invalid_argument("outline must be 0 or more pixels, got " + str(*change.outline));
  }
  if (change.tilt) requireFinite(*change.tilt, "tilt");
  if (change.speed && std::isnan(*change.speed)) {
    throw std::invalid_argument("speed must be a number from 0 to 10, got nan");
  }
  const std::optional<Color> pencolor =
      change.pencolor ? std::optional<Color>(self().taken(*change.pencolor)) : std::nullopt;
  const std::optional<Color> fillcolor =
      change.fillcolor ? std::optional<Color>(self().taken(*change.fillcolor)) : std::nullopt;
  self().changePose([&](Pose& p) {
    if (change.shown) p.visible = *change.shown;
    if (change.pendown) p.penDown = *change.pendown;
    if (pencolor) p.pencolor = *pencolor;
    if (fillcolor) p.fillcolor = *fillcolor;
    if (change.pensize) p.pensize = *change.pensize;
    if (change.speed) p.speed = pythonSpeed(*change.speed);
    p.resize = resize;
    if (change.stretchfactor) std::tie(p.stretchWid, p.stretchLen) = *change.stretchfactor;
    if (change.shearfactor) p.shear = *change.shearfactor;
    if (change.outline) p.outline = *change.outline;
    if (change.tilt) p.tilt = *change.tilt;
    if (change.stretchfactor || change.shearfactor || change.tilt) p.composeShapeMatrix();
  });
}

// --- Polygons --------------------------------------------------------------------------------

void Turtle::begin_poly() {
  State& s = self();
  s.poly = {s.pose.position};
  s.creatingPoly = true;
}

void Turtle::end_poly() { self().creatingPoly = false; }

std::vector<Vec2D> Turtle::get_poly() const { return self().poly; }

// Python's get_shapepoly: the polygon as the resizemode transforms it; none for a compound
// shape.
std::vector<Vec2D> Turtle::get_shapepoly() const {
  const State& s = self();
  const detail::ShapeData& shape = s.canvas().shapes[static_cast<std::size_t>(s.shape)];
  if (shape.compound || s.pose.resize == Resize::noresize) return shape.polygon;
  const ShapeTransform m = s.pose.stampOf(s.shape, false).matrix;
  std::vector<Vec2D> polygon;
  polygon.reserve(shape.polygon.size());
  for (const Vec2D& p : shape.polygon) {
    polygon.emplace_back(m.t11 * p.x + m.t12 * p.y, m.t21 * p.x + m.t22 * p.y);
  }
  return polygon;
}

// --- Events ----------------------------------------------------------------------------------

void Turtle::onclick(std::function<void(double, double)> fun, int btn, bool add) {
  detail::requireButton(btn);
  detail::setClickHandler(self().clicks, std::move(fun), btn, add);
}

void Turtle::onrelease(std::function<void(double, double)> fun, int btn, bool add) {
  detail::requireButton(btn);
  detail::setClickHandler(self().releases, std::move(fun), btn, add);
}

Turtle::ShapeSize Turtle::shapesize() const {
  const Pose& p = self().pose;
  return {p.stretchWid, p.stretchLen, p.outline};
}

double Turtle::shapeOutline() const { return self().pose.outline; }

}  // namespace turtle
