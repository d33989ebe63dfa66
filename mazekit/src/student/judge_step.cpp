// A step's verdict from how its program ended and the harness's report: passed, RED with the
// student's failed check and its line, a crash or a time-out with where it was.
#include <algorithm>
#include <string>
#include <vector>

#include "run/compiler_output.hpp"
#include "run/difference.hpp"
#include "run/explain.hpp"
#include "run/report.hpp"
#include "run/text.hpp"
#include "run/trace.hpp"
#include "run/verdict.hpp"
#include "student/runner.hpp"

namespace mazekit::student {
namespace fs = std::filesystem;

namespace {

// The words a student reads under RED for a failed test case: where its first failed check is
// and what it says. An exception that stopped it is said as one: its message is the kit's (or
// the library's) own words, not a check of the test's.
std::vector<std::string> failureLines(const run::TestCaseReport& failed,
                                      const std::vector<fs::path>& roots) {
  std::string where = run::relativeTo(failed.failureFile, roots);
  if (failed.failureLine > 0) where += ":" + std::to_string(failed.failureLine);
  std::string what = failed.failure;
  if (const auto message = failed.thrown()) what = "your code threw an exception: " + *message;
  std::vector<std::string> lines{"in \"" + failed.name + "\" at " + where};
  // A comparison of two texts or sequences: what the code returned beside what was expected,
  // line by line, never squeezed onto one line.
  const auto difference = run::describeDifference(failed.expression, failed.values);
  const std::size_t valuesAt = failed.failure.find(", with values ");
  if (!difference || valuesAt == std::string::npos) {
    lines.push_back("  " + run::shorten(what, 200));
    return lines;
  }
  const std::string macro = failed.failure.substr(0, failed.failure.find('('));
  lines.push_back("  " + macro + "( " + run::shorten(run::shortExpression(failed.expression), 160) +
                  " )");
  // What the test said beside its check (its INFO: "size 50, seed 1").
  const std::string said =
      failed.failure.substr(std::min(failed.failure.size(), valuesAt + 14 + failed.values.size()));
  if (!said.empty())
    lines.push_back("  " + run::shorten(said.substr(said.front() == ';' ? 2 : 0), 200));
  for (const std::string& line : *difference) lines.push_back("  " + line);
  return lines;
}

// "exercises/02-building-the-maze/maze.hpp:42, in Maze::dig(int)"
std::string placeOf(const run::SourceFrame& frame, const std::vector<fs::path>& roots) {
  std::string place = run::relativeTo(frame.file, roots) + ":" + std::to_string(frame.line);
  if (!frame.function.empty()) place += ", in " + run::shorten(frame.function, 80);
  return place;
}

// Where in the student's code a failed test case crashed or threw (`frame`, when it was in
// their files), and for a crash what it likely means: a function that called itself without
// end, or a bad index or pointer.
void sayWhere(const std::optional<run::SourceFrame>& frame, bool crashed,
              const std::vector<fs::path>& roots, StepResult& result) {
  if (!frame) return;
  const std::string place = placeOf(*frame, roots);
  if (crashed && frame->repeats >= run::calledItself) {
    result.detail.push_back("  it crashed calling itself again and again at " + place);
    if (result.explanation.empty()) {
      result.explanation =
          "Your function calls itself at " + place +
          " without end: each call waits for the next one, until the stack of calls runs "
          "out and the program crashes. Check the case where it must stop calling itself, "
          "and that each call gets closer to it.";
    }
    return;
  }
  result.detail.push_back(std::string(crashed ? "  it crashed at " : "  thrown at ") + place);
  if (crashed && result.explanation.empty()) {
    result.explanation =
        "Your program crashed at " + place +
        ": look at what that line reads or writes. The usual causes are an index past the "
        "end of a vector or an array ([] does not check; .at() would throw and say so), a "
        "pointer or reference to something that no longer exists, and a function that "
        "calls itself without end.";
  }
}

// A step stopped at its time limit with the student's code at `place`.
void sayWhereStopped(const std::string& place, StepResult& result) {
  result.detail.push_back("  stopped at " + place);
  result.explanation =
      "When mazekit stopped it, your code was at " + place +
      ". If that line is in a loop, what should make the loop end, and does it change each "
      "time round? (A while loop whose condition never becomes false, or a for loop whose "
      "counter goes the wrong way, runs for ever.)";
}

}  // namespace

StepResult judgeStep(const run::Result& ran, const run::HarnessReport& report,
                     const run::StepExpectation& expected, const std::vector<fs::path>& roots,
                     const std::vector<std::string>& casePictures, const Locate& locate) {
  // Where in the student's files the harness's stack `offsets` was, if anywhere.
  const auto studentFrame = [&](const std::string& offsets) -> std::optional<run::SourceFrame> {
    if (!locate || offsets.empty()) return std::nullopt;
    return locate(offsets);
  };
  const auto studentPlace = [&](const std::string& offsets) -> std::optional<std::string> {
    if (const auto frame = studentFrame(offsets)) return placeOf(*frame, roots);
    return std::nullopt;
  };
  const run::Verdict verdict = run::stepVerdict(ran, report, expected);
  StepResult result;
  result.outcome = verdict.outcome;
  result.green = verdict.passed();
  result.summary = std::string(run::outcomeName(verdict.outcome));
  if (result.green) return result;

  // Every test case that failed (its first failed check: where it is and what it says, and
  // its own picture when there are several), and what the first exception among them means;
  // else the verdict's reason.
  constexpr std::size_t shownCases = 5;
  const auto failedCases = static_cast<std::size_t>(
      std::count_if(report.testCases.begin(), report.testCases.end(),
                    [](const run::TestCaseReport& c) { return !c.failure.empty(); }));
  std::size_t listed = 0;
  for (std::size_t i = 0; i < report.testCases.size() && listed < shownCases; ++i) {
    const run::TestCaseReport& testCase = report.testCases[i];
    if (testCase.failure.empty()) continue;
    result.failedTags.push_back(testCase.tags);
    ++listed;
    if (result.detail.empty() && verdict.outcome != run::Outcome::failed)
      result.detail.push_back(verdict.reason);
    for (const std::string& line : failureLines(testCase, roots)) result.detail.push_back(line);
    sayWhere(studentFrame(testCase.trace), testCase.failure.rfind("fatal error: ", 0) == 0, roots,
             result);
    if (failedCases > 1 && i < casePictures.size() && !casePictures[i].empty())
      result.detail.push_back("  its picture: " + casePictures[i]);
    const auto thrown = testCase.thrown();
    if (thrown && result.explanation.empty()) result.explanation = run::explainException(*thrown);
  }
  if (failedCases > shownCases) {
    result.detail.push_back("and " + std::to_string(failedCases - shownCases) +
                            " more test cases of the step fail");
  }
  if (failedCases > 0) return result;
  result.detail.push_back(verdict.reason);
  if (verdict.outcome == run::Outcome::timedOut) {
    if (const auto place = studentPlace(report.stoppedAt)) sayWhereStopped(*place, result);
  }
  if (verdict.outcome == run::Outcome::endedEarly || verdict.outcome == run::Outcome::crashed) {
    // What the program printed last may say why.
    const std::string tail =
        ran.output.substr(ran.output.size() > 300 ? ran.output.size() - 300 : 0);
    if (!tail.empty())
      result.detail.push_back("its last output: " + run::shorten(text::terminalLine(tail), 200));
  }
  return result;
}

}  // namespace mazekit::student
