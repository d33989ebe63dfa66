#pragma once
// A number in a message, as the turtle's files write it.

#include <sstream>
#include <string>

namespace turtle::detail {

/// A number as an error message shows it ("1e+06", "nan"): what std::ostream writes.
inline std::string str(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

}  // namespace turtle::detail
