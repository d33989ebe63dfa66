// mazekit status (the default command) and mazekit check LESSON STEP: where the student is,
// RED or GREEN, the first error. `mazekit status --json` says the same as one JSON object
// (docs/json.md), for scripts. `mazekit ci` is status for the students' CI: the same words in
// the log, GitHub's annotation on the student's file and line, and a failed run only for a
// step that broke.
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>
#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "kit/version.hpp"
#include "run/compiler_output.hpp"
#include "student/session.hpp"
#include "turtle/save_file.hpp"

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
  for (const std::string& line : lines) out += (out.empty() ? "" : " ") + run::shorten(line, 400);
  return out;
}

// mazekit.status/1 (docs/json.md): the lesson, each of its steps, where the student is.
nlohmann::json statusJson(const Session& s, const Position& p, const std::vector<Broken>& broken,
                          const Step* brokeHere = nullptr) {
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
    // Passed before and fails now: an earlier step rechecked, or the one the student is on.
    row["broke"] = broke != broken.end() || (brokeHere == &step && failed != nullptr);
    steps.push_back(row);
  }
  json["passed"] = stillPassing(lesson, s.state);
  json["total"] = lesson.steps.size();
  json["steps"] = steps;
  return json;
}

/// Where the student is, as `mazekit status` finds it (the lesson `lesson` names, else from the
/// one they are on), and the earlier steps that broke.
struct Checked {
  Position p;
  std::vector<Broken> broken;
};

Checked checkFromHere(Session& s, const std::string& lesson) {
  const bool oneLesson = !lesson.empty();
  const std::size_t first =
      oneLesson ? s.lessonIndex(findLesson(s.lessons, lesson)) : s.currentLessonIndex();
  s.checker.requireBuildTree();
  Checked checked{advance(s, first, oneLesson), {}};
  Position& p = checked.p;
  // The verdict of the step the student is on came first; now the steps before it that passed
  // against other files (leaving a lesson, advance has checked them all).
  if (!p.interrupted && !p.allDone)
    checked.broken = recheckNow(s, *p.lesson, p.step->number, p.interrupted);
  return checked;
}

void status(const StatusOptions& o) {
  Session s;
  const bool oneLesson = !o.lesson.empty();
  auto [p, broken] = checkFromHere(s, o.lesson);
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
  std::optional<StepResult> notStarted = startLesson(s, lesson);
  const std::string hash = stepHash(lesson, step);
  StepResult result;
  if (!notStarted && !o.again && s.state.passedWith(lesson.id, step.id, hash)) {
    result.outcome = run::Outcome::passed;
    result.green = true;
    result.cached = true;
    result.summary = std::string(run::outcomeName(result.outcome));
  } else if (notStarted) {
    result = std::move(*notStarted);
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

struct CiOptions {
  std::string lesson;
  std::string json;
};

/// GitHub's workflow command text: '%', CR and LF written as %25, %0D, %0A; in a property
/// (file=, title=) ':' and ',' too.
std::string commandText(const std::string& text, bool property) {
  std::string out;
  for (const char c : text) {
    if (c == '%') {
      out += "%25";
    } else if (c == '\r') {
      out += "%0D";
    } else if (c == '\n') {
      out += "%0A";
    } else if (property && c == ':') {
      out += "%3A";
    } else if (property && c == ',') {
      out += "%2C";
    } else {
      out += c;
    }
  }
  return out;
}

struct Place {
  std::string file;
  int line = 0;
};

/// Where a step failed, in the student's repository: the first "file:line" of the verdict's
/// lines that is one of the lesson's code files (the student's own), else the first at all
/// (the test), else the lesson's first code file, without a line.
Place placeOf(const Session& s, const Lesson& lesson, const Step& step, const StepResult& r) {
  std::vector<std::string> own;
  for (const std::string& file : lesson.files) own.push_back(s.shown(lesson.exercise / file));
  if (step.writesTests()) own.push_back(s.shown(lesson.exercise / step.writes));
  static const std::regex at(R"(([A-Za-z0-9_./+-]+\.(?:hpp|cpp|h|cc|hh)):(\d+))");
  std::optional<Place> first;
  for (const std::string& line : r.detail) {
    for (auto m = std::sregex_iterator(line.begin(), line.end(), at); m != std::sregex_iterator();
         ++m) {
      Place place{(*m)[1].str(), std::atoi((*m)[2].str().c_str())};
      if (std::find(own.begin(), own.end(), place.file) != own.end()) return place;
      if (!first) first = place;
    }
  }
  if (first) return *first;
  return {own.empty() ? s.shown(step.test) : own.front(), 0};
}

/// One annotation: `level` is "error" or "notice".
std::string annotation(const std::string& level, const Place& place, const std::string& title,
                       const std::string& message) {
  std::string line = "::" + level + " file=" + commandText(place.file, true);
  if (place.line > 0) line += ",line=" + std::to_string(place.line);
  return line + ",title=" + commandText(title, true) + "::" + commandText(message, false) + "\n";
}

std::string annotationMessage(const StepResult& r) {
  std::string message = r.summary;
  for (std::size_t i = 0; i < r.detail.size() && i < 4; ++i)
    message += "\n" + run::shorten(r.detail[i], 300);
  if (!r.explanation.empty()) message += "\nWhat it means: " + r.explanation;
  return message;
}

// mazekit ci: status, for the students' CI. Exit 0 when nothing broke (every step passes, or
// the step the student works on is RED: the middle of a lesson), 1 when a step that passed
// before fails now. Under GitHub Actions (GITHUB_ACTIONS=true) the first broken step is an
// error annotation on the student's file and line; else the RED step they work on is a notice.
void ci(const CiOptions& o) {
  Session s;
  const bool oneLesson = !o.lesson.empty();
  const State before = s.state;  // the progress of the runs before this one
  auto [p, broken] = checkFromHere(s, o.lesson);
  if (p.interrupted) {
    setExitStatus(1);
    return;
  }
  // Leaving a lesson, advance stops at the first of its steps that fails now: it broke when
  // an earlier run had passed it.
  const Step* brokeHere =
      !p.allDone && before.passedEver(p.lesson->id, p.step->id) ? p.step : nullptr;
  showPosition(s, p, oneLesson, broken);
  if (!o.json.empty()) {
    turtle::saveFileAtomically(o.json, statusJson(s, p, broken, brokeHere).dump(2) + "\n");
  }
  const bool broke = brokeHere != nullptr || !broken.empty();
  const char* github = std::getenv("GITHUB_ACTIONS");
  if (github != nullptr && std::string(github) == "true" && !p.allDone) {
    std::cout << "\n";
    if (broke) {
      const Broken& b = brokeHere != nullptr ? Broken{p.lesson, p.step, p.result} : broken.front();
      std::cout << annotation("error", placeOf(s, *b.lesson, *b.step, b.result),
                              "Lesson " + std::to_string(b.lesson->number) + ", step " +
                                  std::to_string(b.step->number) + " broke: it passed before",
                              annotationMessage(b.result));
    }
    if (!broke) {
      std::cout << annotation("notice", placeOf(s, *p.lesson, *p.step, p.result),
                              "Lesson " + std::to_string(p.lesson->number) + ", step " +
                                  std::to_string(p.step->number) + " is RED: your next step",
                              annotationMessage(p.result));
    }
  }
  if (broke) {
    std::cout << "\nA step that passed before fails now: this run fails until it passes again.\n";
  } else if (!p.allDone) {
    std::cout << "\nNothing that passed before broke: the step you work on is RED, as in the "
                 "middle of a lesson. This run passes.\n";
  }
  setExitStatus(broke ? 1 : 0);
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

void addCiCommand(CLI::App& app) {
  auto options = std::make_shared<CiOptions>();
  auto* cmd = app.add_subcommand(
      "ci", "Status for CI: GitHub annotations; fails only when a step that passed before broke");
  cmd->add_option("--lesson", options->lesson,
                  "Check this lesson (number or name) rather than the one you are on");
  cmd->add_option("--json", options->json,
                  "Also write mazekit status --json's object (schema mazekit.status/1) to this "
                  "file");
  cmd->callback([options] { ci(*options); });
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
