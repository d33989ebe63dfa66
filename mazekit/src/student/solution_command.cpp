// mazekit solution LESSON STEP: a step's reference, shown only once the step is GREEN for the
// student (their progress file says it passed), as rustlings does; for a test-writing step,
// the lesson's own tests for it. The student edition has no solutions.
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "commands.hpp"
#include "common/files.hpp"
#include "kit/edition.hpp"
#include "kit/step_changes.hpp"
#include "student/session.hpp"

namespace mazekit::student {
namespace {
namespace fs = std::filesystem;

struct SolutionOptions {
  std::string lesson;
  std::string step;
};

void showFile(const Session& s, const fs::path& file) {
  const std::string text = common::readFile(file);
  std::cout << "==> " << s.shown(file) << " <==\n" << text;
  if (!text.empty() && text.back() != '\n') std::cout << "\n";
}

void solution(const SolutionOptions& o) {
  Session s;
  const Lesson& lesson = findLesson(s.lessons, o.lesson);
  const Step& step = lesson.step(o.step);
  requireWholeKit(s.kit, "solutions (they stay with your instructor)",
                  "mazekit hint " + std::to_string(lesson.number) + " " +
                      std::to_string(step.number) + " gives the step's hint");
  if (!s.state.passedEver(lesson.id, step.id)) {
    std::cout << "Lesson " << lesson.number << ", step " << step.number
              << " is not GREEN for you yet: finish it first (mazekit check " << lesson.number
              << " " << step.number << "; mazekit hint " << lesson.number << " " << step.number
              << " helps), and then its solution is yours to compare.\n";
    setExitStatus(1);
    return;
  }
  if (step.writesTests()) {
    std::cout << "Lesson " << lesson.number << ", step " << step.number
              << ": the lesson's own tests, to compare with yours in " << step.writes << ":\n";
    showFile(s, step.test);
    return;
  }
  std::cout << "Lesson " << lesson.number << ", step " << step.number
            << ": the kit's solution, to compare with yours:\n";
  for (const std::string& file : lesson.files) showFile(s, solutionFile(lesson, step, file));
  const std::string changes = stepChanges(lesson, step);
  if (!changes.empty()) {
    std::cout << "\nWhat step " << step.number << " changed, against the solution of step "
              << step.number - 1 << " (- a line it took out, + a line it put in):\n"
              << changes;
  }
}

}  // namespace

void addSolutionCommand(CLI::App& app) {
  auto options = std::make_shared<SolutionOptions>();
  auto* cmd = app.add_subcommand(
      "solution",
      "Show a step's solution, once the step is GREEN for you (not in the student "
      "edition)");
  cmd->add_option("LESSON", options->lesson, "Lesson number or id")->required();
  cmd->add_option("STEP", options->step, "Step number or id")->required();
  cmd->callback([options] { solution(*options); });
}

}  // namespace mazekit::student
