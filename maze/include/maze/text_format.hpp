#pragma once
// Mazes as text, written and read. Four formats, shown here for the same 2 × 3 maze:
//
//   TextFormat::hash         TextFormat::fullBlock   TextFormat::plusMinus   TextFormat::boxDrawing
//   (as mazelib and          (block characters)      (as Jamis Buck's        (Unicode lines)
//    Daedalus write it)                               book draws it)
//   #######                  ███████                 +---+---+---+           ┌───┬───────┐
//   # #   #                  █ █   █                 |   |       |           │   │       │
//   # # # #                  █ █ █ █                 +   +   +   +           │   ╵   ╷   │
//   #   # #                  █   █ █                 |       |   |           │       │   │
//   #######                  ███████                 +---+---+---+           └───────┴───┘
//
// In the two block formats each cell and each wall is one character; in the two line formats
// a cell is three characters wide. Readers check everything (line lengths, every character,
// the closed border, and for box drawing that each corner matches its walls) and reject bad
// input with a ParseError naming the line and column, in linear time.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include "maze/grid.hpp"

namespace maze {

enum class TextFormat {
  hash,        ///< '#' walls, ' ' passages, (2·rows+1) lines of (2·cols+1) characters
  fullBlock,   ///< as hash, with '█' (U+2588) for walls
  plusMinus,   ///< '+' corners, "---" and '|' walls, three spaces per cell
  boxDrawing,  ///< as plusMinus, drawn with box-drawing lines (┌ ─ ┐ │ ├ ┼ ...)
};

/// "hash", "full-block", "plus-minus" or "box-drawing".
std::string formatName(TextFormat format);
/// The format with that name; std::invalid_argument listing the names otherwise.
TextFormat formatFromName(std::string_view name);

/// Malformed maze text. what() reads "line 3, column 7: ..."; line() and column() count
/// from 1, columns in characters (not bytes).
class ParseError : public std::runtime_error {
 public:
  ParseError(std::size_t line, std::size_t column, const std::string& problem);
  std::size_t line() const { return line_; }
  std::size_t column() const { return column_; }

 private:
  std::size_t line_;
  std::size_t column_;
};

/// How big a maze a reader accepts: text from outside is checked before memory is taken.
struct ReadLimits {
  std::size_t maxCells = std::size_t{1} << 24;  ///< 16.7 million cells, e.g. 4096 × 4096
};

/// The maze as text, each line ending in '\n', UTF-8.
std::string toText(const Grid& grid, TextFormat format);
/// Reads a maze written in `format`. Accepts "\r\n" line ends and a missing last newline.
/// Throws ParseError for anything else that is not exactly a maze in that format.
Grid fromText(std::string_view text, TextFormat format, const ReadLimits& limits = {});
/// Reads a maze in whichever format its first character shows ('#', '█', '+' or '┌').
Grid fromText(std::string_view text, const ReadLimits& limits = {});

}  // namespace maze
