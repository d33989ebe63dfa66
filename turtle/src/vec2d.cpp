#include "turtle/vec2d.hpp"

#include <cmath>
#include <iomanip>
#include <ostream>
#include <stdexcept>
#include <string>

#include "python_numbers.hpp"

namespace turtle {

double Vec2D::operator[](int index) const {
  if (index == 0) return x;
  if (index == 1) return y;
  throw std::out_of_range("Vec2D index must be 0 (x) or 1 (y), got " + std::to_string(index));
}

// The same arithmetic as Python's Vec2D.rotate (3.10 to 3.13: math.radians), so that
// positions match Python's to the bit.
Vec2D Vec2D::rotate(double degrees) const {
  const Vec2D perp(-y, x);
  const double angle = detail::radians(degrees);
  const double c = std::cos(angle);
  const double s = std::sin(angle);
  return {x * c + perp.x * s, y * c + perp.y * s};
}

bool Vec2D::near(const Vec2D& other, double tolerance) const {
  return std::fabs(x - other.x) <= tolerance && std::fabs(y - other.y) <= tolerance;
}

double abs(const Vec2D& v) { return std::hypot(v.x, v.y); }

std::ostream& operator<<(std::ostream& out, const Vec2D& v) {
  // Python prints "%.2f" and shows -0.00 for tiny negatives; the kit shows 0.00.
  const auto clean = [](double value) { return std::fabs(value) < 0.005 ? 0.0 : value; };
  const auto flags = out.flags();
  const auto precision = out.precision();
  out << std::fixed << std::setprecision(2) << '(' << clean(v.x) << ',' << clean(v.y) << ')';
  out.flags(flags);
  out.precision(precision);
  return out;
}

}  // namespace turtle
