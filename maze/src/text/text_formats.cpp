// Writing and reading the four text formats. All four draw the same picture: a grid of
// corners, wall segments and cell bodies, (2·rows + 1) lines high. They differ only in the
// characters used and in how wide a cell body is (1 or 3 characters), so one writer and one
// reader serve them all, driven by a small table.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "maze/text_format.hpp"

namespace maze {

namespace {

struct Style {
  TextFormat format;
  const char* name;
  std::size_t bodyWidth;  // characters per cell body and per horizontal wall segment
  char32_t horizontal;    // a closed wall between a cell and the one below
  char32_t vertical;      // a closed wall between a cell and the one to its right
  char32_t corner;        // 0: chosen from the walls meeting there (box drawing)
};

constexpr Style styles[] = {
    {TextFormat::hash, "hash", 1, U'#', U'#', U'#'},
    {TextFormat::fullBlock, "full-block", 1, U'\u2588', U'\u2588', U'\u2588'},
    {TextFormat::plusMinus, "plus-minus", 3, U'-', U'|', U'+'},
    {TextFormat::boxDrawing, "box-drawing", 3, U'\u2500', U'\u2502', 0},
};

const Style& styleOf(TextFormat format) {
  for (const Style& s : styles) {
    if (s.format == format) return s;
  }
  throw std::invalid_argument("unknown text format number " +
                              std::to_string(static_cast<int>(format)));
}

// Box-drawing corners, indexed by the walls that meet there: up 1, down 2, left 4, right 8.
constexpr char32_t boxCorners[16] = {
    U' ',      U'\u2575', U'\u2577', U'\u2502', U'\u2574', U'\u2518', U'\u2510', U'\u2524',
    U'\u2576', U'\u2514', U'\u250C', U'\u251C', U'\u2500', U'\u2534', U'\u252C', U'\u253C',
};

/// Which walls meet at corner (r, c): r from 0 to rows, c from 0 to cols.
unsigned cornerWalls(const Grid& g, int r, int c) {
  const int rows = g.rows();
  const int cols = g.cols();
  auto verticalClosed = [&](int row) {  // the wall left of cell (row, c)
    return c == 0 || c == cols || !g.isOpen({row, c - 1}, Direction::east);
  };
  auto horizontalClosed = [&](int col) {  // the wall above cell (r, col)
    return r == 0 || r == rows || !g.isOpen({r - 1, col}, Direction::south);
  };
  unsigned walls = 0;
  if (r > 0 && verticalClosed(r - 1)) walls |= 1U;
  if (r < rows && verticalClosed(r)) walls |= 2U;
  if (c > 0 && horizontalClosed(c - 1)) walls |= 4U;
  if (c < cols && horizontalClosed(c)) walls |= 8U;
  return walls;
}

char32_t cornerGlyph(const Style& s, const Grid& g, int r, int c) {
  return s.corner != 0 ? s.corner : boxCorners[cornerWalls(g, r, c)];
}

void appendUtf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

std::string shown(char32_t c) {
  if (c >= 0x20 && c != 0x7F && !(c >= 0x80 && c < 0xA0)) {
    std::string s = "'";
    appendUtf8(s, c);
    return s + "'";
  }
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned>(c));
  return buffer;
}

/// One line of the input, decoded to characters.
struct Line {
  std::vector<char32_t> chars;
};

/// Splits UTF-8 text into lines, one at a time, checking the encoding as it goes.
class LineReader {
 public:
  explicit LineReader(std::string_view text) : text_(text) {}
  bool done() const { return pos_ >= text_.size(); }
  std::size_t lineNumber() const { return lineNumber_; }

  /// The next line, without its "\n" or "\r\n". Throws ParseError on bad UTF-8.
  void next(Line& line) {
    line.chars.clear();
    ++lineNumber_;
    while (pos_ < text_.size()) {
      const auto byte = static_cast<unsigned char>(text_[pos_]);
      if (byte == '\n') {
        ++pos_;
        break;
      }
      if (byte == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') {
        pos_ += 2;
        break;
      }
      line.chars.push_back(decode(line.chars.size() + 1));
    }
  }

 private:
  char32_t decode(std::size_t column) {
    const auto lead = static_cast<unsigned char>(text_[pos_]);
    std::size_t length = 0;
    char32_t c = 0;
    if (lead < 0x80) {
      ++pos_;
      return lead;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
      c = lead & 0x1FU;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      c = lead & 0x0FU;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      c = lead & 0x07U;
    } else {
      throw badByte(column, lead);
    }
    if (pos_ + length > text_.size()) throw badByte(column, lead);
    for (std::size_t k = 1; k < length; ++k) {
      const auto b = static_cast<unsigned char>(text_[pos_ + k]);
      if ((b & 0xC0U) != 0x80U) throw badByte(column, b);
      c = (c << 6) | (b & 0x3FU);
    }
    const bool overlong = (length == 3 && c < 0x800) || (length == 4 && c < 0x10000);
    if (overlong || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) throw badByte(column, lead);
    pos_ += length;
    return c;
  }

  ParseError badByte(std::size_t column, unsigned byte) const {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "0x%02X", byte);
    return ParseError(lineNumber_, column,
                      std::string("the text is not valid UTF-8 (byte ") + buffer + ")");
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t lineNumber_ = 0;
};

/// Lines in the text, not counting an empty piece after a final newline.
std::size_t countLines(std::string_view text) {
  if (text.empty()) return 0;
  std::size_t lines = 0;
  for (char ch : text) lines += ch == '\n' ? 1 : 0;
  if (text.back() != '\n') ++lines;
  return lines;
}

/// Characters in the first line, without decoding errors (those come later, with position).
std::size_t firstLineLength(std::string_view text) {
  std::size_t n = 0;
  for (char ch : text) {
    if (ch == '\n') break;
    if ((static_cast<unsigned char>(ch) & 0xC0U) != 0x80U) ++n;  // count lead bytes only
  }
  if (n > 0 && text.find('\n') != std::string_view::npos) {
    const std::size_t end = text.find('\n');
    if (end > 0 && text[end - 1] == '\r') --n;
  }
  return n;
}

std::string expectedChars(char32_t wall) {
  return shown(wall) + " for a wall or ' ' for an opening";
}

}  // namespace

ParseError::ParseError(std::size_t line, std::size_t column, const std::string& problem)
    : std::runtime_error("line " + std::to_string(line) + ", column " + std::to_string(column) +
                         ": " + problem),
      line_(line),
      column_(column) {}

std::string formatName(TextFormat format) { return styleOf(format).name; }

TextFormat formatFromName(std::string_view name) {
  std::string known;
  for (const Style& s : styles) {
    if (name == s.name) return s.format;
    known += known.empty() ? "" : ", ";
    known += s.name;
  }
  throw std::invalid_argument("unknown maze text format '" + std::string(name) +
                              "'; the formats are: " + known);
}

std::string toText(const Grid& grid, TextFormat format) {
  const Style& s = styleOf(format);
  const int rows = grid.rows();
  const int cols = grid.cols();
  std::string out;
  out.reserve(static_cast<std::size_t>(2 * rows + 1) *
              (static_cast<std::size_t>(cols) * (s.bodyWidth + 1) * 3 + 2));
  for (int r = 0; r <= rows; ++r) {
    // The line of corners and horizontal walls above row r.
    for (int c = 0; c <= cols; ++c) {
      appendUtf8(out, cornerGlyph(s, grid, r, c));
      if (c == cols) break;
      const bool closed = r == 0 || r == rows || !grid.isOpen({r - 1, c}, Direction::south);
      for (std::size_t k = 0; k < s.bodyWidth; ++k) appendUtf8(out, closed ? s.horizontal : U' ');
    }
    out += '\n';
    if (r == rows) break;
    // The line of cells of row r, with the vertical walls between them.
    for (int c = 0; c <= cols; ++c) {
      const bool closed = c == 0 || c == cols || !grid.isOpen({r, c - 1}, Direction::east);
      appendUtf8(out, closed ? s.vertical : U' ');
      if (c == cols) break;
      out.append(s.bodyWidth, ' ');
    }
    out += '\n';
  }
  return out;
}

namespace {

// The maze's size in cells from its text's first line and its count of lines, checked against
// the format and the reader's limit.
struct TextShape {
  std::size_t lineCount = 0;
  std::size_t width = 0;  ///< characters a line
  std::size_t rows = 0;
  std::size_t cols = 0;
};

TextShape shapeOf(std::string_view text, const Style& s, const ReadLimits& limits) {
  const std::size_t step = s.bodyWidth + 1;
  TextShape shape;
  shape.lineCount = countLines(text);
  if (shape.lineCount == 0) {
    throw ParseError(1, 1, "the maze text is empty; a maze has at least 3 lines");
  }
  shape.width = firstLineLength(text);
  if (shape.width < step + 1 || (shape.width - 1) % step != 0) {
    throw ParseError(1, 1,
                     "the first line is " + std::to_string(shape.width) + " characters long; a " +
                         s.name + " maze line has " + std::to_string(step) +
                         "×columns+1 characters (" + std::to_string(step + 1) + ", " +
                         std::to_string(2 * step + 1) + ", " + std::to_string(3 * step + 1) +
                         ", ...)");
  }
  if (shape.lineCount < 3 || shape.lineCount % 2 == 0) {
    throw ParseError(shape.lineCount, 1,
                     "the text has " + std::to_string(shape.lineCount) +
                         " lines; a maze has 2×rows+1 lines (3, 5, 7, ...)");
  }
  shape.rows = (shape.lineCount - 1) / 2;
  shape.cols = (shape.width - 1) / step;
  const auto maxCells = std::min<std::size_t>(limits.maxCells, Grid::maxCells);
  if (shape.cols > maxCells / shape.rows) {
    throw ParseError(1, 1,
                     "the maze is " + std::to_string(shape.rows) + "×" +
                         std::to_string(shape.cols) + " cells, more than the " +
                         std::to_string(maxCells) + " cells this reader accepts");
  }
  return shape;
}

// Line y of the text: its walls opened in `grid`, each character checked against the format.
// About 65 lines: one rule a kind of character (corner, wall, gap, cell), in a line's order.
void readLine(Grid& grid, const Style& s, const TextShape& shape, const Line& line, std::size_t y) {
  const std::size_t step = s.bodyWidth + 1;
  const std::size_t width = shape.width;
  const std::size_t lineNo = y + 1;
  if (line.chars.size() != width) {
    throw ParseError(lineNo, std::min(line.chars.size(), width) + 1,
                     "this line is " + std::to_string(line.chars.size()) +
                         " characters long, but the first is " + std::to_string(width) +
                         ": every line of a maze is equally long");
  }
  const bool wallLine = y % 2 == 0;
  const bool borderLine = y == 0 || y + 1 == shape.lineCount;
  for (std::size_t x = 0; x < width; ++x) {
    const char32_t ch = line.chars[x];
    const std::size_t column = x + 1;
    const bool onGridLine = x % step == 0;  // a corner or a vertical wall
    const bool borderColumn = x == 0 || x + 1 == width;
    const auto r = static_cast<int>(y / 2);
    const auto c = static_cast<int>(x / step);
    if (wallLine && onGridLine) {
      if (s.corner != 0 && ch != s.corner) {
        throw ParseError(lineNo, column,
                         "found " + shown(ch) + " where a corner " + shown(s.corner) + " belongs");
      }
      continue;  // box-drawing corners are checked once the walls are known
    }
    if (wallLine) {  // part of the horizontal wall above row r, below row r - 1
      const bool firstOfSegment = x % step == 1;
      const char32_t first = line.chars[x - x % step + 1];
      if (ch != s.horizontal && ch != U' ') {
        throw ParseError(
            lineNo, column,
            "found " + shown(ch) + " in a wall line; expected " + expectedChars(s.horizontal));
      }
      if (!firstOfSegment && ch != first) {
        throw ParseError(lineNo, column,
                         "a wall segment is half open: all " + std::to_string(s.bodyWidth) +
                             " characters must be " + shown(s.horizontal) + " or all ' '");
      }
      if (ch == U' ') {
        if (borderLine) {
          throw ParseError(lineNo, column, "the border has a gap; the outside wall must be closed");
        }
        if (firstOfSegment) grid.open({r - 1, c}, Direction::south);
      }
      continue;
    }
    if (onGridLine) {  // a vertical wall left of cell (r, c)
      if (ch != s.vertical && ch != U' ') {
        throw ParseError(
            lineNo, column,
            "found " + shown(ch) + " between two cells; expected " + expectedChars(s.vertical));
      }
      if (ch == U' ') {
        if (borderColumn) {
          throw ParseError(lineNo, column, "the border has a gap; the outside wall must be closed");
        }
        grid.open({r, c - 1}, Direction::east);
      }
      continue;
    }
    if (ch != U' ') {
      throw ParseError(lineNo, column, "found " + shown(ch) + " inside a cell; a cell is ' '");
    }
  }
}

// A box-drawing style's corners: now that every wall is known, each corner must be the one its
// walls call for.
void checkCorners(std::string_view text, const Style& s, const TextShape& shape, const Grid& grid) {
  const std::size_t step = s.bodyWidth + 1;
  LineReader again(text);
  Line line;
  for (std::size_t y = 0; y < shape.lineCount; ++y) {
    again.next(line);
    if (y % 2 != 0) continue;
    for (std::size_t x = 0; x < shape.width; x += step) {
      const char32_t want =
          cornerGlyph(s, grid, static_cast<int>(y / 2), static_cast<int>(x / step));
      if (line.chars[x] != want) {
        throw ParseError(y + 1, x + 1,
                         "corner " + shown(line.chars[x]) +
                             " does not match the walls that meet there, which call for " +
                             shown(want));
      }
    }
  }
}

}  // namespace

Grid fromText(std::string_view text, TextFormat format, const ReadLimits& limits) {
  const Style& s = styleOf(format);
  const TextShape shape = shapeOf(text, s, limits);
  Grid grid(static_cast<int>(shape.rows), static_cast<int>(shape.cols));
  LineReader reader(text);
  Line line;
  for (std::size_t y = 0; y < shape.lineCount; ++y) {
    reader.next(line);
    readLine(grid, s, shape, line, y);
  }
  if (s.corner == 0) checkCorners(text, s, shape, grid);
  return grid;
}

Grid fromText(std::string_view text, const ReadLimits& limits) {
  if (text.empty()) throw ParseError(1, 1, "the maze text is empty; a maze has at least 3 lines");
  if (text[0] == '#') return fromText(text, TextFormat::hash, limits);
  if (text[0] == '+') return fromText(text, TextFormat::plusMinus, limits);
  LineReader reader(text);
  Line first;
  reader.next(first);  // decodes the first line, so bad UTF-8 is reported with its place
  const char32_t c = first.chars.empty() ? U'\n' : first.chars[0];
  if (c == U'\u2588') return fromText(text, TextFormat::fullBlock, limits);
  if (c == U'\u250C') return fromText(text, TextFormat::boxDrawing, limits);
  throw ParseError(1, 1,
                   "cannot tell the maze format from its first character " + shown(c) +
                       "; a maze starts with '#', '█', '+' or '┌'");
}

}  // namespace maze
