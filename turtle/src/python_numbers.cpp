#include "python_numbers.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <locale>
#include <sstream>
#include <string>

#include "turtle/pen.hpp"

namespace turtle::detail {

double pyMod(double a, double b) {
  double mod = std::fmod(a, b);
  if (mod != 0) {
    if ((b < 0) != (mod < 0)) mod += b;
  } else {
    mod = std::copysign(0.0, b);
  }
  return mod;
}

double pyRound(double x, int digits) {
  if (!std::isfinite(x)) return x;
  // As Python does: the shortest correctly rounded decimal text, read back. to_chars and
  // from_chars are exact and ignore the locale.
  char text[400];
  const auto written = std::to_chars(text, text + sizeof text, x, std::chars_format::fixed, digits);
  if (written.ec != std::errc()) return x;
  double rounded = x;
#if defined(__cpp_lib_to_chars)
  std::from_chars(text, written.ptr, rounded);
#else
  // libc++ before 20 (clang's, macOS's) has no from_chars for double: a stream in the
  // classic locale reads it as exactly.
  std::istringstream in(std::string(text, written.ptr));
  in.imbue(std::locale::classic());
  in >> rounded;
#endif
  return rounded;
}

}  // namespace turtle::detail

namespace turtle {

std::string pythonStr(long long value) { return std::to_string(value); }

// Python's repr of a float: the shortest digits that read back the same, written plainly when
// the exponent is from -4 to 15 (with ".0" when whole) and as "1.5e-05" otherwise.
std::string pythonStr(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  char buffer[64];
  const auto written =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
  const std::string scientific(buffer, written.ptr);  // "-1.2345e+02"
  const std::size_t e = scientific.find('e');
  const bool negative = scientific[0] == '-';
  std::string digits;
  for (std::size_t i = negative ? 1 : 0; i < e; ++i) {
    if (scientific[i] != '.') digits += scientific[i];
  }
  const int exponent = std::atoi(scientific.c_str() + e + 1);
  std::string out = negative ? "-" : "";
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) {
      out += "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
    } else {
      const auto whole = static_cast<std::size_t>(exponent) + 1;
      if (digits.size() <= whole) {
        out += digits + std::string(whole - digits.size(), '0') + ".0";
      } else {
        out += digits.substr(0, whole) + "." + digits.substr(whole);
      }
    }
    return out;
  }
  out += digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  const int magnitude = exponent < 0 ? -exponent : exponent;
  out += std::string(exponent < 0 ? "e-" : "e+") + (magnitude < 10 ? "0" : "") +
         std::to_string(magnitude);
  return out;
}

}  // namespace turtle
