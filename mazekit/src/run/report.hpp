#pragma once
// Reading a step program's report (the harness's `-r mazekit`, signed: see
// mazekit/harness/report_signature.hpp) and turning it, with how the program ended, into the
// step's Verdict. The one reader: `mazekit grade` and the student's commands use the same
// words for the same failure.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "run/process.hpp"
#include "run/verdict.hpp"

namespace mazekit::run {

using Key = std::array<std::uint8_t, 32>;

struct TestCaseReport {
  std::string name;
  int assertions = 0;
  int failed = 0;
  std::string failureFile;  ///< the test file of the first failed check, as compiled
  int failureLine = 0;
  std::string failure;  ///< "REQUIRE( m.getMatrixValueAt(0, 0) == WALL ), with values 0 == 1"
  /// A failed comparison: its expression as written ("m.toText() == \"#\\n\"") and Catch2's
  /// expansion, both sides whole (see run/difference.hpp); empty for other failures.
  std::string expression;
  std::string values;
  std::string tags;  ///< the test case's tags, "[lesson05][step03][keeps]"
  /// A failed test case's picture (PNG): the one it drew, or else its screen as it stood when
  /// the test stopped (pictureStopped); empty when it drew nothing.
  std::string picture;
  bool pictureStopped = false;
  /// Where the exception that stopped it was thrown, or the fatal signal came: the harness's
  /// stack, for run/trace.hpp; "" when it has none. Information only.
  std::string trace;

  /// "test line 12: REQUIRE( ... ), with values 0 == 1", or "" when nothing failed.
  std::string firstFailure() const;
  /// The message of the exception that stopped the test case (the harness reports it as
  /// "exception: <message>"), or nothing when it was stopped by a check or not at all.
  std::optional<std::string> thrown() const;
};

struct HarnessReport {
  enum class State { missing, forged, unreadable, read } state = State::missing;
  std::string problem;    ///< why it is forged or unreadable
  bool aborting = false;  ///< Catch2 stopped the run (a fatal error)
  std::vector<TestCaseReport> testCases;
  std::string picture;  ///< PNG bytes, when the step drew one
  std::string drawing;  ///< the same picture as SVG, when it was small enough to send
  /// Where a program stopped for taking too long was running: the stack the harness wrote on
  /// the channel, unsigned, when mazekit asked (run/trace.hpp); "" when it wrote none. Never
  /// part of a verdict: a student's code may write such a line too.
  std::string stoppedAt;
};

/// Reads what came through the report channel. With a key, the report must carry that key's
/// signature and be the only thing on the channel but the harness's "mazekit-trace" lines
/// (where the program was, information only); without one (a student's own build, never
/// graded) the signature is not checked.
HarnessReport readHarnessReport(std::string_view channel, const std::optional<Key>& key);

/// What the grader needs to judge a step besides the program's end and report.
struct StepExpectation {
  std::vector<std::string> testCases;  ///< the step's test case names, exactly
  double timeoutSeconds = 5;
  std::size_t memoryBytes = 0;  ///< the limit, for the message
  bool sanitized = false;       ///< built with sanitizers: their reports are crashes
};

/// The step's verdict, from how its program ended and what it reported.
Verdict stepVerdict(const Result& process, const HarnessReport& report,
                    const StepExpectation& expected);

/// The first line of an AddressSanitizer or UndefinedBehaviorSanitizer report in a
/// program's output, or "" when there is none.
std::string sanitizerReport(const std::string& output);

}  // namespace mazekit::run
