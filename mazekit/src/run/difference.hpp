#pragma once
// What a failed comparison of two texts or two sequences returned, beside what was expected:
// the two values as Catch2 wrote them ("with expansion"), read back and set side by side line
// by line, so that a student sees where their text or their grid differs, not a squeezed line
// cut with "...".

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace mazekit::run {

/// The lines that show how the two sides of a failed check differ, or nothing when the check
/// is not a comparison of two texts or two sequences (a number, a bool: its one-line
/// "with values" says it all).
///
/// `expression` is the check's expression as written (`firstLines(m.toText(2), 7) == "###\n"`),
/// `values` Catch2's expansion of it (`"# #\n"\n==\n"###\n"`). A side written as a literal is
/// "expected"; the other is named by its expression.
///
/// Texts: both shown line by line with line numbers, spaces as '·', the first line that differs
/// marked with '>'; a long text shows only the lines around that one (`context` either side)
/// unless `full`. Sequences of sequences (a maze's matrix): the first row and column where they
/// differ and both values there. Sequences: the first position where they differ.
///
///   describeDifference("a == \"x y\\n\"", "\"x  y\n\"\n==\n\"x y\n\"")
///     → { "a is not the text expected: line 1 differs (· is a space)",
///         "  expected:", "  >  1 | x·y", "  a:", "  >  1 | x··y" }
std::optional<std::vector<std::string>> describeDifference(const std::string& expression,
                                                           const std::string& values,
                                                           bool full = false,
                                                           std::size_t context = 3);

/// The check's expression for one line: a side written as a long literal (the expected text,
/// which describeDifference shows line by line) is said as "expected".
///   shortExpression("m.toText() == \"###\\n\" \"# #\\n\" ...") == "m.toText() == expected"
std::string shortExpression(const std::string& expression);

/// A line of text with its spaces made visible ('·'), tabs as '→', and other control
/// characters escaped, so that a terminal shows exactly what is in it.
std::string visibleSpaces(const std::string& line);

}  // namespace mazekit::run
