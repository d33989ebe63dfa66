#pragma once
// `mazekit grade`: a class's submissions of one lesson, each student's steps built and run in
// the student's own sandbox, judged from signed reports, and written out as grades.

#include <csignal>
#include <filesystem>
#include <string>

#include "grade/grading.hpp"

namespace mazekit::grade {

/// How `mazekit grade` shows its progress: a line rewritten in place on a terminal, a line per
/// student otherwise.
enum class Progress { automatic, live, lines };

struct GradeOptions {
  std::filesystem::path submissions;  ///< one folder, .zip or .tar.gz per student
  std::string lesson;                 ///< "2" or "02-building-the-maze"
  std::filesystem::path out;          ///< new or empty (or cleared with force)
  int jobs = 2;                       ///< students graded at a time
  double timeout = 5;                 ///< wall and CPU seconds per step program
  int memoryMb = 1024;                ///< per step program, its whole process tree
  double compileTimeout = 60;         ///< seconds per compile
  double compileBudget = 180;         ///< seconds of compiling per student
  int compileMemoryMb = 2048;         ///< per compile
  /// What one student's builds may write in all (objects, programs, keyed copies), in MB.
  int diskMb = 1024;
  bool keep = false;    ///< keep each student's builds in --out/work (default: removed when graded)
  bool force = false;   ///< clear an earlier run's --out
  bool strict = false;  ///< a flagged student scores 0
  bool sandbox = true;  ///< false: --no-sandbox, said on every report
  /// Without the sandbox, not 0: every compile and step program runs as this user (and
  /// group), never as mazekit's own (mazekit grade-one --isolation user).
  unsigned runAsUid = 0;
  unsigned runAsGid = 0;
  std::string runAsName;  ///< that user's name, for the reports
  bool json = false;      ///< the grades as JSON on stdout (docs/json.md)
  Progress progress = Progress::automatic;
};

/// A new folder of mazekit's under $TMPDIR (else /tmp), named mazekit-NAME-XXXXXX; throws
/// std::runtime_error naming the place and `whatToDo` when it cannot be made.
std::filesystem::path newTemporaryFolder(const std::string& name, const std::string& whatToDo);

/// Throws UsageError naming the option, its value and the range, when a limit is out of range
/// (-j, --timeout, --memory, --compile-timeout, --compile-budget, --disk).
void checkLimits(const GradeOptions& options);

/// Grades the class; throws UsageError for bad options (each message says what was wrong
/// and what would be right) and std::runtime_error when the kit cannot grade here. Returns
/// mazekit's exit status: 0 when graded, 130 when interrupted by `*stop`.
int gradeClass(const GradeOptions& options, const volatile std::sig_atomic_t* stop);

/// Grades one submission (options.submissions: a folder of the student's files, a folder that
/// holds only a .zip or .tar.gz, an archive, or the lesson's one file) as `mazekit grade`
/// grades each student, in options.out as the work folder, and writes Gradescope's
/// results.json to `results` (none when it is empty: `mazekit submit --grade`). `mazekit
/// grade-one`, which the Gradescope autograder runs.
/// `*score` (when given) gets the student's total.
int gradeOne(const GradeOptions& options, const GradescopeView& view,
             const std::filesystem::path& results, const volatile std::sig_atomic_t* stop,
             int* score = nullptr);

}  // namespace mazekit::grade
