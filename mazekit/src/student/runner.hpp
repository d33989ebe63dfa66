#pragma once
// Building and running a student's step in the kit's build tree: the compiler as `mazekit grade`
// runs it (grade/build.hpp), the step program through run::runProcess with the harness's report
// (`-r mazekit`), and the verdict from run::stepVerdict, in the words `mazekit grade` uses too.

#include <csignal>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grade/wheats_and_chaffs.hpp"
#include "kit/kit.hpp"
#include "kit/lessons.hpp"
#include "kit/manifest.hpp"
#include "run/process.hpp"
#include "run/report.hpp"
#include "run/trace.hpp"
#include "run/verdict.hpp"

namespace mazekit::student {

/// A step's verdict.
struct StepResult {
  run::Outcome outcome = run::Outcome::notGraded;
  bool green = false;
  bool cached = false;  ///< passed before against the same files: not rebuilt
  bool interrupted = false;
  std::string summary;              ///< "passed", "does not compile", "failed", ... (outcomeName)
  std::vector<std::string> detail;  ///< the first error or failed check, a few lines
  /// The tags of each test case that failed ("[lesson05][step03][keeps]"): a refactor step
  /// tells a kept test that broke from its new test that is not met yet.
  std::vector<std::string> failedTags;
  std::string explanation;        ///< what a compiler error means, in a beginner's words, or empty
  std::filesystem::path picture;  ///< the PNG this check drew, or empty
  bool pictureStopped = false;    ///< the picture is the screen as the stopped test left it
  std::filesystem::path drawing;  ///< the same picture as SVG (to play it back), or empty
  /// On a failure, the student's picture compared with the step's expected one
  /// (comparePictures): <pictures>/<lesson>/<step>.compare.png, or empty when they agree or
  /// either is missing; and how many pixels are only in theirs, only in the expected one.
  std::filesystem::path comparison;
  long onlyYours = 0;
  long onlyExpected = 0;
  /// The first warning g++ gave in the student's files, though the step built: where it is
  /// and what it says, and what it means (run::explainCompileError), or empty.
  std::string warning;
  std::string warningExplanation;
};

/// The student's verdict on a step program's run: the outcome in `mazekit grade`'s words and,
/// under RED, each failed test case: where its first failed check is and what it says (paths
/// relative to `roots`), and when several failed, the picture of each (`casePictures`, by the
/// report's test case index: a path to show, or empty). With `locate` (the harness's stack to
/// the innermost frame in the student's files, run/trace.hpp), an exception, a crash and a
/// program stopped for taking too long also name the student's own file and line.
using Locate = std::function<std::optional<run::SourceFrame>(const std::string& offsets)>;
StepResult judgeStep(const run::Result& ran, const run::HarnessReport& report,
                     const run::StepExpectation& expected,
                     const std::vector<std::filesystem::path>& roots,
                     const std::vector<std::string>& casePictures = {}, const Locate& locate = {});

/// Checks steps of the student's exercise folders in the kit's build tree.
class Checker {
 public:
  Checker(Kit kit, std::filesystem::path pictures, double timeLimitSeconds = 10.0);

  /// The build tree is configured: else throws std::runtime_error saying how to build the kit.
  void requireBuildTree() const;

  /// Builds step's program (its test against the student's files, as `mazekit grade` builds
  /// it: the manifest's compiler and flags, a precompiled header) and runs it. The picture it
  /// draws is saved as picture(lesson, step).
  StepResult check(const Lesson& lesson, const Step& step,
                   const volatile std::sig_atomic_t* stop = nullptr) const;

  /// Builds one target of the build tree (a lesson's own program built from the student's
  /// exercise, such as lesson 7's game): green when it compiled, else "does not compile" with
  /// the first error and what it means, as check() says it.
  StepResult build(const std::string& target,
                   const volatile std::sig_atomic_t* stop = nullptr) const;

  /// The build tree's manifest, read once.
  const Manifest& manifest() const;

  /// Checks several steps at once, as `mazekit grade` does: their tests built against the
  /// student's files as one program (one compile, where a program per step costs one compile
  /// each), then each step's tests run in it on their own (Catch2's -#). The verdicts come in
  /// the order of `steps`. When that one program does not build (a step's test does not
  /// compile), each step is checked on its own, so that the verdict names the step that broke.
  std::vector<StepResult> checkTogether(const Lesson& lesson, const std::vector<const Step*>& steps,
                                        const volatile std::sig_atomic_t* stop = nullptr) const;

  /// The whole output of the step's program as the last check() built it, run again with
  /// Catch2's own console reporter: every failed check with its values in full, and what the
  /// student's code printed. Empty when the step has no program of the kit's tests (not built
  /// yet, or a test-writing step).
  std::string wholeOutput(const Lesson& lesson, const Step& step,
                          const volatile std::sig_atomic_t* stop = nullptr) const;

  /// Builds the step's program for a debugger (`mazekit debug`): as check() builds it, with
  /// full debug information (-g: the locals, for gdb's `print`), into
  /// <build>/mazekit/student/<lesson>/bin/debug-<step>. Green with `program` set, else the
  /// compiler's verdict as check() says it. A test-writing step has no program of the kit's tests:
  /// throws UsageError saying so.
  StepResult buildForDebugger(const Lesson& lesson, const Step& step,
                              std::filesystem::path& program,
                              const volatile std::sig_atomic_t* stop = nullptr) const;

  /// Where step's picture goes: <pictures>/<lesson>/<step>.png
  std::filesystem::path picture(const Lesson& lesson, const Step& step) const;
  /// The picture the step's reference solution draws: lessons/<lesson>/pictures/<step>.png
  /// (it may not exist).
  static std::filesystem::path expectedPicture(const Lesson& lesson, const Step& step);
  /// Where a failed step's comparison picture goes: <pictures>/<lesson>/<step>.compare.png
  std::filesystem::path comparison(const Lesson& lesson, const Step& step) const;
  /// A path for the student to read: relative to the kit when inside it.
  std::string shown(const std::filesystem::path& path) const;

  const Kit& kit() const { return kit_; }
  /// A step program's usual time limit, in seconds (a step's lesson.json may allow more).
  double timeLimit() const { return timeLimit_; }

 private:
  /// On a failure with a picture: the comparison with the expected picture written and named
  /// in `result` (nothing when they agree, the expected is missing or either is unreadable).
  void compareWithExpected(const Lesson& lesson, const Step& step, StepResult& result) const;
  /// Compiles and links the tests of `steps` as one program, <build>/mazekit/student/<lesson>/
  /// bin/`program`: the compiler's run (its first error is in its output).
  run::Result compile(const Lesson& lesson, const std::vector<const Step*>& steps,
                      const std::string& program, const volatile std::sig_atomic_t* stop) const;
  /// Runs the step's tests in `program` (alone: the program holds only them, and its picture is
  /// saved) and judges them.
  StepResult runStep(const Lesson& lesson, const Step& step, const std::string& program, bool alone,
                     const volatile std::sig_atomic_t* stop) const;
  /// checkTogether for steps of the kit's tests only, without the student's own tests.
  std::vector<StepResult> checkTogetherKitTests(const Lesson& lesson,
                                                const std::vector<const Step*>& steps,
                                                const volatile std::sig_atomic_t* stop) const;
  /// A test-writing step: the student's tests against the wheat and each chaff
  /// (grade/wheats_and_chaffs.hpp), each its own program.
  StepResult checkTests(const Lesson& lesson, const Step& step,
                        const volatile std::sig_atomic_t* stop) const;
  /// After a step of the kit's tests passed: the student's own tests of the lesson's earlier
  /// test-writing steps (Lesson::ownTestsAt), run on the student's code. Green, or the step's
  /// verdict becomes theirs: "your own test ... fails on your maze".
  void checkOwnTests(const Lesson& lesson, const Step& step, StepResult& result,
                     const volatile std::sig_atomic_t* stop, bool prepare = true) const;
  /// Builds the student's tests file `file` of the exercise against the code in `code` into
  /// bin/`program`, and runs it. The file is copied alone into a folder of its own first, so
  /// that its "maze.hpp" is the one in `code`, never the exercise's beside it. `prepare`: make
  /// the libraries and the precompiled header first (once a check: not from two threads).
  struct OwnTestsRun {
    grade::TestsRun tests;
    run::Result built;               ///< the compiler's run
    std::filesystem::path compiled;  ///< the copy that was compiled
  };
  OwnTestsRun buildAndRunTests(const Lesson& lesson, const std::string& file,
                               const std::filesystem::path& code, const std::string& program,
                               double seconds, const volatile std::sig_atomic_t* stop,
                               bool prepare = true) const;
  /// The first half of buildAndRunTests: the copy of the student's file, compiled.
  OwnTestsRun buildTests(const Lesson& lesson, const std::string& file,
                         const std::filesystem::path& code, const std::string& program,
                         const volatile std::sig_atomic_t* stop, bool prepare) const;
  /// The second half: the program run, its report read into `own`. `chaffChoice`: the chaff a
  /// mutant schema's program runs as (grade/chaff_schema.hpp); empty for any other program.
  void runTests(const Lesson& lesson, OwnTestsRun& own, const std::string& program, double seconds,
                const volatile std::sig_atomic_t* stop, const std::string& chaffChoice = "") const;
  /// Builds the libraries a step program links (the harness, the turtle library) through the
  /// build tree, once. Throws std::runtime_error saying how to build the kit when that fails.
  void buildLibraries(const volatile std::sig_atomic_t* stop) const;
  const Step& planned(const Lesson& lesson, const Step& step) const;

  Kit kit_;
  mutable std::optional<Manifest> manifest_;
  mutable bool librariesBuilt_ = false;
  std::filesystem::path pictures_;
  double timeLimit_;
};

}  // namespace mazekit::student
