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

/// A colour: red, green and blue from 0 to 255, and the text it was given as.
///
/// Made from any name Python's turtle (through Tk) accepts, in Tk's spellings
/// ("light blue", "LightBlue" and "lightblue" are one colour), from "#rgb" or "#rrggbb",
/// or from numbers. A colour compares equal to any spelling of the same colour:
///
///     screen.bgcolor("blue");
///     REQUIRE(screen.bgcolor() == "blue");
///     REQUIRE(screen.bgcolor() == "#0000ff");
class Color {
 public:
  /// Black.
  Color();
  /// A name or a hex string. Throws ColorError for anything else.
  Color(const char* text);         // NOLINT(google-explicit-constructor): reads like Python
  Color(const std::string& text);  // NOLINT(google-explicit-constructor)
  Color(std::string_view text);    // NOLINT(google-explicit-constructor)

  /// From numbers in 0–1 (colormode 1.0, Python's default) or in 0–255 (colormode 255).
  /// Throws ColorError for a mode other than 1 or 255, or a number outside its range.
  static Color fromRgb(double r, double g, double b, double colormode = 1.0);

  /// The text the colour was made from ("light blue"), or "#rrggbb" if it was made from
  /// numbers: what Python's getters return.
  const std::string& name() const { return name_; }
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

  /// Every colour name the kit knows, in Tk's own spellings, sorted.
  static std::vector<std::string> names();

 private:
  Color(std::string name, int r, int g, int b);
  std::string name_;
  unsigned char r_ = 0;
  unsigned char g_ = 0;
  unsigned char b_ = 0;
};

/// Prints the name, and the hex value when that differs: "light blue (#add8e6)".
std::ostream& operator<<(std::ostream& out, const Color& c);

}  // namespace turtle
