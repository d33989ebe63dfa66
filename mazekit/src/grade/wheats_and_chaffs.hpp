#pragma once
// A test-writing step's verdict: the student's tests (the step's "writes", my_tests.cpp) run
// against the wheat (the lesson's correct code: every test case must pass) and against each
// chaff (the wheat with one bug: some test case that passes on the wheat must fail on it).
// `mazekit check` and `mazekit grade` build and run the programs their own way (the grade's
// in the student's sandbox, each program apart); both judge them here, in the same words.

#include <string>
#include <vector>

#include "kit/manifest.hpp"
#include "run/process.hpp"
#include "run/report.hpp"
#include "run/verdict.hpp"

namespace mazekit::grade {

/// The student's tests built against one folder of code and run.
struct TestsRun {
  bool compiled = false;
  std::string compileError;  ///< the first error, when it did not compile
  /// Not built for a reason of the grader's, not the tests' (a limit, the grading stopped):
  /// what it was. A run not built says nothing of the tests, so it decides nothing.
  std::string notBuilt;
  run::Result ran;
  run::HarnessReport report;
};

/// One chaff's fate.
struct ChaffFate {
  std::string id;
  std::string says;  ///< "a neighbors() that forgets the west edge": never the chaff's code
  bool caught = false;
  std::string by;  ///< the test case that caught it, or how ("the tests crashed on it")
};

struct TestsVerdict {
  run::Outcome outcome = run::Outcome::failed;  ///< passed when green
  bool wheatPassed = false;
  std::size_t testCases = 0;  ///< the student's test cases, as the wheat run reported them
  std::vector<ChaffFate> chaffs;
  std::size_t caught = 0;
  int score = 0;  ///< one for the wheat passed, one for each chaff caught (with the wheat passed)
  std::string reason;               ///< one line: "caught 3 of 5 chaffs; the wheat passed"
  std::vector<std::string> detail;  ///< under the reason: what failed, what to do, line by line

  bool green() const { return outcome == run::Outcome::passed; }
};

/// Where the student's file is as they know it, and as it was compiled: failure locations in
/// the compiled copy are shown as the student's own file.
struct TestsFile {
  std::string compiledAs;  ///< "/grade/src/my_tests.cpp" or the copy's host path
  std::string shownAs;     ///< "exercises/03-solving-the-maze/my_tests.cpp" or "my_tests.cpp"
};

/// The student's tests passed on the wheat: they compiled, hold a test case, and every test
/// case passed with a check. Only then are the chaffs worth building: a test that fails on
/// correct code catches nothing.
bool passesOnWheat(const TestsRun& wheat, double timeoutSeconds, bool sanitized);

/// Judges the runs: `wheat`, then one run per chaff of `step` in its order (a run left out,
/// because the wheat's failed, is judged not caught), and `wheatAgain`, further runs of the
/// wheat (a grade runs it again among the chaffs, in random order), each of which must pass
/// too. A chaff the tests do not compile against is not caught: the tests must build against
/// any version of the code. A run not built for the grader's reasons (TestsRun::notBuilt)
/// makes the step not graded, so that a verdict never depends on how loaded the machine was.
/// `timeoutSeconds` is said when a run timed out.
TestsVerdict judgeTests(const Step& step, const TestsRun& wheat,
                        const std::vector<TestsRun>& chaffs, const TestsFile& file,
                        double timeoutSeconds, bool sanitized,
                        const std::vector<TestsRun>& wheatAgain = {});

}  // namespace mazekit::grade
