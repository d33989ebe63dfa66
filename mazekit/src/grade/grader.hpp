#pragma once
// `mazekit grade`: a class's submissions of one lesson, each student's steps built and run in
// the student's own sandbox, judged from signed reports, and written out as grades.

#include <csignal>
#include <filesystem>
#include <string>

namespace mazekit::grade {

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
  bool force = false;                 ///< clear an earlier run's --out
  bool strict = false;                ///< a flagged student scores 0
  bool sandbox = true;                ///< false: --no-sandbox, said on every report
};

/// Grades the class; throws UsageError for bad options (each message says what was wrong
/// and what would be right) and std::runtime_error when the kit cannot grade here. Returns
/// mazekit's exit status: 0 when graded, 130 when interrupted by `*stop`.
int gradeClass(const GradeOptions& options, const volatile std::sig_atomic_t* stop);

}  // namespace mazekit::grade
