#pragma once
// Python's arithmetic where the turtle's answers depend on it, so that a heading or a distance
// compares equal to the number Python's turtle gives for the same moves.

namespace turtle::detail {

/// Python's a % b for floats: the sign of b, and +0.0 (never -0.0) when it divides exactly.
double pyMod(double a, double b);

/// Python's round(x, digits): x rounded to `digits` decimal places, correctly (the nearest
/// double to the decimal number, ties to even), not x * 10^digits rounded and divided back.
double pyRound(double x, int digits);

}  // namespace turtle::detail
