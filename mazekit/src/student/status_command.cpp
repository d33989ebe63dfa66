// mazekit status (the default command) and mazekit check LESSON STEP: where the student is,
// RED or GREEN, the first error. `mazekit status --json` says the same as one JSON object
// (docs/json.md), for scripts and the students' CI.
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "kit/version.hpp"
#include "student/session.hpp"

namespace mazekit::student {
namespace {
namespace fs = std::filesystem;

struct StatusOptions {
  std::string lesson;
  bool json = false;
};

int showPosition(Session& s, const Position& p, bool oneLesson, const std::vector<Broken>& broken) {
  if (p.interrupted) return 1;
  if (p.allDone) {
    printAllDone(s, *p.lesson, oneLesson);
    return 0;
  }
  printStep(s, *p.lesson, *p.step, p.result, broken);
  return 1;
}

// A path for the JSON: relative to the kit when inside it, as `mazekit status` shows it.
nlohmann::json shownOrNull(const Session& s, const fs::path& path) {
  if (path.empty()) return nullptr;
  return s.shown(path);
}

// The detail lines under a verdict as one line, for a table cell.
std::string oneLine(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += (out.empty() ? "" : " ") + shorten(line, 400);
  return out;
}

// mazekit.status/1 (docs/json.md): the lesson, each of its steps, where the student is.
nlohmann::json statusJson(const Session& s, const Position& p, const std::vector<Broken>& broken) {
  const Lesson& lesson = *p.lesson;
  nlohmann::json json;
  json["schema"] = "mazekit.status/1";
  json["kit_version"] = kitVersion();
  json["lesson"] = {{"id", lesson.id},
                    {"number", lesson.number},
                    {"title", lesson.title},
                    {"of", s.lessons.size()},
                    {"readme", s.shown(lesson.folder / "README.md")}};
  nlohmann::json code = nlohmann::json::array();
  for (const std::string& file : lesson.files) code.push_back(s.shown(lesson.exercise / file));
  json["lesson"]["code"] = code;
  json["done"] = p.allDone;
  json["current_step"] = p.allDone ? nlohmann::json(nullptr) : nlohmann::json(p.step->number);
  nlohmann::json steps = nlohmann::json::array();
  for (const Step& step : lesson.steps) {
    nlohmann::json row = {{"number", step.number},
                          {"id", step.id},
                          {"title", step.title},
                          {"points", step.points},
                          {"test", s.shown(step.test)}};
    const bool current = !p.allDone && &step == p.step;
    const auto broke = std::find_if(broken.begin(), broken.end(),
                                    [&step](const Broken& b) { return b.step == &step; });
    const StepResult* failed = current && !p.result.green ? &p.result
                               : broke != broken.end()    ? &broke->result
                                                          : nullptr;
    if (failed != nullptr) {
      row["state"] = "failed";
      row["verdict"] = failed->summary;
      row["error"] = oneLine(failed->detail);
      row["detail"] = failed->detail;
      row["explanation"] = failed->explanation.empty() ? nlohmann::json(nullptr)
                                                       : nlohmann::json(failed->explanation);
      row["picture"] = shownOrNull(s, failed->picture);
    } else if (s.state.passedEver(lesson.id, step.id)) {
      // It passed and no check since failed it: the progress bar's count (stillPassing).
      row["state"] = "passed";
      row["verdict"] = std::string(run::outcomeName(run::Outcome::passed));
      row["error"] = nullptr;
      row["detail"] = nlohmann::json::array();
      row["explanation"] = nullptr;
      const fs::path picture = s.checker.picture(lesson, step);
      row["picture"] = fs::exists(picture) ? shownOrNull(s, picture) : nullptr;
    } else {
      row["state"] = "not checked yet";
      row["verdict"] = nullptr;
      row["error"] = nullptr;
      row["detail"] = nlohmann::json::array();
      row["explanation"] = nullptr;
      row["picture"] = nullptr;
    }
    row["current"] = current;
    steps.push_back(row);
  }
  json["passed"] = stillPassing(lesson, s.state);
  json["total"] = lesson.steps.size();
  json["steps"] = steps;
  return json;
}

void status(const StatusOptions& o) {
  Session s;
  const bool oneLesson = !o.lesson.empty();
  const std::size_t first =
      oneLesson ? s.lessonIndex(findLesson(s.lessons, o.lesson)) : s.currentLessonIndex();
  s.checker.requireBuildTree();
  Position p = advance(s, first, oneLesson);
  // The verdict of the step the student is on came first; now the steps before it that passed
  // against other files (leaving a lesson, advance has checked them all).
  std::vector<Broken> broken;
  if (!p.interrupted && !p.allDone)
    broken = recheckNow(s, *p.lesson, p.step->number, p.interrupted);
  if (o.json) {
    if (p.interrupted) {
      setExitStatus(1);
      return;
    }
    std::cout << statusJson(s, p, broken).dump(2) << "\n";
    setExitStatus(p.allDone ? 0 : 1);
    return;
  }
  setExitStatus(showPosition(s, p, oneLesson, broken));
}

struct CheckOptions {
  std::string lesson;
  std::string step;
  bool again = false;
  bool full = false;
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
  if (o.full && !result.green) {
    const std::string whole = s.checker.wholeOutput(lesson, step, &interrupted);
    if (whole.empty()) {
      std::cout << "\n(no output to show: the step's program did not build)\n";
    } else {
      std::cout << "\nThe step program's whole output (Catch2's own report):\n" << whole;
      if (whole.back() != '\n') std::cout << "\n";
    }
  }
  if (!result.green) setExitStatus(1);
}

}  // namespace

void addStatusCommand(CLI::App& app) {
  auto options = std::make_shared<StatusOptions>();
  auto* cmd = app.add_subcommand(
      "status", "Where you are: your step, RED or GREEN, the first error (the default command)");
  cmd->add_option("--lesson", options->lesson,
                  "Check this lesson (number or name) rather than the one you are on");
  cmd->add_flag("--json", options->json,
                "Print one JSON object (schema mazekit.status/1, docs/json.md) instead of text");
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
  cmd->add_flag("--full", options->full,
                "Under RED, also print the step program's whole output: every failed check "
                "with its values in full, and what your code printed");
  cmd->callback([options] { check(*options); });
}

}  // namespace mazekit::student
