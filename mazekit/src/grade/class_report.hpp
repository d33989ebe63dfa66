#pragma once
// Where the class is stuck: from the grades of one run, per step, how many students passed,
// the most common reasons for RED (compile errors grouped by what they mean, with the kit's
// explanation; failed checks grouped by the check), the chaffs most often missed in a
// test-writing step, and the students who stopped earliest. report.html shows it as a section
// with a bar per step; class-report.json holds the same (docs/json.md, "mazekit.class-report/1").
// Every string a student chose (a name, a compiler message quoting their code) is cut to a
// few hundred bytes and made valid UTF-8 here, and escaped for HTML where it is written.

#include <filesystem>
#include <string>
#include <vector>

#include "grade/grading.hpp"

namespace mazekit::grade {

/// One reason for RED and the students it stopped at this step.
struct RedReason {
  std::string outcome;                ///< "does not compile", "failed", ... (run::outcomeName)
  std::string reason;                 ///< what they share: a compile error's topic, a failed check
  std::string example;                ///< one student's own words of it (the first, by name), cut
  std::string explanation;            ///< the kit's words for a compile error, or empty
  std::vector<std::string> students;  ///< their names, cut, in the order graded
  /// The step from which every one of these students has been RED for this same reason (a
  /// file that never compiles fails every step alike); 0 when it is new at this step for one
  /// of them at least. Such a group is listed after the new ones.
  int sinceStep = 0;
};

struct MissedChaff {
  std::string chaff;  ///< the lesson's words: "a neighbors() that forgets the west edge"
  std::vector<std::string> students;
};

struct StepSummary {
  int number = 0;
  std::string id;
  std::string title;
  int passed = 0;                   ///< students for whom this step passed
  std::vector<RedReason> reasons;   ///< most students first, then the order first met
  std::vector<MissedChaff> chaffs;  ///< test-writing steps: most students first
};

/// A student and the first step that did not pass for them.
struct Stopped {
  std::string name;
  std::string folder;  ///< the student's slug: their folder under --out
  int step = 0;        ///< the first step not passed; 0 when every step passed
  std::string reason;  ///< that step's verdict, cut
};

struct ClassReport {
  std::string lessonId;
  int lessonNumber = 0;
  std::string lessonTitle;
  int students = 0;
  std::vector<StepSummary> steps;
  std::vector<Stopped> stoppedEarliest;  ///< every student, earliest stop first, ties by name
};

/// Longest a student's text gets in the class report, in bytes (a name, a reason, an example).
constexpr std::size_t classTextLimit = 160;

ClassReport classReport(const Lesson& lesson, const std::vector<StudentResult>& students);

/// class-report.json: schema "mazekit.class-report/1".
std::string classReportJson(const ClassReport& report);

/// The section of report.html: a bar per step, the reasons for RED, the chaffs missed, the
/// students who stopped earliest (at most `earliest` of them). Pure HTML and CSS (the
/// classes it uses are in classReportStyle()).
std::string classReportHtml(const ClassReport& report, std::size_t earliest = 10);
std::string classReportStyle();

/// The students' progress files the instructor collected (`mazekit class-report`), as results
/// of `lesson`: a step the file says passed is passed, every other step "not passed yet". A
/// student is named by the file's name without ".json" (by its folder's, for a file whose name
/// starts with a dot, like .mazekit-progress.json). A file that is no progress file (or is
/// larger than 1 MB) is a student with every step "not graded" and the reason. The files are
/// only read: what a student's file says is what the student's machine said, not a grade.
std::vector<StudentResult> fromProgressFiles(const Lesson& lesson,
                                             const std::vector<std::filesystem::path>& files);

/// A page of its own for the class report: class-report.html.
std::string classReportPage(const ClassReport& report, const std::string& source);

}  // namespace mazekit::grade
