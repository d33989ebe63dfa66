#pragma once
// The grades of one run of `mazekit grade`, and the files they are written to.

#include <filesystem>
#include <string>
#include <vector>

#include "lessons.hpp"

namespace mazekit::grade {

struct StepResult {
  bool passed = false;
  int score = 0;
  std::string status;  ///< "passed", "does not compile", "failed", "timed out", "crashed", ...
  std::string reason;  ///< one line: why it failed, or what passed
  std::string output;  ///< the program's own output, capped
};

struct StudentResult {
  std::string name;                 ///< as submitted: folder or archive name
  std::string slug;                 ///< its folder under --out
  std::string error;                ///< the submission could not be graded: every step 0
  std::vector<std::string> notes;   ///< ignored files, edited tests
  std::vector<StepResult> steps;    ///< one per lesson step
  int total = 0;
  std::string picture;              ///< PNG bytes of the last passing step's picture
  std::string pictureStep;          ///< that step's id
};

int maxPoints(const Lesson& lesson);

/// The outputs, each written atomically: grades.csv, <slug>/results.json, <slug>/junit.xml,
/// <slug>/picture.png, report.html.
void writeReports(const Lesson& lesson, const std::vector<StudentResult>& students,
                  const std::filesystem::path& out);

/// The terminal table: a row per student, a letter per step.
std::string formatTable(const Lesson& lesson, const std::vector<StudentResult>& students);

/// Parses what Catch2's xml reporter wrote: the test cases that finished and passed, and the
/// first failure in words. `complete` is false when the file stops before </Catch>.
struct CatchReport {
  bool complete = false;
  int finished = 0;
  int passed = 0;
  std::string firstFailure;
};
CatchReport parseCatchXml(const std::string& xml);

}  // namespace mazekit::grade
