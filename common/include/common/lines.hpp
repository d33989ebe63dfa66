#pragma once
// A text's lines, split where mazekit compares texts line by line (a failed check's two sides,
// what a lesson step changed).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace common {

/// The lines of `text`, without their '\n'; a last line without one is a line too, and a
/// final '\n' adds no empty line: splitLines("a\nb\n") == {"a", "b"}, splitLines("a\nb") too.
inline std::vector<std::string> splitLines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) {
      lines.emplace_back(text.substr(start));
      break;
    }
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace common
