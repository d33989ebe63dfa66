// A failed comparison's two sides set beside each other (run/difference.hpp): texts line by
// line with their spaces visible and the first differing line marked, never cut mid-line;
// grids by their first differing row and column; sequences by their first differing position.
// The values are written as Catch2 writes them (its own stringify, where it can be called).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "run/difference.hpp"

using mazekit::run::describeDifference;
using mazekit::run::shortExpression;
using mazekit::run::visibleSpaces;
using Lines = std::vector<std::string>;

namespace {

// Catch2's expansion of `a == b` for two texts: on one line when short, else on three.
std::string expansion(const std::string& a, const std::string& b) {
  const std::string left = Catch::Detail::stringify(a);
  const std::string right = Catch::Detail::stringify(b);
  const bool oneLine = left.size() + right.size() < 40 && left.find('\n') == std::string::npos &&
                       right.find('\n') == std::string::npos;
  return left + (oneLine ? " == " : "\n==\n") + right;
}

std::string numberedLines(int count, int changed) {
  std::string text;
  for (int i = 1; i <= count; ++i)
    text += (i == changed ? "line  " : "line ") + std::to_string(i) + "\n";
  return text;
}

}  // namespace

TEST_CASE("a text that differs is shown line by line beside the expected one, spaces visible",
          "[mazekit][difference]") {
  const std::string expression = R"(firstLines(m.toText(2), 7) == "###\n" "#  \n")";
  const auto lines = describeDifference(expression, expansion("###\n# #\n", "###\n#  \n"));
  REQUIRE(lines);
  CHECK(*lines == Lines{"firstLines(m.toText(2), 7) is not the text expected: line 2 differs "
                        "(\u00b7 is a space)",
                        "expected:", "     1 | ###", "  >  2 | #\u00b7\u00b7",
                        "firstLines(m.toText(2), 7):", "     1 | ###", "  >  2 | #\u00b7#"});
  // The expected side comes first whichever side of == it is written on.
  const auto swapped =
      describeDifference(R"("###\n" "#  \n" == m.toText())", expansion("###\n#  \n", "###\n# #\n"));
  REQUIRE(swapped);
  CHECK(swapped->at(1) == "expected:");
  CHECK(swapped->at(4) == "m.toText():");
}

TEST_CASE("a long text shows the lines around the first difference, or all of them in full",
          "[mazekit][difference]") {
  const std::string expected = numberedLines(30, 0);
  const std::string returned = numberedLines(30, 20);
  const auto lines = describeDifference("text() == expected", expansion(returned, expected));
  REQUIRE(lines);
  CHECK(lines->front() == "text() is not the text expected: line 20 differs (\u00b7 is a space)");
  CHECK(lines->at(1) == "expected: (lines 17 to 23 of 30)");
  CHECK(lines->at(2) == "    17 | line\u00b717");
  CHECK(lines->at(5) == "  > 20 | line\u00b720");
  CHECK(lines->at(9) == "text(): (lines 17 to 23 of 30)");
  CHECK(lines->at(13) == "  > 20 | line\u00b7\u00b720");
  CHECK(lines->size() == 1 + 2 * (1 + 7));
  const auto whole = describeDifference("text() == expected", expansion(returned, expected), true);
  REQUIRE(whole);
  CHECK(whole->size() == 1 + 2 * (1 + 30));
}

TEST_CASE("texts that differ in their line count or only in the last newline say so",
          "[mazekit][difference]") {
  const auto shorter = describeDifference(R"(t() == "a\n" "b\n")", expansion("a\n", "a\nb\n"));
  REQUIRE(shorter);
  CHECK(shorter->front() ==
        "t() is not the text expected: line 2 differs (\u00b7 is a space); expected has 2 lines, "
        "t() 1");
  CHECK(std::find(shorter->begin(), shorter->end(), "  >      (no line 2)") != shorter->end());
  const auto newline = describeDifference(R"(t() == "a\nb\n")", expansion("a\nb", "a\nb\n"));
  REQUIRE(newline);
  CHECK(*newline == Lines{"t() is not the text expected: only the newline at the end differs "
                          "(expected ends with one, t() has none)"});
}

TEST_CASE("two grids that differ are told apart by their first differing row and column",
          "[mazekit][difference]") {
  const std::vector<std::vector<int>> dug = {{0, 1, 1}, {0, 0, 1}, {1, 0, 0}};
  const std::vector<std::vector<int>> expected = {{0, 1, 1}, {0, 1, 1}, {1, 0, 1}};
  const std::string values =
      Catch::Detail::stringify(dug) + "\n==\n" + Catch::Detail::stringify(expected);
  const auto lines = describeDifference("yours.matrix == theirs.matrix", values);
  REQUIRE(lines);
  CHECK(*lines == Lines{"yours.matrix and theirs.matrix first differ at row 1, column 1 "
                        "(counting from 0): yours.matrix has 0, theirs.matrix has 1; 2 squares "
                        "differ in all"});
}

TEST_CASE("two sequences that differ are told apart by their first differing position",
          "[mazekit][difference]") {
  const std::vector<std::string> way = {"(0, 0)", "(1, 0)"};
  const std::vector<std::string> expected = {"(0, 0)", "(0, 1)", "(1, 1)"};
  const std::string values =
      Catch::Detail::stringify(way) + "\n==\n" + Catch::Detail::stringify(expected);
  const auto lines = describeDifference("m.solve() == expected", values);
  REQUIRE(lines);
  CHECK(*lines == Lines{"m.solve() and expected first differ at position 1 (counting from 0): "
                        "m.solve() has \"(1, 0)\", expected has \"(0, 1)\"",
                        "m.solve() has 2 items, expected has 3 items"});
}

TEST_CASE("a comparison of numbers or of equal-looking values is left to its one line",
          "[mazekit][difference]") {
  CHECK_FALSE(describeDifference("m.getMatrixValueAt(0, 0) == WALL", "0 == 1"));
  CHECK_FALSE(describeDifference("isWall()", "false"));
  CHECK_FALSE(describeDifference("a == b", "\"x\" == \"x\""));
}

TEST_CASE("a long literal in the check's expression is said as expected", "[mazekit][difference]") {
  CHECK(shortExpression(R"(firstLines(m.toText(2), 7) == "#####################\n" "#   #\n")") ==
        "firstLines(m.toText(2), 7) == expected");
  CHECK(shortExpression("a.matrix == b.matrix") == "a.matrix == b.matrix");
  CHECK(visibleSpaces("a b\tc\x1b") == "a\u00b7b\u2192c\\x1b");
}
