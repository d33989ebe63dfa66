#pragma once
// Turtle: the pen that moves over a Screen, with Python turtle's names. (Python calls the
// same class Turtle and also Pen; both names work here.) Turtle is defined in src/turtle.cpp;
// the stamps and lines it records are drawn by src/render.cpp.

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "turtle/color.hpp"
#include "turtle/screen.hpp"
#include "turtle/vec2d.hpp"

namespace turtle {

/// A number as Python's str() writes it: "123", "2.5", "100.0", "1e+16", "inf", "nan".
std::string pythonStr(long long value);
std::string pythonStr(double value);

/// A font for Turtle::write: family, size in points (at 96 dots per inch, as a desktop
/// shows them) and style ("normal", "bold", "italic" or "bold italic").
struct Font {
  std::string family = "Arial";
  double size = 8;
  std::string style = "normal";
};

/// Python's pen dictionary: what Turtle::pen() reports, and what Turtle::pen(p) changes.
/// The getter fills every field; the setter changes only the fields that hold a value, as
/// Python's t.pen(pensize=10, pencolor="red") changes only those two:
///
///     turtle::PenState change;
///     change.pensize = 10;
///     change.pencolor = "red";
///     t.pen(change);
///     auto saved = t.pen();  /* ... */  t.pen(saved);   // back as it was
struct PenState {
  std::optional<bool> shown;
  std::optional<bool> pendown;
  std::optional<Color> pencolor;  ///< as set: a name, or "#rrggbb" (Python's pen() too)
  std::optional<Color> fillcolor;
  std::optional<double> pensize;
  std::optional<double> speed;
  std::optional<std::string> resizemode;                   ///< "auto", "user" or "noresize"
  std::optional<std::pair<double, double>> stretchfactor;  ///< (across, along) the heading
  std::optional<double> shearfactor;
  std::optional<double> outline;
  std::optional<double> tilt;  ///< radians, as Python's pen() keeps it
};

/// Python's shapetransform matrix (t11, t12, t21, t22), applied to the shape's points.
struct ShapeTransform {
  double t11 = 1;
  double t12 = 0;
  double t21 = 0;
  double t22 = 1;
};

/// Python's keyword arguments of Turtle(shape=..., undobuffersize=..., visible=...), in
/// Python's order, with Python's defaults:
///
///     // Python: Turtle(shape="square", visible=False)
///     turtle::Turtle t(screen, {"square", 1000, false});
///     // Python: Turtle(undobuffersize=1), the option set by its name
///     turtle::TurtleOptions options;
///     options.undobuffersize = 1;
///     turtle::Turtle u(screen, options);
///
/// (C++20 also takes the names in the braces: {.shape = "square", .visible = false}.)
struct TurtleOptions {
  std::string shape = "classic";
  std::size_t undobuffersize = 1000;
  bool visible = true;
};

/// A turtle on a Screen. It starts in the centre facing east (heading 0), pen down, black,
/// shape "classic", visible. Angles are in degrees, counter-clockwise, unless you call
/// radians(); in the screen's "logo" mode heading 0 is north and angles go clockwise.
/// Every drawing call is recorded on the screen.
///
///     turtle::Screen screen;
///     turtle::Turtle t(screen);
///     t.penup();
///     t.goTo(-190, 190);          // Python's goto: `goto` is a keyword in C++
///     t.shape("square");
///     t.color("white");
///     t.stamp();
///
/// Arguments that make no sense (a NaN distance, a negative pen size, an unknown shape)
/// throw std::invalid_argument with a message saying what would be right.
class Turtle {
 public:
  explicit Turtle(Screen& screen);
  /// Python's Turtle(shape=..., undobuffersize=..., visible=...): see TurtleOptions. Throws
  /// std::invalid_argument for an unknown shape.
  Turtle(Screen& screen, const TurtleOptions& options);
  ~Turtle();
  Turtle(Turtle&& other) noexcept;
  Turtle& operator=(Turtle&& other) noexcept;
  Turtle(const Turtle&) = delete;  // two turtles are two objects: use clone()
  Turtle& operator=(const Turtle&) = delete;

  /// A new turtle on the same screen, in the same place and state: as Python's clone, a deep
  /// copy, with the same shape, the fill under way and the undo history.
  Turtle clone() const;
  /// The screen this turtle draws on.
  Screen& getscreen() const;

  // --- Move and draw ----------------------------------------------------------------------
  void forward(double distance);
  void fd(double distance) { forward(distance); }
  void back(double distance);
  void bk(double distance) { back(distance); }
  void backward(double distance) { back(distance); }
  void right(double angle);
  void rt(double angle) { right(angle); }
  void left(double angle);
  void lt(double angle) { left(angle); }
  /// Moves to (x, y) in a straight line, drawing if the pen is down. Python calls it goto.
  void goTo(double x, double y);
  void goTo(const Vec2D& position) { goTo(position.x, position.y); }
  void setpos(double x, double y) { goTo(x, y); }
  void setpos(const Vec2D& position) { goTo(position); }
  void setposition(double x, double y) { goTo(x, y); }
  void setposition(const Vec2D& position) { goTo(position); }
  void setx(double x);
  void sety(double y);
  /// Turns to face `angle` (0 east, 90 north, 180 west, 270 south).
  void setheading(double angle);
  void seth(double angle) { setheading(angle); }
  /// Back to (0, 0) facing east.
  void home();
  /// A circle of the given radius, centred `radius` units to the turtle's left; a negative
  /// radius goes clockwise. Drawn, as in Python, as a polygon of as many sides as Python
  /// would choose, or of `steps` sides.
  void circle(double radius);
  /// Only an arc of `extent` degrees (or angle units) of the circle.
  void circle(double radius, double extent);
  void circle(double radius, double extent, int steps);
  /// A filled round dot at the turtle's position. Size 0 means Python's default,
  /// max(pensize + 4, 2 * pensize); the colour defaults to the pen colour.
  void dot(double size = 0);
  void dot(double size, const Color& color);
  /// Python's dot(10, 0.5, 0.5, 0.5): the colour as numbers in the screen's colormode.
  void dot(double size, double r, double g, double b);
  /// Leaves a copy of the turtle's shape on the canvas and returns its id.
  int stamp();
  /// Removes one of this turtle's stamps. Throws std::invalid_argument for an id that is not
  /// one of them.
  void clearstamp(int stampId);
  /// Removes this turtle's stamps: all of them with no argument, the first n for n > 0,
  /// the last -n for n < 0.
  void clearstamps();
  void clearstamps(int n);
  /// Takes back the last action (a move, a turn, a stamp, a pen change, ...). Up to 1000
  /// actions are kept, as in Python; setundobuffer changes that.
  void undo();
  void setundobuffer(std::size_t size);
  /// Python's setundobuffer(None): no more undo.
  void setundobuffer(std::nullopt_t);
  std::size_t undobufferentries() const;
  /// Python's speed: 0 to 10, or "fastest", "fast", "normal", "slow", "slowest". Nothing is
  /// animated here, so it changes nothing on the picture; it is kept so that code written
  /// for a window runs unchanged.
  void speed(double speed);
  void speed(std::string_view name);
  int speed() const;

  // --- Tell the turtle's state ------------------------------------------------------------
  Vec2D position() const;
  Vec2D pos() const { return position(); }
  double xcor() const;
  double ycor() const;
  /// 0 ≤ heading < 360 (or the full circle set by degrees()).
  double heading() const;
  /// The angle from the turtle's position to the point, in the turtle's angle units.
  double towards(double x, double y) const;
  double towards(const Vec2D& point) const { return towards(point.x, point.y); }
  double towards(const Turtle& other) const { return towards(other.position()); }
  double distance(double x, double y) const;
  double distance(const Vec2D& point) const { return distance(point.x, point.y); }
  double distance(const Turtle& other) const { return distance(other.position()); }

  // --- Settings for measurement -----------------------------------------------------------
  /// Angles in degrees, or in units where a full circle is `fullcircle`.
  void degrees(double fullcircle = 360.0);
  void radians();

  // --- Pen control ------------------------------------------------------------------------
  void pendown();
  void pd() { pendown(); }
  void down() { pendown(); }
  void penup();
  void pu() { penup(); }
  void up() { penup(); }
  bool isdown() const;
  /// Line width in pixels; must be greater than 0.
  void pensize(double width);
  double pensize() const;
  void width(double width) { pensize(width); }
  double width() const { return pensize(); }

  // --- Colour control ---------------------------------------------------------------------
  /// Pen and fill colour together, or each on its own. The getters answer as Python's do:
  /// the name if a name was set, otherwise the (r, g, b) numbers in the screen's colormode.
  ///
  ///     t.pencolor("#ff8000");
  ///     t.pencolor() == turtle::RGB(1.0, 0.5019607843137255, 0.0);   // true
  ///     t.pencolor().isName();                                        // false
  void color(const Color& both);
  void color(const Color& pen, const Color& fill);
  void color(double r, double g, double b);
  /// (pen colour, fill colour).
  std::pair<Color, Color> color() const;
  void pencolor(const Color& color);
  void pencolor(double r, double g, double b);
  Color pencolor() const;
  void fillcolor(const Color& color);
  void fillcolor(double r, double g, double b);
  Color fillcolor() const;

  // --- Filling ----------------------------------------------------------------------------
  /// Call before drawing a shape to be filled, and end_fill() after it; the fill lies
  /// under the lines drawn in between, as in Python.
  void begin_fill();
  void end_fill();
  bool filling() const;

  // --- More drawing control ---------------------------------------------------------------
  /// Erases this turtle's drawings and puts it back to its starting state.
  void reset();
  /// Erases this turtle's drawings; the turtle stays as it is.
  void clear();
  /// Writes text at the turtle's position in the pen colour. `align` is "left", "center" or
  /// "right": where the turtle sits along the text's bottom edge.
  ///
  ///     t.write("Start", "center", 16);
  ///     t.write("Goal", "left", {"Arial", 12, "bold"});
  void write(std::string_view text, std::string_view align = "left", const Font& font = {});
  void write(std::string_view text, std::string_view align, double fontSize);
  /// Python's write(123) or write(2.5): the number as Python's str() writes it ("2.5",
  /// "100.0", "1e+16").
  template <
      typename Number, typename... Rest,
      std::enable_if_t<std::is_arithmetic_v<Number> && !std::is_same_v<Number, bool>, int> = 0>
  void write(Number value, Rest&&... rest) {
    std::string text;
    if constexpr (std::is_integral_v<Number>) {
      text = pythonStr(static_cast<long long>(value));
    } else {
      text = pythonStr(static_cast<double>(value));
    }
    write(std::string_view(text), std::forward<Rest>(rest)...);
  }
  /// Python's write(text, move, align, font). move=false is the same as write(text, align,
  /// font); move=true throws std::invalid_argument (the kit does not measure text to move by).
  template <typename Bool, std::enable_if_t<std::is_same_v<Bool, bool>, int> = 0>
  void write(std::string_view text, Bool move, std::string_view align = "left",
             const Font& font = {}) {
    requireNoMove(move);
    write(text, align, font);
  }
  template <typename Bool, std::enable_if_t<std::is_same_v<Bool, bool>, int> = 0>
  void write(std::string_view text, Bool move, std::string_view align, double fontSize) {
    requireNoMove(move);
    write(text, align, fontSize);
  }

  // --- Turtle state -----------------------------------------------------------------------
  void showturtle();
  void st() { showturtle(); }
  void hideturtle();
  void ht() { hideturtle(); }
  bool isvisible() const;
  /// "arrow", "turtle", "circle", "square", "triangle", "classic", "blank", or a shape
  /// registered on the screen. Throws std::invalid_argument for any other name.
  void shape(const std::string& name);
  const std::string& shape() const;
  /// Stretches the shape: `stretchWid` across the heading, `stretchLen` along it, and the
  /// outline's width in pixels. Python's square stamp is 20×20; shapesize(2, 2) makes 40×40.
  void shapesize(double stretchWid, double stretchLen, double outline);
  void shapesize(double stretch) { shapesize(stretch, stretch, shapeOutline()); }
  void shapesize(double stretchWid, double stretchLen) {
    shapesize(stretchWid, stretchLen, shapeOutline());
  }
  void turtlesize(double stretchWid, double stretchLen, double outline) {
    shapesize(stretchWid, stretchLen, outline);
  }
  void turtlesize(double stretchWid, double stretchLen) { shapesize(stretchWid, stretchLen); }
  void turtlesize(double stretch) { shapesize(stretch); }
  /// Python's resizemode: "noresize" (the default: the shape as it is, outline 1), "user"
  /// (stretched, sheared and tilted as shapesize, shearfactor, tiltangle and
  /// shapetransform say; each of them switches to "user") or "auto" (grows with the pen
  /// size). Anything else throws std::invalid_argument (Python ignores it).
  void resizemode(std::string_view mode);
  std::string resizemode() const;
  /// Turns the shape by `angle` more than it is turned now, without changing the heading.
  void tilt(double angle);
  /// The shape's turn from the heading, in the turtle's angle units; set, it switches
  /// resizemode to "user", as in Python.
  void tiltangle(double angle);
  double tiltangle() const;
  /// Shears the shape: its points move along the heading by `shear` times their distance
  /// from it. Switches resizemode to "user".
  void shearfactor(double shear);
  double shearfactor() const;
  /// Sets the matrix that stretches, shears and tilts the shape, as Python does (its
  /// determinant must not be 0), and switches resizemode to "user".
  void shapetransform(double t11, double t12, double t21, double t22);
  ShapeTransform shapetransform() const;

  /// Python's pen(): every pen setting at once. Setting is one undo step.
  PenState pen() const;
  void pen(const PenState& change);

  // --- Polygons -------------------------------------------------------------------------
  /// Starts recording the turtle's positions: each move adds where it ends.
  void begin_poly();
  /// Stops recording.
  void end_poly();
  /// The positions recorded, for Screen::register_shape (empty before begin_poly()).
  std::vector<Vec2D> get_poly() const;
  /// Python's get_shapepoly: the turtle's shape polygon as its resizemode, shapesize,
  /// shearfactor and tilt transform it, in the shape's own coordinates; empty for a
  /// compound shape (Python's None). For Shape::addcomponent.
  std::vector<Vec2D> get_shapepoly() const;

  // --- Events -----------------------------------------------------------------------------
  /// Runs fun(x, y) when this turtle is clicked (Screen::click, in a test): the point is
  /// inside its shape as drawn and it is the topmost turtle there. btn 1, 2 or 3;
  /// add = true keeps the handlers already set; nullptr takes them away.
  void onclick(std::function<void(double, double)> fun, int btn = 1, bool add = false);
  /// As onclick, run when the mouse button is released over the turtle (after onclick).
  void onrelease(std::function<void(double, double)> fun, int btn = 1, bool add = false);

  /// (stretch across, stretch along, outline).
  struct ShapeSize {
    double stretchWid;
    double stretchLen;
    double outline;
  };
  ShapeSize shapesize() const;
  ShapeSize turtlesize() const { return shapesize(); }

  struct State;

 private:
  friend class Screen;
  explicit Turtle(std::unique_ptr<State> state);
  double shapeOutline() const;
  static void requireNoMove(bool move);
  State& self() const;
  std::unique_ptr<State> self_;
};

/// Python calls the same class Pen.
using Pen = Turtle;

}  // namespace turtle
