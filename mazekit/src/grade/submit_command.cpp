// mazekit submit LESSON: the zip a student hands in for a lesson, made from their own files
// only (the lesson's files in exercises/NN-topic/), and checked as the grader takes it in:
// the same intake (grade/submission.cpp) reads the zip before it is put in place, and with
// --grade the same grading as Gradescope's (mazekit grade-one) runs on it.
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <turtle/save_file.hpp>

#include "commands.hpp"
#include "common/files.hpp"
#include "common/platform.hpp"
#include "grade/grader.hpp"
#include "grade/submission.hpp"
#include "grade/zip_file.hpp"
#include "kit/kit.hpp"
#include "kit/lessons.hpp"
#include "run/sandbox.hpp"

namespace fs = std::filesystem;

namespace mazekit::grade {
namespace {

struct Submit {
  std::string lesson;
  std::string out;
  bool grade = false;
};

/// A folder of its own under $TMPDIR, removed with all it holds.
class ScratchFolder {
 public:
  ScratchFolder()
      : path_(newTemporaryFolder("submit",
                                 "set TMPDIR to a folder you can write, to check the "
                                 "zip in")) {}
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  ~ScratchFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

/// The student's file `name` of the lesson, for the zip: a plain file, never a link.
ZipFile studentFile(const Kit& kit, const Lesson& lesson, const std::string& name) {
  const fs::path path = kit.exercises() / lesson.id / name;
  const std::string shown = "exercises/" + lesson.id + "/" + name;
  const auto status = fs::symlink_status(path);
  if (fs::is_symlink(status)) {
    throw std::runtime_error(shown + " is a link; the grader takes only plain files: copy the " +
                             "file itself there");
  }
  if (!fs::is_regular_file(status)) {
    throw std::runtime_error(
        "there is no " + shown + ": write the lesson's code there (mazekit status " +
        std::to_string(lesson.number) + " shows where you are), or mazekit reset " +
        std::to_string(lesson.number) + " to get its starting files back");
  }
  return {lesson.id + "/" + name, common::readFile(path), false};
}

// Reads `zip` back as the grader's intake reads it: every file must come out as the student
// wrote it. The intake's notes, or an error that says why the grader would not take it.
std::vector<std::string> checkAsTheGraderReadsIt(const Lesson& lesson, const std::string& zip,
                                                 const std::vector<ZipFile>& files,
                                                 const fs::path& scratch) {
  const fs::path checked = scratch / (lesson.id + ".zip");
  turtle::saveFileAtomically(checked, zip);
  Submission submission;
  submission.name = lesson.id;
  submission.source = checked;
  submission.kind = Submission::Kind::zip;
  PreparedCode prepared;
  try {
    prepared = prepareCode(submission, lesson, scratch / "code", IntakeLimits{});
  } catch (const SubmissionError& error) {
    throw std::runtime_error("the grader would not take this zip: " + std::string(error.what()));
  }
  for (const ZipFile& file : files) {
    const std::string name = file.name.substr(lesson.id.size() + 1);
    if (common::readFile(scratch / "code" / name) != file.bytes) {
      std::string why;
      for (const std::string& note : prepared.notes) why += "; " + note;
      throw std::runtime_error("the grader would not take exercises/" + lesson.id + "/" + name +
                               " as it is" + why);
    }
  }
  return prepared.notes;
}

// Grades the zip at `out` as Gradescope grades it: in the sandbox where bubblewrap can make one,
// else as the student (it is their own code); says the score.
void gradeAsTheGraderWill(const Lesson& lesson, const fs::path& out, const fs::path& scratch) {
  GradeOptions options;
  options.lesson = lesson.id;
  options.submissions = out;
  options.jobs = 1;
  options.sandbox = run::sandboxProblem().empty();
  options.out = scratch / "grading";
  fs::create_directories(options.out);
  GradescopeView view;
  int score = 0;
  const int status = gradeOne(options, view, {}, nullptr, &score);
  if (status != 0) setExitStatus(status);
  int max = 0;
  for (const Step& step : lesson.steps) max += step.points;
  std::cout << "mazekit submit: " << out.filename().string() << " scores " << score << " of " << max
            << " as the grader grades it; hand it in\n";
}

void submitCommand(const Submit& s) {
  // Without grading (macOS): the zip is not made either, so that nobody hands in a zip they
  // meant to see graded first.
  if (s.grade && !MAZEKIT_LINUX) throw UsageError(run::gradingLinuxOnly("submit --grade"));
  const Kit kit = locateKit();
  const auto lessons = loadLessons(kit);
  const Lesson& lesson = findLesson(lessons, s.lesson);
  const fs::path out = s.out.empty() ? fs::current_path() / (lesson.id + ".zip")
                                     : fs::absolute(s.out).lexically_normal();
  if (out.extension() != ".zip") {
    throw UsageError("--out '" + s.out + "' must end in .zip (the zip you hand in)");
  }
  if (!fs::is_directory(out.parent_path())) {
    throw UsageError("--out '" + s.out + "': the folder " + out.parent_path().string() +
                     " does not exist; make it first or write the zip elsewhere");
  }

  // The lesson's files, and the tests the student writes in a test-writing step when there.
  std::vector<ZipFile> files;
  for (const std::string& name : lesson.files) files.push_back(studentFile(kit, lesson, name));
  for (const std::string& name : lesson.testsFiles()) {
    if (fs::exists(fs::symlink_status(kit.exercises() / lesson.id / name)))
      files.push_back(studentFile(kit, lesson, name));
  }
  const std::string zip = zipBytes(files);
  // Checked before it is put in place.
  const ScratchFolder scratch;
  const std::vector<std::string> notes =
      checkAsTheGraderReadsIt(lesson, zip, files, scratch.path());
  turtle::saveFileAtomically(out, zip);

  std::cout << "mazekit submit: wrote " << out.string() << " for lesson " << lesson.number << ", "
            << lesson.title << ":\n";
  for (const ZipFile& file : files)
    std::cout << "  " << file.name << " (" << file.bytes.size() << " bytes)\n";
  std::cout << "mazekit submit: checked as the grader reads it: it takes ";
  for (std::size_t i = 0; i < files.size(); ++i)
    std::cout << (i ? ", " : "") << files[i].name.substr(lesson.id.size() + 1);
  std::cout << " from " << lesson.id << "/\n";
  for (const std::string& note : notes) {
    if (note.rfind("took the lesson's files from ", 0) != 0)  // said just above
      std::cout << "  the grader says: " << note << "\n";
  }
  if (s.grade) {
    gradeAsTheGraderWill(lesson, out, scratch.path());
  } else {
    std::cout << "mazekit submit: hand in " << out.filename().string() << " (mazekit submit "
              << lesson.number << " --grade grades it first, as the grader will)\n";
  }
}

}  // namespace

void addSubmitCommand(CLI::App& app) {
  static Submit s;
  auto* cmd = app.add_subcommand(
      "submit",
      "Make the zip to hand in for a lesson, from your files in its exercise folder, and check "
      "it as the grader reads it");
  cmd->add_option("LESSON", s.lesson, "Lesson number or id, like 2")->required();
  cmd->add_option("--out", s.out,
                  "The zip to write (default: LESSON-ID.zip in this folder, like "
                  "02-building-the-maze.zip)");
  cmd->add_flag("--grade", s.grade,
                "Grade the zip too, as Gradescope and mazekit grade will (lesson 2: under 20 s)");
  cmd->callback([] { submitCommand(s); });
}

}  // namespace mazekit::grade
