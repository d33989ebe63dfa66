// mazekit class-report FILE... --lesson N --out DIR: where the class is stuck, from the
// students' progress files the instructor collected (grade/class_report.hpp). A grading run
// writes the same report into its report.html; this one needs no submission and no build.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "grade/class_report.hpp"
#include "kit/kit.hpp"
#include "kit/lessons.hpp"
#include "turtle/save_file.hpp"

namespace mazekit::grade {
namespace {

namespace fs = std::filesystem;

struct ClassReportOptions {
  std::vector<std::string> files;
  std::string lesson;
  std::string out;
};

void classReportCommand(const ClassReportOptions& o) {
  for (const std::string& file : o.files) {
    if (!fs::is_regular_file(file)) {
      throw UsageError("'" + file +
                       "' is not a file: name each student's progress file (their "
                       "exercises/.mazekit-progress.json, as they sent it)");
    }
  }
  if (fs::exists(o.out) && !fs::is_directory(o.out)) {
    throw UsageError("--out '" + o.out + "' is a file: name a folder for class-report.html");
  }
  const Kit kit = locateKit();
  const std::vector<Lesson> lessons = loadLessons(kit);
  const Lesson& lesson = findLesson(lessons, o.lesson);
  const std::vector<fs::path> files(o.files.begin(), o.files.end());
  const ClassReport report = classReport(lesson, fromProgressFiles(lesson, files));
  fs::create_directories(o.out);
  turtle::saveFileAtomically(fs::path(o.out) / "class-report.json", classReportJson(report));
  turtle::saveFileAtomically(
      fs::path(o.out) / "class-report.html",
      classReportPage(report, "From " + std::to_string(files.size()) +
                                  " students' progress files: what their own machines "
                                  "said, not a grade."));
  std::cout << "Wrote " << (fs::path(o.out) / "class-report.html").string() << " and "
            << (fs::path(o.out) / "class-report.json").string() << ": lesson " << lesson.number
            << ", " << files.size() << " progress files.\n";
}

}  // namespace

void addClassReportCommand(CLI::App& app) {
  auto options = std::make_shared<ClassReportOptions>();
  auto* cmd = app.add_subcommand(
      "class-report",
      "Where the class is stuck, from the students' progress files: a page and JSON");
  cmd->add_option("FILES", options->files,
                  "Each student's progress file (exercises/.mazekit-progress.json)")
      ->required();
  cmd->add_option("--lesson", options->lesson,
                  "Lesson number or id, like 2 or 02-building-the-maze")
      ->required();
  cmd->add_option("--out", options->out, "The folder for class-report.html and class-report.json")
      ->required();
  cmd->callback([options] { classReportCommand(*options); });
}

}  // namespace mazekit::grade
