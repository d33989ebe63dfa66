// mazekit status (the default command) and mazekit check LESSON STEP: where the student is,
// RED or GREEN, the first error.
#include <iostream>
#include <memory>
#include <string>

#include "commands.hpp"
#include "student/session.hpp"

namespace mazekit::student {
namespace {
namespace fs = std::filesystem;

struct StatusOptions {
  std::string lesson;
};

int showPosition(Session& s, const Position& p, bool oneLesson) {
  if (p.interrupted) return 1;
  if (p.allDone) {
    printAllDone(s, *p.lesson, oneLesson);
    return 0;
  }
  printStep(s, *p.lesson, *p.step, p.result);
  return 1;
}

void status(const StatusOptions& o) {
  Session s;
  const bool oneLesson = !o.lesson.empty();
  const std::size_t first =
      oneLesson ? s.lessonIndex(findLesson(s.lessons, o.lesson)) : s.currentLessonIndex();
  s.checker.requireBuildTree();
  const Position p = advance(s, first, oneLesson);
  setExitStatus(showPosition(s, p, oneLesson));
}

struct CheckOptions {
  std::string lesson;
  std::string step;
  bool again = false;
};

void check(const CheckOptions& o) {
  Session s;
  const Lesson& lesson = findLesson(s.lessons, o.lesson);
  const Step& step = lesson.step(o.step);
  s.checker.requireBuildTree();
  const std::string hash = stepHash(lesson, step);
  StepResult result;
  if (!o.again && s.state.passedWith(lesson.id, step.id, hash)) {
    result.outcome = run::Outcome::passed;
    result.green = true;
    result.cached = true;
    result.summary = std::string(run::outcomeName(result.outcome));
  } else {
    result = s.checker.check(lesson, step, &interrupted);
    if (result.interrupted) {
      setExitStatus(1);
      return;
    }
    if (result.green) {
      s.state.markPassed(lesson.id, step.id, hash);
    } else {
      s.state.markFailed(lesson.id, step.id);
    }
    s.save();
  }
  printStep(s, lesson, step, result);
  if (!result.green) setExitStatus(1);
}

}  // namespace

void addStatusCommand(CLI::App& app) {
  auto options = std::make_shared<StatusOptions>();
  auto* cmd = app.add_subcommand(
      "status", "Where you are: your step, RED or GREEN, the first error (the default command)");
  cmd->add_option("--lesson", options->lesson,
                  "Check this lesson (number or name) rather than the one you are on");
  cmd->callback([options] { status(*options); });
}

void addCheckCommand(CLI::App& app) {
  auto options = std::make_shared<CheckOptions>();
  auto* cmd = app.add_subcommand("check", "Check one step of a lesson against your code");
  cmd->add_option("lesson", options->lesson,
                  "The lesson: its number (1) or name (01-turtle-warmup)")
      ->required();
  cmd->add_option("step", options->step, "The step: its number (3) or name (03-white-square)")
      ->required();
  cmd->add_flag("--again", options->again,
                "Build and run it even if it passed with these very files");
  cmd->callback([options] { check(*options); });
}

}  // namespace mazekit::student
