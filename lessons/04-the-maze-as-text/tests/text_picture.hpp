#pragma once
// The picture of a lesson 4 step is text: lesson::textPicture(text) writes it on a white
// screen, line under line, in a font whose letters are all one width, sized to fit.

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include <lesson_picture.hpp>
#include <turtle/turtle.hpp>

namespace lesson {

// Characters in UTF-8 text: a byte that starts a character is not 10xxxxxx.
inline std::size_t charactersIn(const std::string& text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

inline void textPicture(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  std::size_t widest = 1;
  for (const std::string& line : lines) widest = std::max(widest, charactersIn(line));
  // A letter of DejaVu Sans Mono is 0.6 of the font's size wide; a line 1.2 of it high. Sizes
  // are in points: 3 pixels for every 4 points.
  const double lineHeight =
      std::min(380.0 / std::max<std::size_t>(lines.size(), 1), 380.0 / widest / 0.6 * 1.2);
  const double points = lineHeight / 1.2 * 0.75;

  turtle::Screen screen;
  screen.bgcolor("white");
  turtle::Turtle pen(screen);
  pen.hideturtle();
  pen.penup();
  pen.color("black");
  for (std::size_t i = 0; i < lines.size(); ++i) {
    pen.goTo(-190, 190 - lineHeight * static_cast<double>(i + 1));
    pen.write(lines[i], "left", turtle::Font{"DejaVu Sans Mono", points, "normal"});
  }
  picture(screen);
}

}  // namespace lesson
