#pragma once
// Screen: the canvas the turtles draw on. It remembers every drawing call, so any moment
// can be saved as PNG, SVG or PDF, and a test can ask what was drawn.

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "turtle/color.hpp"
#include "turtle/vec2d.hpp"

namespace turtle {

class Turtle;

/// How Screen::drawingLog writes its numbers: `readable` rounds to two decimals (the golden
/// files' form), `full` writes every number as Python's repr() does, the shortest digits
/// that read back as the very same double, so that a test can tell 1.7 pixels apart in world
/// coordinates, or compare with what Python's turtle drew to the last bit.
enum class LogPrecision { readable, full };

/// One stamp left on the canvas, as `Screen::stamps()` reports it.
struct StampInfo {
  int id = 0;            ///< what Turtle::stamp() returned
  Vec2D position;        ///< centre, in turtle coordinates
  double heading = 0.0;  ///< degrees counter-clockwise from east, rounded as heading() is
  std::string shape;     ///< "square", "classic", ...
  Color pencolor;        ///< outline
  Color fillcolor;       ///< inside
};

/// Python's Shape: what Screen::register_shape takes. A "polygon" is one polygon, drawn in
/// the turtle's colours; a "compound" shape is several polygons, each with its own fill and
/// outline colours (addcomponent), drawn in order:
///
///     turtle::Shape sh("compound");
///     sh.addcomponent({{0, 0}, {10, -5}, {0, 10}, {-10, -5}}, "red", "blue");
///     sh.addcomponent(t.get_shapepoly(), {0.5, 0.25, 1});   // outline as the fill
///     screen.register_shape("kite", sh);
///     t.shape("kite");
///
/// Points are in the shape's own coordinates, as Python's are: +y points the way the turtle
/// faces. The turtle's shapesize, shearfactor and tilt transform a compound shape whatever
/// its resizemode, and its outline width is the turtle's, as in Python.
class Shape {
 public:
  struct Component {
    std::vector<Vec2D> polygon;
    Color fill;  ///< as given: {r, g, b} is read in the screen's colormode when drawn
    Color outline;
  };
  /// "polygon" with its points, or "compound" (then add components). Python's "image" and
  /// anything else throw std::invalid_argument: the kit draws no images.
  explicit Shape(std::string_view type, std::vector<Vec2D> polygon = {});
  /// Adds a polygon with its own fill colour and an outline of the same colour, or of
  /// `outline`. Throws std::invalid_argument on a "polygon" shape, as Python does.
  void addcomponent(std::vector<Vec2D> poly, const Color& fill);
  void addcomponent(std::vector<Vec2D> poly, const Color& fill, const Color& outline);
  const std::string& type() const { return type_; }
  const std::vector<Vec2D>& polygon() const { return polygon_; }
  const std::vector<Component>& components() const { return components_; }

 private:
  std::string type_;
  std::vector<Vec2D> polygon_;
  std::vector<Component> components_;
};

/// The canvas: width × height pixels (400 × 400 unless you ask otherwise), origin in the
/// centre, x to the right, y up, as in Python's turtle. It never opens a window; it draws
/// when you save it or ask it a question.
///
///     turtle::Screen screen;
///     screen.bgcolor("blue");
///     turtle::Turtle t(screen);
///     t.forward(100);
///     screen.save("line.png");
///
/// Turtles point to their screen, so keep the screen alive as long as its turtles; a turtle
/// whose screen is gone throws std::logic_error instead of drawing.
class Screen {
 public:
  /// Throws std::invalid_argument unless both sides are 1 to 8192 pixels.
  explicit Screen(int width = 400, int height = 400);
  ~Screen();
  Screen(Screen&& other) noexcept;
  Screen& operator=(Screen&& other) noexcept;
  Screen(const Screen&) = delete;
  Screen& operator=(const Screen&) = delete;

  // --- Window control -----------------------------------------------------------------
  /// Background colour. White at first. Read back as Python's: the name if a name was set,
  /// otherwise the (r, g, b) numbers in the screen's colormode (see Color).
  void bgcolor(const Color& color);
  void bgcolor(double r, double g, double b);
  Color bgcolor() const;
  int width() const;
  int height() const;
  int window_width() const { return width(); }
  int window_height() const { return height(); }
  /// Window title; kept as the title of saved SVG and PDF files.
  void title(std::string_view text);
  const std::string& title() const;

  /// Python's setup: the size of the window, which here is the picture, in pixels (1 to
  /// 8192). The drawing stays where it is, centred. Python's fractions of the monitor
  /// (setup(0.5, 0.75)) throw: there is no monitor. startx and starty place a window on the
  /// monitor, so they are checked and kept, and change nothing.
  void setup(double width, double height);
  void setup(double width, double height, double startx, double starty);
  /// Python's screensize: the canvas's size. The kit's canvas is its window, so this is the
  /// same as setup(width, height); with `bg`, also bgcolor(bg).
  void screensize(double canvwidth, double canvheight);
  void screensize(double canvwidth, double canvheight, const Color& bg);
  /// (width, height) of the canvas in pixels.
  std::pair<int, int> screensize() const;

  /// Python's modes: "standard" (heading 0 is east, angles counter-clockwise, the default),
  /// "logo" (heading 0 is north, angles clockwise) or "world" (standard angles in the
  /// coordinates setworldcoordinates gives). Changing the mode resets the screen, as in
  /// Python. Anything else throws std::invalid_argument.
  void mode(std::string_view mode);
  const std::string& mode() const;
  /// Python's setworldcoordinates: the lower-left corner of the canvas is (llx, lly) and the
  /// upper-right (urx, ury); mode becomes "world" (resetting the screen if it was not).
  /// Pen sizes, dots, text and shapes stay in pixels. Throws std::invalid_argument when a
  /// corner is not finite or llx ≥ urx or lly ≥ ury.
  void setworldcoordinates(double llx, double lly, double urx, double ury);

  /// A PNG file shown under the drawing, centred, at its own size, as Python's bgpic shows a
  /// picture; "nopic" takes it away. Throws std::runtime_error naming the file when it
  /// cannot be read as PNG.
  void bgpic(const std::string& picname);
  /// The file's name as given, or "nopic".
  const std::string& bgpic() const;

  /// Erases every drawing, turns the background white and colormode back to 1.0, takes the
  /// background picture and the key and click handlers away, as Python's clear does.
  /// The turtles stay (they are your C++ objects), where they are.
  void clear();
  void clearscreen() { clear(); }
  /// Erases every drawing and puts every turtle back to its starting state.
  void reset();
  void resetscreen() { reset(); }

  // --- Animation control: accepted so window code runs unchanged -----------------------
  // Nothing is animated here; pictures are made from the recorded drawing on demand, so
  // tracer(0) never hides anything and update() has nothing to flush.
  void tracer(int n);
  /// As tracer(n), and sets delay(delayMs); tracer(n) alone keeps the delay, as in Python.
  void tracer(int n, int delayMs);
  int tracer() const;
  void update() {}
  void delay(int ms);
  int delay() const;

  // --- Events: recorded, and fired by a test ---------------------------------------------
  // There is no window to press keys in or click on, so a test does it: press("Up"),
  // click(x, y), tick(ms). Handlers run inside those calls; what they throw comes out of them.
  //
  //     screen.onkey([&t] { t.forward(10); }, "Up");
  //     screen.listen();
  //     screen.press("Up");             // the turtle moves 10
  //
  // Keys are Tk's names ("Up", "space", "a", "Return", ...); an unknown one throws with the
  // nearest names. Handlers set with nullptr are taken away, as Python's None does.

  /// Runs fun when `key` is released (Python's onkey and onkeyrelease are the same).
  void onkey(std::function<void()> fun, std::string_view key);
  void onkeyrelease(std::function<void()> fun, std::string_view key) { onkey(std::move(fun), key); }
  /// Runs fun when `key` is pressed; with no key, when any key is pressed.
  void onkeypress(std::function<void()> fun, std::string_view key);
  void onkeypress(std::function<void()> fun);
  /// Gives the screen the keyboard. As in Python, keys reach their handlers only after this.
  void listen();
  /// Runs fun(x, y) with the point clicked, in turtle coordinates; btn 1 (left, the
  /// default), 2 (middle) or 3 (right). add = true keeps the handlers already set.
  void onclick(std::function<void(double, double)> fun, int btn = 1, bool add = false);
  void onscreenclick(std::function<void(double, double)> fun, int btn = 1, bool add = false) {
    onclick(std::move(fun), btn, add);
  }
  /// Runs fun once, `ms` milliseconds from now on the screen's clock (which tick() moves).
  void ontimer(std::function<void()> fun, int ms = 0);

  /// For tests: a key pressed and released. Throws std::logic_error before listen(), which
  /// is where Python would silently ignore the key.
  void press(std::string_view key);
  /// For tests: a click at (x, y) in turtle coordinates: the handler of the topmost visible
  /// turtle under the point (Turtle::onclick, then its onrelease), then the screen's.
  void click(double x, double y, int btn = 1);
  /// For tests: lets `ms` milliseconds pass, running each timer that comes due, in order,
  /// including timers those timers set.
  void tick(int ms);

  // --- Asking the user ----------------------------------------------------------------------
  /// Python's textinput: the text typed, or std::nullopt for Cancel. The answer is the next
  /// one a test gave with answer(), or else a line read from standard input (end of input
  /// is Cancel).
  std::optional<std::string> textinput(std::string_view title, std::string_view prompt);
  /// Python's numinput: a number, or std::nullopt for Cancel. An answer that is not a number,
  /// or lies outside [minval, maxval], is refused with a message on standard error and
  /// asked again, as Python's dialog does; an empty answer takes the default.
  std::optional<double> numinput(std::string_view title, std::string_view prompt,
                                 std::optional<double> defaultValue = std::nullopt,
                                 std::optional<double> minval = std::nullopt,
                                 std::optional<double> maxval = std::nullopt);
  /// For tests: the next answer to textinput or numinput; std::nullopt is Cancel.
  void answer(std::optional<std::string> text);

  // --- Settings ---------------------------------------------------------------------------
  /// 1.0 (Python's default): numbers for colours run 0–1. 255: they run 0–255.
  /// Anything else throws ColorError.
  void colormode(double mode);
  double colormode() const;
  /// Adds a polygon shape that turtles can take with shape(name). Points are in the shape's
  /// own coordinates, which turn with the turtle: +y points the way the turtle faces.
  /// Throws std::invalid_argument for fewer than 3 points or a point that is not finite.
  void register_shape(const std::string& name, const std::vector<Vec2D>& polygon);
  void addshape(const std::string& name, const std::vector<Vec2D>& polygon) {
    register_shape(name, polygon);
  }
  /// Python's register_shape(name, shape): a Shape, "polygon" or "compound". Throws
  /// std::invalid_argument for a point that is not finite, a polygon of fewer than 3 points,
  /// or a compound shape with no components.
  void register_shape(const std::string& name, const Shape& shape);
  void addshape(const std::string& name, const Shape& shape) { register_shape(name, shape); }
  /// The names of every shape a turtle can take, sorted.
  std::vector<std::string> getshapes() const;
  /// The turtles on this screen, oldest first.
  std::vector<Turtle*> turtles() const;

  // --- Methods that end a window program: accepted, they do nothing -------------------
  void mainloop() {}
  void done() {}
  void bye() {}
  void exitonclick() {}

  // --- Pictures -------------------------------------------------------------------------
  /// Writes the picture as it stands now: PNG, SVG or PDF, chosen by the file's extension.
  /// Visible turtles are drawn on top, as a window would show them. The file is written
  /// beside the target under a temporary name and then renamed, so a failure never leaves a
  /// half-written file. Throws std::invalid_argument for another extension and
  /// std::runtime_error, naming the path and the reason, when the file cannot be written.
  void save(const std::filesystem::path& path) const;
  /// The picture as PNG or SVG bytes, without touching the disk.
  std::string png() const;
  std::string svg() const;

  /// For a test harness: `observer` is called with every screen as it is destroyed (not a
  /// moved-from one), before its drawing is gone, so that a test stopped by a failed check or
  /// an exception can still show what it had drawn. One observer for the program; nullptr
  /// takes it away. What the observer throws is ignored: it runs inside a destructor.
  using ClosingObserver = void (*)(const Screen&);
  static void observeClosing(ClosingObserver observer);

  // --- Asking what was drawn --------------------------------------------------------------
  /// The colour of the drawing at a point in turtle coordinates: the background, or what
  /// the turtles left there. Turtles themselves are not part of the drawing.
  /// Throws std::out_of_range for a point off the canvas.
  ///
  ///     REQUIRE(screen.colorAt(-190, 190) == "white");
  Color colorAt(double x, double y) const;
  Color colorAt(const Vec2D& point) const { return colorAt(point.x, point.y); }
  /// Every stamp on the canvas, oldest first.
  std::vector<StampInfo> stamps() const;
  /// A text log of the drawing, one line per item, oldest first:
  ///     screen 400x400 bgcolor blue
  ///     stamp 1 square at (-190,190) heading 0 pen white fill white
  /// It is the same on every machine and every Cairo version, so tests can keep it as a
  /// golden file where the bytes of a PNG would change. With LogPrecision::full every number
  /// is written in full: `line (0.0,0.0) -> (0.123456789,0.5) width 1.0 color black`.
  std::string drawingLog(LogPrecision precision = LogPrecision::readable) const;
  /// How many items (lines, stamps, dots, fills, texts) the drawing holds.
  std::size_t itemCount() const;

  struct Impl;

 private:
  friend class Turtle;
  Impl& impl() const;
  std::unique_ptr<Impl> impl_;
};

}  // namespace turtle
