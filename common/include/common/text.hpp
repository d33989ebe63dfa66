#pragma once
// Small text helpers the turtle, the maze libraries and mazekit share.

#include <string>
#include <string_view>

namespace common {

/// `text` with A to Z made a to z, every other byte as it is: no locale is asked, so a name in
/// Latin-1 or UTF-8 keeps its other letters. asciiLower("Maze.HPP") == "maze.hpp".
inline std::string asciiLower(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return lower;
}

/// Whether `text` ends with `end`: endsWith("maze.hpp.txt", ".txt").
inline bool endsWith(std::string_view text, std::string_view end) {
  return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

/// Whether `text` is a small number a person types: 1 to 4 digits, nothing else.
/// isNumber("07") == true; isNumber("7a") == false; isNumber("") == false.
inline bool isNumber(std::string_view text) {
  if (text.empty() || text.size() > 4) return false;
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

}  // namespace common
