#pragma once
// Python's arithmetic where the turtle's answers depend on it, so that a heading or a distance
// compares equal to the number Python's turtle gives for the same moves.

#include <cmath>

namespace turtle::detail {

/// Python's math.radians and math.degrees (CPython 3.10 to 3.13, Modules/mathmodule.c):
/// one multiplication by a constant, x * (pi / 180) and x * (180 / pi). Python 3.9's turtle
/// computed x * pi / 180 instead, which differs in the last bit.
inline constexpr double degToRad = M_PI / 180.0;
inline constexpr double radToDeg = 180.0 / M_PI;
inline double radians(double degrees) { return degrees * degToRad; }
inline double degrees(double radians) { return radians * radToDeg; }

/// Python's a % b for floats: the sign of b, and +0.0 (never -0.0) when it divides exactly.
double pyMod(double a, double b);

/// Python's round(x, digits): x rounded to `digits` decimal places, correctly (the nearest
/// double to the decimal number, ties to even), not x * 10^digits rounded and divided back.
double pyRound(double x, int digits);

}  // namespace turtle::detail
