// Text formats: every format round-trips, and the readers reject malformed input with the
// line and column, never crashing or looping (a seeded fuzz run checks that too).
#include <catch2/catch.hpp>

#include <string>

#include "maze/generators.hpp"
#include "maze/random.hpp"
#include "maze/text_format.hpp"

using maze::Grid;
using maze::ParseError;
using maze::TextFormat;

namespace {

const TextFormat formats[] = {TextFormat::hash, TextFormat::fullBlock, TextFormat::plusMinus,
                              TextFormat::boxDrawing};

/// Runs the reader and returns the error's "line L, column C: ..." text, or "" if it read.
std::string errorOf(const std::string& text, TextFormat f) {
  try {
    maze::fromText(text, f);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("every format reads back what it wrote, for perfect and braided mazes", "[maze][text]") {
  for (TextFormat f : formats) {
    for (auto [rows, cols] : {std::pair{1, 1}, {1, 7}, {6, 1}, {5, 8}, {23, 31}}) {
      Grid grid = maze::generate(maze::Algorithm::wilson, rows, cols, 12);
      maze::Random random(1);
      maze::braid(grid, 0.5, random);
      INFO(maze::formatName(f) << " " << rows << "x" << cols);
      const std::string text = maze::toText(grid, f);
      CHECK(maze::fromText(text, f) == grid);
      CHECK(maze::fromText(text) == grid);  // and the format is recognised
    }
  }
}

TEST_CASE("the hash format is mazelib's and Daedalus's picture: a # for each wall",
          "[maze][text]") {
  Grid grid(2, 3);
  grid.open({0, 0}, maze::Direction::east);
  grid.open({0, 1}, maze::Direction::east);
  grid.open({0, 2}, maze::Direction::south);
  grid.open({1, 2}, maze::Direction::west);
  grid.open({1, 1}, maze::Direction::west);
  CHECK(maze::toText(grid, TextFormat::hash) ==
        "#######\n"
        "#     #\n"
        "##### #\n"
        "#     #\n"
        "#######\n");
  CHECK(maze::toText(grid, TextFormat::plusMinus) ==
        "+---+---+---+\n"
        "|           |\n"
        "+---+---+   +\n"
        "|           |\n"
        "+---+---+---+\n");
  CHECK(maze::toText(grid, TextFormat::boxDrawing) ==
        "┌───────────┐\n"
        "│           │\n"
        "├───────╴   │\n"
        "│           │\n"
        "└───────────┘\n");
  CHECK(maze::toText(grid, TextFormat::fullBlock) ==
        "███████\n"
        "█     █\n"
        "█████ █\n"
        "█     █\n"
        "███████\n");
}

TEST_CASE("readers accept CRLF line ends and a missing final newline", "[maze][text]") {
  const Grid grid = maze::generate(maze::Algorithm::kruskal, 3, 4, 2);
  for (TextFormat f : formats) {
    std::string text = maze::toText(grid, f);
    std::string crlf;
    for (char ch : text) crlf += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
    CHECK(maze::fromText(crlf, f) == grid);
    text.pop_back();
    CHECK(maze::fromText(text, f) == grid);
  }
}

TEST_CASE("malformed text is rejected with the line and column of the fault", "[maze][text]") {
  const std::string good = "#####\n#   #\n#####\n";
  REQUIRE(errorOf(good, TextFormat::hash).empty());
  CHECK(errorOf("", TextFormat::hash) ==
        "line 1, column 1: the maze text is empty; a maze has at least 3 lines");
  CHECK(errorOf("#####\n#   #\n####\n", TextFormat::hash) ==
        "line 3, column 5: this line is 4 characters long, but the first is 5: every line of a "
        "maze is equally long");
  CHECK(errorOf("#####\n#   ##\n#####\n", TextFormat::hash) ==
        "line 2, column 6: this line is 6 characters long, but the first is 5: every line of a "
        "maze is equally long");
  CHECK(errorOf("#####\n# @ #\n#####\n", TextFormat::hash) ==
        "line 2, column 3: found '@' between two cells; expected '#' for a wall or ' ' for an "
        "opening");
  CHECK(errorOf("#####\n#  x#\n#####\n", TextFormat::hash) ==
        "line 2, column 4: found 'x' inside a cell; a cell is ' '");
  CHECK(errorOf("# ###\n#   #\n#####\n", TextFormat::hash) ==
        "line 1, column 2: the border has a gap; the outside wall must be closed");
  CHECK(errorOf("#####\n    #\n#####\n", TextFormat::hash) ==
        "line 2, column 1: the border has a gap; the outside wall must be closed");
  CHECK(errorOf("####\n#  #\n####\n", TextFormat::hash) ==
        "line 1, column 1: the first line is 4 characters long; a hash maze line has "
        "2×columns+1 characters (3, 5, 7, ...)");
  CHECK(errorOf("#####\n#   #\n", TextFormat::hash) ==
        "line 2, column 1: the text has 2 lines; a maze has 2×rows+1 lines (3, 5, 7, ...)");
  CHECK(errorOf("#####\n# \t #\n#####\n", TextFormat::hash) ==
        "line 2, column 3: found U+0009 between two cells; expected '#' for a wall or ' ' for an "
        "opening");
  CHECK(errorOf("#####\n#  \xff#\n#####\n", TextFormat::hash) ==
        "line 2, column 4: the text is not valid UTF-8 (byte 0xFF)");
  CHECK(errorOf("## ##\n#   #\n#####\n", TextFormat::hash) ==
        "line 1, column 3: found ' ' where a corner '#' belongs");
}

TEST_CASE("line formats reject half-open walls and corners that do not fit", "[maze][text]") {
  CHECK(errorOf("+---+---+\n|       |\n+-- +---+\n|       |\n+---+---+\n", TextFormat::plusMinus) ==
        "line 3, column 4: a wall segment is half open: all 3 characters must be '-' or all ' '");
  CHECK(
      errorOf("┌───┬───┐\n│       │\n└───┴───┘\n", TextFormat::boxDrawing) ==
      "line 1, column 5: corner '┬' does not match the walls that meet there, which call for '─'");
  CHECK(errorOf("+---+\n|   |\n+---+\n", TextFormat::boxDrawing)
            .find("line 1, column 2: found '-' in a wall line") == 0);
}

TEST_CASE("huge dimensions are refused before memory is taken", "[maze][text]") {
  const std::string wide = std::string(20001, '#') + "\n#" + std::string(19999, ' ') + "#\n" +
                           std::string(20001, '#') + "\n";
  maze::ReadLimits limits;
  limits.maxCells = 5000;
  CHECK_THROWS_WITH(maze::fromText(wide, TextFormat::hash, limits),
                    "line 1, column 1: the maze is 1×10000 cells, more than the 5000 cells this "
                    "reader accepts");
  CHECK(maze::fromText(wide, TextFormat::hash).cols() == 10000);  // the default limit allows it
}

TEST_CASE("the format is recognised from the first character, or the error says which exist",
          "[maze][text]") {
  CHECK_THROWS_WITH(maze::fromText("hello\n"),
                    "line 1, column 1: cannot tell the maze format from its first character 'h'; "
                    "a maze starts with '#', '█', '+' or '┌'");
  CHECK_THROWS_AS(maze::fromText(""), ParseError);
  CHECK(maze::formatFromName("box-drawing") == TextFormat::boxDrawing);
  CHECK_THROWS_WITH(maze::formatFromName("ascii"),
                    "unknown maze text format 'ascii'; the formats are: hash, full-block, "
                    "plus-minus, box-drawing");
}

TEST_CASE("fuzz: mutated and random texts either read as a maze or raise ParseError",
          "[maze][text][fuzz]") {
  maze::Random random(2718);
  const char alphabet[] = "#+-| \n\r\xe2\x94\x80\x82\x8c\xe2\x96\x88x";
  int readable = 0;
  int rejected = 0;
  for (int round = 0; round < 3000; ++round) {
    const TextFormat f = formats[random.below(4)];
    const Grid grid =
        maze::generate(maze::Algorithm::kruskal, 1 + static_cast<int>(random.below(6)),
                       1 + static_cast<int>(random.below(6)), round);
    std::string text = maze::toText(grid, f);
    const int edits = 1 + static_cast<int>(random.below(4));
    for (int e = 0; e < edits && !text.empty(); ++e) {
      const std::size_t at = random.below(static_cast<std::uint32_t>(text.size()));
      switch (random.below(4)) {
        case 0:
          text[at] = alphabet[random.below(sizeof alphabet - 1)];
          break;
        case 1:
          text.erase(at, 1 + random.below(3));
          break;
        case 2:
          text.insert(at, 1, alphabet[random.below(sizeof alphabet - 1)]);
          break;
        default:
          text[at] = static_cast<char>(random.below(256));
          break;
      }
    }
    try {
      const Grid read = maze::fromText(text, f);
      CHECK(maze::fromText(maze::toText(read, f), f) == read);
      ++readable;
    } catch (const ParseError& e) {
      CHECK(e.line() >= 1);
      CHECK(e.column() >= 1);
      ++rejected;
    }
  }
  CHECK(rejected > 2000);  // the mutations really do break most texts
  CHECK(readable > 0);     // and some still read (a wall opened or closed is still a maze)
}
