#include "kit/step_changes.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

#include "common/files.hpp"
#include "common/lines.hpp"

namespace mazekit {
namespace {

struct DiffLine {
  char mark;  // ' ', '-' or '+'
  const std::string* text;
};

// The longest common subsequence of lines, walked from the start: the classic table of the
// lengths of the common subsequences of each pair of suffixes.
std::vector<DiffLine> diff(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  const std::size_t n = a.size();
  const std::size_t m = b.size();
  std::vector<std::vector<int>> common(n + 1, std::vector<int>(m + 1, 0));
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t j = m; j-- > 0;) {
      common[i][j] =
          a[i] == b[j] ? common[i + 1][j + 1] + 1 : std::max(common[i + 1][j], common[i][j + 1]);
    }
  }
  std::vector<DiffLine> lines;
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) {
      lines.push_back({' ', &a[i]});
      ++i;
      ++j;
    } else if (i < n && (j == m || common[i + 1][j] >= common[i][j + 1])) {
      lines.push_back({'-', &a[i++]});  // what went comes before what replaced it
    } else {
      lines.push_back({'+', &b[j++]});
    }
  }
  return lines;
}

}  // namespace

std::string lineDiff(const std::string& before, const std::string& after, int context) {
  if (before == after) return "";
  const std::vector<std::string> a = common::splitLines(before);
  const std::vector<std::string> b = common::splitLines(after);
  const std::vector<DiffLine> lines = diff(a, b);
  // Each unchanged line within `context` lines of a change is kept.
  std::vector<bool> keep(lines.size(), false);
  const auto reach = static_cast<std::ptrdiff_t>(std::max(context, 0));
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (lines[k].mark == ' ') continue;
    const auto at = static_cast<std::ptrdiff_t>(k);
    const auto last = static_cast<std::ptrdiff_t>(lines.size()) - 1;
    for (std::ptrdiff_t c = std::max<std::ptrdiff_t>(0, at - reach);
         c <= std::min(last, at + reach); ++c)
      keep[static_cast<std::size_t>(c)] = true;
  }
  std::string text;
  bool skipping = false;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    if (!keep[k]) {
      if (!skipping) text += "  ...\n";
      skipping = true;
      continue;
    }
    skipping = false;
    text += lines[k].mark;
    text += ' ';
    text += *lines[k].text;
    text += '\n';
  }
  return text;
}

std::string stepChanges(const Lesson& lesson, const Step& step) {
  if (step.number < 2 || static_cast<std::size_t>(step.number) > lesson.steps.size()) return "";
  const Step& before = lesson.steps[static_cast<std::size_t>(step.number) - 2];
  if (before.solution == step.solution) return "";
  std::string changes;
  for (const std::string& file : lesson.files) {
    const std::string diff = lineDiff(common::readFileOrEmpty(before.solution / file),
                                      common::readFileOrEmpty(step.solution / file));
    if (!diff.empty()) changes += file + ":\n" + diff;
  }
  return changes;
}

}  // namespace mazekit
