#pragma once
// Screen: the canvas the turtles draw on. It remembers every drawing call, so any moment
// can be saved as PNG, SVG or PDF, and a test can ask what was drawn.

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "turtle/color.hpp"
#include "turtle/vec2d.hpp"

namespace turtle {

class Turtle;

/// One stamp left on the canvas, as `Screen::stamps()` reports it.
struct StampInfo {
  int id = 0;            ///< what Turtle::stamp() returned
  Vec2D position;        ///< centre, in turtle coordinates
  double heading = 0.0;  ///< degrees, counter-clockwise from east
  std::string shape;     ///< "square", "classic", ...
  Color pencolor;        ///< outline
  Color fillcolor;       ///< inside
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

  /// Erases every drawing, turns the background white and colormode back to 1.0.
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
  /// golden file where the bytes of a PNG would change.
  std::string drawingLog() const;
  /// How many items (lines, stamps, dots, fills, texts) the drawing holds.
  std::size_t itemCount() const;

  struct Impl;

 private:
  friend class Turtle;
  Impl& impl() const;
  std::unique_ptr<Impl> impl_;
};

}  // namespace turtle
