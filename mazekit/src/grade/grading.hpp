#pragma once
// The grades of one run of `mazekit grade`, and the files they are written to.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "grade/tamper.hpp"
#include "kit/lessons.hpp"
#include "run/verdict.hpp"

namespace mazekit::grade {

struct StepResult {
  run::Verdict verdict;  ///< outcome and one-line reason
  int score = 0;
  std::string output;   ///< the program's own output, valid UTF-8, capped
  double seconds = 0;   ///< how long the step program ran (0 when it did not run)
  std::string picture;  ///< PNG bytes of the picture the step drew, if any
  /// A test-writing step: what each chaff the student's tests did not catch is ("a neighbors()
  /// that forgets the west edge"), the lesson's words, never the student's.
  std::vector<std::string> chaffsMissed;

  bool passed() const { return verdict.passed(); }
};

struct StudentResult {
  std::string name;                ///< as submitted: folder or archive name (any bytes)
  std::string slug;                ///< its folder under --out: ASCII, safe
  std::string error;               ///< the submission could not be graded: every step 0
  std::vector<std::string> notes;  ///< ignored files, edited tests, hidden folders, ...
  std::vector<TamperFlag> flags;   ///< what the tamper scan found (shown to the instructor)
  bool strictZero = false;         ///< --strict and flagged: scored 0
  std::vector<StepResult> steps;   ///< one per lesson step
  int total = 0;
  std::string picture;      ///< PNG bytes of the last passing step's picture
  std::string pictureStep;  ///< that step's id

  /// The result of step `k`; a student with fewer results than the lesson has steps (one whose
  /// submission could not be graded) is "not graded" for the rest.
  const StepResult& step(std::size_t k) const;
};

/// How the run was made, printed on every report.
struct RunInfo {
  bool sandboxed = true;  ///< false: --no-sandbox; every report says so in its first line
  std::string isolation;  ///< not sandboxed, but each program ran as a user of its own: how
  std::string limits;     ///< "memory 1024 MB per step (cgroup v1), 64 processes, ..."
  /// When sandboxed, what protected the students' code: "bubblewrap 0.8.0: new namespaces, ..."
  /// (run::sandboxProtections())
  std::string protections;
  bool strict = false;
};

int maxPoints(const Lesson& lesson);

/// The outputs, each written atomically: grades.csv, <slug>/results.json, <slug>/junit.xml,
/// <slug>/picture.png, class-report.json and report.html (with the class report, class_report.hpp).
/// Every string from a student goes through mazekit::text.
void writeReports(const Lesson& lesson, const std::vector<StudentResult>& students,
                  const RunInfo& info, const std::filesystem::path& out);

/// Where Gradescope shows each step: "visible", "hidden", "after_due_date" or
/// "after_published" (Gradescope's words), by step id, else `visibility`.
struct GradescopeView {
  std::string visibility = "visible";
  std::map<std::string, std::string> stepVisibility;
  double seconds = 0;  ///< the whole grading, for the top-level execution_time
};

/// Gradescope's results.json for one student, as `mazekit grade-one` writes it for the
/// autograder: one test per step (name, number, score, max_score, status, the verdict and the
/// first failure in Markdown with the step's picture, visibility, execution_time), the
/// tamper flags in a hidden test and extra_data. No path of the grading machine is in it.
std::string gradescopeResults(const Lesson& lesson, const StudentResult& student,
                              const RunInfo& info, const GradescopeView& view);

/// The class's grades as one JSON object, `mazekit grade --json` (docs/json.md, schema
/// "mazekit.grade/1"): the lesson, how it was run, and per student the total, each step's
/// outcome and reason, the flags and the student's files under `out`.
std::string classJson(const Lesson& lesson, const std::vector<StudentResult>& students,
                      const RunInfo& info, const std::filesystem::path& out);

/// The terminal table: a row per student, a letter per step; names and reasons made safe for
/// a terminal (mazekit::text::terminalLine).
std::string formatTable(const Lesson& lesson, const std::vector<StudentResult>& students,
                        const RunInfo& info);

}  // namespace mazekit::grade
