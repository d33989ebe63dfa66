#pragma once
// Text helpers the turtle's files share: a name compared without case, a number in a message.

#include <sstream>
#include <string>
#include <string_view>

namespace turtle::detail {

/// `text` in ASCII lower case: colour and shape names are matched without case, as Tk does.
inline std::string lowerCase(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

/// A number as an error message shows it ("1e+06", "nan"): what std::ostream writes.
inline std::string str(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

}  // namespace turtle::detail
