#pragma once
// Color: a colour given as Python's turtle accepts it, by name, by hex or by numbers.

#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace turtle {

/// Thrown for a colour the kit does not know, with the nearest names it does know:
///     unknown colour 'bleu' — did you mean 'blue'?
class ColorError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Python's (r, g, b) tuple: a colour as three numbers in a colormode, 0–1 (colormode 1.0)
/// or 0–255 (colormode 255). Color::rgb() gives one; it prints as Python prints the tuple:
///
///     t.pencolor("#ff8000");
///     std::cout << t.pencolor().rgb();   // (1.0, 0.5019607843137255, 0.0)
struct RGB {
  double r = 0.0;
  double g = 0.0;
  double b = 0.0;

  constexpr RGB() = default;
  constexpr RGB(double red, double green, double blue) : r(red), g(green), b(blue) {}

  /// Python's c[0], c[1], c[2]. Any other index throws std::out_of_range.
  double operator[](int index) const;
};

/// The same three numbers, exactly, as Python's == on tuples.
constexpr bool operator==(const RGB& a, const RGB& b) {
  return a.r == b.r && a.g == b.g && a.b == b.b;
}
constexpr bool operator!=(const RGB& a, const RGB& b) { return !(a == b); }

/// Prints like Python's tuple: (1.0, 0.5019607843137255, 0.0) or (255.0, 128.0, 0.0).
std::ostream& operator<<(std::ostream& out, const RGB& c);

/// A colour: red, green and blue from 0 to 255, and the text it was given as.
///
/// Made from any name Python's turtle (through Tk) accepts, in Tk's spellings
/// ("light blue", "LightBlue" and "lightblue" are one colour), from "#rgb" or "#rrggbb",
/// or from numbers. A colour compares equal to any spelling of the same colour, and to its
/// numbers in the colormode it was read in:
///
///     screen.bgcolor("blue");
///     REQUIRE(screen.bgcolor() == "blue");
///     REQUIRE(screen.bgcolor() == "#0000ff");
///     REQUIRE(screen.bgcolor() == turtle::RGB(0, 0, 1));
///
/// The getters (pencolor(), fillcolor(), color(), bgcolor()) answer as Python's do: a colour
/// set by name is that name (isName(), name()); any other is Python's (r, g, b) tuple in the
/// screen's colormode at the time of asking (rgb()), and prints as that tuple.
class Color {
 public:
  /// Black.
  Color();
  /// A name or a hex string. Throws ColorError for anything else.
  Color(const char* text);         // NOLINT(google-explicit-constructor): reads like Python
  Color(const std::string& text);  // NOLINT(google-explicit-constructor)
  Color(std::string_view text);    // NOLINT(google-explicit-constructor)

  /// Python's (r, g, b) tuple, written with braces wherever a colour is taken:
  ///
  ///     t.color("black", {0, 0.75, 0});     // Python: color("black", (0, 0.75, 0))
  ///     screen.colormode(255);
  ///     t.fillcolor({0, 192, 0});            // in the screen's colormode, as in Python
  ///
  /// The numbers are read in the colormode of the screen that takes the colour (a turtle's
  /// colour setters, dot, bgcolor, Shape::addcomponent when the shape is drawn), which
  /// throws ColorError for a number outside it. On its own, before a screen takes it, the
  /// colour reads its numbers in colormode 1.0 when they all lie in 0–1, else in 255.
  Color(double r, double g, double b);  // NOLINT(google-explicit-constructor): Python's tuple
  /// From numbers in 0–1 (colormode 1.0, Python's default) or in 0–255 (colormode 255).
  /// Throws ColorError for a mode other than 1 or 255, or a number outside its range.
  static Color fromRgb(double r, double g, double b, double colormode = 1.0);
  /// The colour as a screen in `colormode` takes it: a colour given as {r, g, b} numbers is
  /// read in that colormode (ColorError for a number outside it); any other is itself.
  Color readIn(double colormode) const;

  /// The text the colour was made from ("light blue"), or "#rrggbb" if it was made from
  /// numbers.
  const std::string& name() const { return name_; }
  /// True when the colour was given by a name, not by "#…" or numbers: Python's getters
  /// then return the name, and otherwise the (r, g, b) tuple that rgb() gives.
  bool isName() const { return name_.empty() || name_[0] != '#'; }
  /// Red, green and blue as numbers in the colormode the colour was read in (a getter reads
  /// it in the screen's colormode; any other colour in 1.0), computed as Python computes
  /// them: "#ff8000" is (1.0, 0.5019607843137255, 0.0), or (255.0, 128.0, 0.0) in 255.
  RGB rgb() const;
  /// The same colour, with rgb() and printing in `colormode` (1.0 or 255; anything else
  /// throws ColorError). The getters call it with the screen's colormode.
  Color inColormode(double colormode) const;
  /// Always "#rrggbb", lower case.
  std::string hex() const;
  int red() const { return r_; }
  int green() const { return g_; }
  int blue() const { return b_; }

  /// Same red, green and blue, whatever the spelling.
  friend bool operator==(const Color& a, const Color& b) {
    return a.r_ == b.r_ && a.g_ == b.g_ && a.b_ == b.b_;
  }
  friend bool operator!=(const Color& a, const Color& b) { return !(a == b); }
  // So that `color == "blue"` and `"blue" == color` read naturally. (Friends defined here
  // are only found next to a Color, so they never change what other comparisons mean.)
  friend bool operator==(const Color& a, const char* b) { return a == Color(b); }
  friend bool operator==(const char* a, const Color& b) { return Color(a) == b; }
  friend bool operator!=(const Color& a, const char* b) { return !(a == b); }
  friend bool operator!=(const char* a, const Color& b) { return !(a == b); }
  friend bool operator==(const Color& a, const std::string& b) { return a == Color(b); }
  friend bool operator==(const std::string& a, const Color& b) { return Color(a) == b; }
  friend bool operator!=(const Color& a, const std::string& b) { return !(a == b); }
  friend bool operator!=(const std::string& a, const Color& b) { return !(a == b); }
  /// The same colour as these numbers would make in the colour's colormode (rounded as
  /// Python rounds them), so (1, 0.5, 0) and (1.0, 0.5019607843137255, 0.0) are both
  /// "#ff8000". Numbers outside the colormode's range make no colour: not equal.
  friend bool operator==(const Color& a, const RGB& b) { return a.sameAs(b); }
  friend bool operator==(const RGB& a, const Color& b) { return b.sameAs(a); }
  friend bool operator!=(const Color& a, const RGB& b) { return !a.sameAs(b); }
  friend bool operator!=(const RGB& a, const Color& b) { return !b.sameAs(a); }

  /// Every colour name the kit knows, in Tk's own spellings, sorted.
  static std::vector<std::string> names();

  friend std::ostream& operator<<(std::ostream& out, const Color& c);

 private:
  Color(std::string name, int r, int g, int b);
  bool sameAs(const RGB& numbers) const;
  double colormodeOrOne() const { return colormode_ == 0 ? 1.0 : colormode_; }
  std::string name_;
  unsigned char r_ = 0;
  unsigned char g_ = 0;
  unsigned char b_ = 0;
  unsigned char colormode_ = 0;  // 1 or 255 once read by a getter; 0 for any other colour
  bool numbersToRead_ = false;   // made from {r, g, b}: readIn reads numbers_ in a colormode
  RGB numbers_;
};

/// Prints the name, and the hex value when that differs: "light blue (#add8e6)". A colour
/// read by a getter that was not set by name prints as Python prints it, as the tuple:
/// "(1.0, 0.5019607843137255, 0.0)".
std::ostream& operator<<(std::ostream& out, const Color& c);

}  // namespace turtle
