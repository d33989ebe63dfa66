#pragma once
// Vec2D: a point or a direction on the turtle's canvas, as in Python's turtle.Vec2D.

#include <iosfwd>

namespace turtle {

/// A pair of doubles (x, y). Positions are never rounded: the kit keeps whatever
/// the arithmetic gives, exactly as Python does.
///
///     turtle::Vec2D p = t.pos();
///     if (p == turtle::Vec2D(-190, 190)) { ... }
struct Vec2D {
  double x = 0.0;
  double y = 0.0;

  constexpr Vec2D() = default;
  constexpr Vec2D(double xValue, double yValue) : x(xValue), y(yValue) {}

  /// Python's Vec2D is a tuple: p[0] is x and p[1] is y. Any other index throws
  /// std::out_of_range.
  double operator[](int index) const;

  /// The vector turned counter-clockwise by `degrees` (Python's Vec2D.rotate).
  Vec2D rotate(double degrees) const;

  /// Within `tolerance` of `other` in both coordinates.
  bool near(const Vec2D& other, double tolerance) const;
};

/// Length of the vector: abs(v) as in Python.
double abs(const Vec2D& v);

constexpr Vec2D operator+(Vec2D a, Vec2D b) { return {a.x + b.x, a.y + b.y}; }
constexpr Vec2D operator-(Vec2D a, Vec2D b) { return {a.x - b.x, a.y - b.y}; }
constexpr Vec2D operator-(Vec2D a) { return {-a.x, -a.y}; }
constexpr Vec2D operator*(Vec2D a, double k) { return {a.x * k, a.y * k}; }
constexpr Vec2D operator*(double k, Vec2D a) { return {a.x * k, a.y * k}; }
/// Dot product, as Python's Vec2D * Vec2D.
constexpr double operator*(Vec2D a, Vec2D b) { return a.x * b.x + a.y * b.y; }

/// How close two positions must be to compare equal: a millionth of a pixel. Far below
/// what anyone can see, far above the rounding that sin and cos leave behind, so
/// `t.pos() == Vec2D(0, 100)` holds after `t.left(90); t.forward(100);`.
inline constexpr double positionTolerance = 1e-6;

inline bool operator==(const Vec2D& a, const Vec2D& b) { return a.near(b, positionTolerance); }
inline bool operator!=(const Vec2D& a, const Vec2D& b) { return !(a == b); }

/// Prints like Python: (-190.00,190.00).
std::ostream& operator<<(std::ostream& out, const Vec2D& v);

}  // namespace turtle
