// Judging a test-writing step (see wheats_and_chaffs.hpp).
#include "grade/wheats_and_chaffs.hpp"

#include <algorithm>
#include <set>

namespace mazekit::grade {
namespace {

std::string replaceAll(std::string text, const std::string& from, const std::string& to) {
  if (from.empty()) return text;
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

std::string count(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

run::StepExpectation expectation(const TestsRun& run, double timeoutSeconds, bool sanitized) {
  run::StepExpectation expected;
  for (const auto& c : run.report.testCases) expected.testCases.push_back(c.name);
  expected.timeoutSeconds = timeoutSeconds;
  expected.sanitized = sanitized;
  return expected;
}

// "in "name" at my_tests.cpp:12" and the failed check, for a test case that failed.
std::vector<std::string> failureOf(const run::TestCaseReport& c, const TestsFile& file) {
  std::string where = replaceAll(c.failureFile, file.compiledAs, file.shownAs);
  if (c.failureLine > 0) where += ":" + std::to_string(c.failureLine);
  std::string what = c.failure;
  if (const auto message = c.thrown()) what = "it threw an exception: " + *message;
  if (what.size() > 200) what = what.substr(0, 197) + "...";
  return {"in \"" + c.name + "\" at " + where, "  " + what};
}

// A run the grader could not build decides nothing: the step is not graded, and says why.
bool notGradedRun(const std::vector<TestsRun>& chaffs, const std::vector<TestsRun>& wheatAgain,
                  TestsVerdict& v) {
  for (const auto* runs : {&chaffs, &wheatAgain}) {
    for (const TestsRun& run : *runs) {
      if (!run.notBuilt.empty()) {
        v.outcome = run::Outcome::notGraded;
        v.reason = "not graded: " + run.notBuilt;
        return true;
      }
    }
  }
  return false;
}

// The wheat's run decides the step alone: the tests do not build against correct code, the run
// was tampered with or not graded, or the tests hold no test case.
bool decidedOnWheat(const TestsRun& wheat, const run::Verdict& onWheat, const TestsFile& file,
                    TestsVerdict& v) {
  if (!wheat.compiled) {
    v.outcome = run::Outcome::doesNotCompile;
    v.reason = "your tests do not compile: " +
               replaceAll(wheat.compileError, file.compiledAs, file.shownAs);
    return true;
  }
  if (onWheat.outcome == run::Outcome::tampered || onWheat.outcome == run::Outcome::graderError ||
      onWheat.outcome == run::Outcome::notGraded) {
    v.outcome = onWheat.outcome;
    v.reason = onWheat.reason;
    return true;
  }
  if (onWheat.passed() && v.testCases == 0) {
    v.outcome = run::Outcome::wrongTests;
    v.reason = "no tests yet: " + file.shownAs + " holds no TEST_CASE, so it catches no chaff";
    v.detail.push_back(
        "write one: TEST_CASE(\"what it checks\") { ... CHECK(...); } (see the hint)");
    return true;
  }
  return false;
}

// The wheat again, among the chaffs: a test that passed once and fails now depends on chance,
// time or order, or on telling its runs apart. Says so, and returns true, when it did.
bool flakyOnWheat(const std::vector<TestsRun>& wheatAgain, const TestsFile& file,
                  double timeoutSeconds, bool sanitized, TestsVerdict& v) {
  bool flaky = false;
  for (const TestsRun& again : wheatAgain) {
    const bool passed =
        again.compiled &&
        run::stepVerdict(again.ran, again.report, expectation(again, timeoutSeconds, sanitized))
            .passed();
    if (!v.wheatPassed || passed) continue;
    v.wheatPassed = false;
    flaky = true;
    v.detail.push_back(
        "your tests passed on the wheat, a correct maze, and then failed on it when it ran "
        "again: a test must give the same answer every time (does it depend on chance, the "
        "time, or the order it runs in?)");
    if (!again.compiled) {
      v.detail.push_back("  " + replaceAll(again.compileError, file.compiledAs, file.shownAs));
    }
    for (const auto& c : again.report.testCases) {
      if (!c.failure.empty()) {
        for (auto& line : failureOf(c, file)) v.detail.push_back(line);
        break;
      }
    }
  }
  return flaky;
}

// Why the tests do not pass on the wheat: each failed test case, each that checks nothing.
void sayWhyNotOnWheat(const TestsRun& wheat, const run::Verdict& onWheat, const TestsFile& file,
                      bool anyFailed, TestsVerdict& v) {
  if (anyFailed) v.detail.push_back("your test is wrong: it fails on a correct maze (the wheat)");
  bool listed = false;
  for (const auto& c : wheat.report.testCases) {
    if (!c.failure.empty()) {
      for (auto& line : failureOf(c, file)) v.detail.push_back(line);
      listed = true;
    } else if (c.assertions == 0) {
      v.detail.push_back("the test case \"" + c.name +
                         "\" checks nothing: give it a CHECK or REQUIRE");
      listed = true;
    }
  }
  if (!listed) v.detail.push_back(replaceAll(onWheat.reason, file.compiledAs, file.shownAs));
}

// A chaff's fate: caught when a test case valid on the wheat (`valid`) fails on it; or, when
// the wheat passed, when the tests crash, time out or end early on it (its bug made them).
// Tests that do not build against it catch nothing: said in `notCompiling`.
void judgeChaff(const TestsRun& run, const std::set<std::string>& valid,
                const run::StepExpectation& expected, const TestsFile& file, bool wheatPassed,
                ChaffFate& fate, std::vector<std::string>& notCompiling) {
  if (!run.compiled) {
    // Every chaff declares what the wheat declares: tests that build against one build
    // against all, so a failure here is the tests' own doing, and catches nothing.
    if (wheatPassed) {
      notCompiling.push_back("your tests do not compile against " + fate.says +
                             ", which declares the same names as the correct maze: tests must "
                             "build against any version of the code (" +
                             replaceAll(run.compileError, file.compiledAs, file.shownAs) + ")");
    }
    return;
  }
  if (run.report.state == run::HarnessReport::State::read) {
    for (const auto& c : run.report.testCases) {
      if (c.failed > 0 && valid.count(c.name) != 0) {
        fate.caught = true;
        fate.by = "\"" + c.name + "\"";
        return;
      }
    }
  }
  if (!wheatPassed) return;
  const run::Verdict onChaff = run::stepVerdict(run.ran, run.report, expected);
  switch (onChaff.outcome) {
    case run::Outcome::crashed:
    case run::Outcome::timedOut:
    case run::Outcome::endedEarly:
    case run::Outcome::wrongTests:
    case run::Outcome::failed:
      fate.caught = true;
      fate.by = "your tests: " + onChaff.reason;
      break;
    default:
      break;
  }
}

// The tests passed on the wheat: how many chaffs they caught, and the ones still alive.
void sayChaffsCaught(const std::string& total, const std::vector<std::string>& notCompiling,
                     TestsVerdict& v) {
  if (v.caught == 0 && notCompiling.empty()) {
    v.detail.push_back(
        "your tests pass on every buggy version too: they check nothing that a bug changes; "
        "check what the code does (values, colours, positions), not only that it runs");
  } else {
    v.detail.push_back("your tests caught " + std::to_string(v.caught) + " of " + total +
                       " buggy versions (chaffs); still alive:");
  }
  for (const ChaffFate& fate : v.chaffs) {
    if (!fate.caught) v.detail.push_back("  " + fate.says + " is not caught yet");
  }
  v.detail.insert(v.detail.end(), notCompiling.begin(), notCompiling.end());
}

}  // namespace

bool passesOnWheat(const TestsRun& wheat, double timeoutSeconds, bool sanitized) {
  return wheat.compiled && !wheat.report.testCases.empty() &&
         run::stepVerdict(wheat.ran, wheat.report, expectation(wheat, timeoutSeconds, sanitized))
             .passed();
}

TestsVerdict judgeTests(const Step& step, const TestsRun& wheat,
                        const std::vector<TestsRun>& chaffs, const TestsFile& file,
                        double timeoutSeconds, bool sanitized,
                        const std::vector<TestsRun>& wheatAgain) {
  TestsVerdict v;
  for (const Chaff& chaff : step.chaffs) v.chaffs.push_back({chaff.id, chaff.says, false, ""});
  const std::string total = std::to_string(step.chaffs.size());
  if (notGradedRun(chaffs, wheatAgain, v)) return v;

  // The wheat: the tests must build against correct code, hold a test case, and pass.
  const run::Verdict onWheat =
      wheat.compiled
          ? run::stepVerdict(wheat.ran, wheat.report, expectation(wheat, timeoutSeconds, sanitized))
          : run::Verdict{};
  v.testCases = wheat.report.testCases.size();
  if (decidedOnWheat(wheat, onWheat, file, v)) return v;
  // The test cases that pass on the wheat, each with a check: only they can catch a chaff.
  std::set<std::string> valid;
  for (const auto& c : wheat.report.testCases) {
    if (c.failed == 0 && c.assertions > 0) valid.insert(c.name);
  }
  v.wheatPassed = onWheat.passed();
  const bool flaky = flakyOnWheat(wheatAgain, file, timeoutSeconds, sanitized, v);
  const bool anyFailed =
      std::any_of(wheat.report.testCases.begin(), wheat.report.testCases.end(),
                  [](const run::TestCaseReport& c) { return !c.failure.empty(); });
  if (!v.wheatPassed && !flaky) sayWhyNotOnWheat(wheat, onWheat, file, anyFailed, v);

  std::vector<std::string> notCompiling;  // said after the chaffs' count
  const run::StepExpectation expected = expectation(wheat, timeoutSeconds, sanitized);
  for (std::size_t i = 0; i < v.chaffs.size() && i < chaffs.size(); ++i)
    judgeChaff(chaffs[i], valid, expected, file, v.wheatPassed, v.chaffs[i], notCompiling);
  for (const ChaffFate& fate : v.chaffs) v.caught += fate.caught ? 1 : 0;
  if (!v.wheatPassed) v.caught = 0;  // a test that fails on correct code proves nothing
  v.score = v.wheatPassed ? 1 + static_cast<int>(v.caught) : 0;

  if (v.wheatPassed && v.caught == v.chaffs.size()) {
    v.outcome = run::Outcome::passed;
    v.reason = "caught " + total + " of " + total + " chaffs; " +
               count(v.testCases, "test case", "test cases") + " pass on the wheat";
    return v;
  }
  v.outcome = v.wheatPassed ? run::Outcome::failed : run::Outcome::wrongTests;
  v.reason = v.wheatPassed ? "caught " + std::to_string(v.caught) + " of " + total + " chaffs"
             : flaky       ? "your tests do not give the same answer each time on the wheat"
             : anyFailed   ? "your tests fail on the wheat, a correct maze"
                           : "your tests do not pass on the wheat, a correct maze";
  if (v.wheatPassed) sayChaffsCaught(total, notCompiling, v);
  return v;
}

}  // namespace mazekit::grade
