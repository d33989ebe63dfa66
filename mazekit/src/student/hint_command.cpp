// mazekit hint (the hint for the step the student is on, or any step) and mazekit list
// (every step, passed or not; `--json`: the same as one JSON object, docs/json.md).
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "kit/version.hpp"
#include "student/session.hpp"

namespace mazekit::student {
namespace {
namespace fs = std::filesystem;

std::string wrap(const std::string& text, std::size_t width, const std::string& indent) {
  std::istringstream words(text);
  std::string word, line, out;
  while (words >> word) {
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += indent + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += indent + line + "\n";
  return out;
}

struct HintOptions {
  std::string lesson;
  std::string step;
};

void hint(const HintOptions& o) {
  Session s;
  const Lesson* lesson = nullptr;
  const Step* step = nullptr;
  if (!o.lesson.empty()) {
    lesson = &findLesson(s.lessons, o.lesson);
    if (!o.step.empty()) {
      step = &lesson->step(o.step);
    } else {
      const StepRef next = workingStep(s.lessons, s.lessonIndex(*lesson), s.state);
      step = (next && next.lesson == lesson) ? next.step : &lesson->steps.front();
    }
  } else {
    // The step the last check stopped at, else the first that has not passed.
    lesson = &s.lessons[s.currentLessonIndex()];
    for (const Step& candidate : lesson->steps) {
      if (candidate.id == s.state.step) step = &candidate;
    }
    if (step == nullptr) {
      const StepRef next = workingStep(s.lessons, s.currentLessonIndex(), s.state);
      if (!next) {
        std::cout << "Every step passes: no hint needed. (mazekit hint LESSON STEP shows any "
                     "step's hint.)\n";
        return;
      }
      lesson = next.lesson;
      step = next.step;
    }
  }
  std::cout << "Hint for lesson " << lesson->number << ", step " << step->number << " of "
            << lesson->steps.size() << ": " << step->title << "\n\n"
            << wrap(step->hint, 76, "  ") << "\n"
            << (step->writesTests() ? "Your tests: " + s.shown(lesson->exercise / step->writes)
                                    : "The test:   " + s.shown(step->test))
            << "\n"
            << "The lesson: " << s.shown(lesson->folder / "README.md") << ", step " << step->number
            << "\n";
}

// mazekit.list/1 (docs/json.md): every lesson and step, and what the progress file says of it.
nlohmann::json listJson(const Session& s) {
  const std::size_t currentLesson = s.currentLessonIndex();
  nlohmann::json json;
  json["schema"] = "mazekit.list/1";
  json["kit_version"] = kitVersion();
  json["current"] = {
      {"lesson", s.state.lesson.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.state.lesson)},
      {"step", s.state.step.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.state.step)}};
  nlohmann::json lessons = nlohmann::json::array();
  for (const Lesson& lesson : s.lessons) {
    const auto hashOf = s.hashes(lesson);
    nlohmann::json steps = nlohmann::json::array();
    for (const Step& step : lesson.steps) {
      const bool now = s.state.passedWith(lesson.id, step.id, hashOf(step));
      const bool before = !now && s.state.passedEver(lesson.id, step.id);
      steps.push_back(
          {{"number", step.number},
           {"id", step.id},
           {"title", step.title},
           {"points", step.points},
           {"state", now      ? "passed"
                     : before ? "passed before your latest change"
                              : "not yet"},
           {"current", s.lessonIndex(lesson) == currentLesson && step.id == s.state.step}});
    }
    lessons.push_back({{"id", lesson.id},
                       {"number", lesson.number},
                       {"title", lesson.title},
                       {"passed", passedCount(lesson, s.state, hashOf)},
                       {"total", lesson.steps.size()},
                       {"steps", steps}});
  }
  json["lessons"] = lessons;
  return json;
}

struct ListOptions {
  bool json = false;
};

void list(const ListOptions& o) {
  Session s;
  if (o.json) {
    std::cout << listJson(s).dump(2) << "\n";
    return;
  }
  std::size_t currentLesson = s.currentLessonIndex();
  for (const Lesson& lesson : s.lessons) {
    const auto hashOf = s.hashes(lesson);
    const int total = static_cast<int>(lesson.steps.size());
    const int passed = passedCount(lesson, s.state, hashOf);
    std::cout << "Lesson " << lesson.number << ": " << lesson.title << "  "
              << progressBar(passed, total, 10) << " " << passed << "/" << total << "\n";
    for (const Step& step : lesson.steps) {
      const bool now = s.state.passedWith(lesson.id, step.id, hashOf(step));
      const bool before = !now && s.state.passedEver(lesson.id, step.id);
      const bool here = s.lessonIndex(lesson) == currentLesson && step.id == s.state.step;
      std::cout << "  "
                << (now      ? "[x]"
                    : before ? "[~]"
                             : "[ ]")
                << " " << (step.number < 10 ? " " : "") << step.number << "  " << step.title
                << (before ? "   (passed before your latest change)" : "")
                << (here ? "   <- you are here" : "") << "\n";
    }
  }
  std::cout << "\n[x] passes  [~] passed before you last changed your code  [ ] not yet\n";
}

}  // namespace

void addHintCommand(CLI::App& app) {
  auto options = std::make_shared<HintOptions>();
  auto* cmd = app.add_subcommand("hint", "The hint for the step you are on (or for LESSON STEP)");
  cmd->add_option("lesson", options->lesson, "A lesson: its number or name");
  cmd->add_option("step", options->step, "A step of it: its number or name");
  cmd->callback([options] { hint(*options); });
}

void addListCommand(CLI::App& app) {
  auto options = std::make_shared<ListOptions>();
  auto* cmd = app.add_subcommand("list", "Every lesson and step, and which ones pass");
  cmd->add_flag("--json", options->json,
                "Print one JSON object (schema mazekit.list/1, docs/json.md) instead of text");
  cmd->callback([options] { list(*options); });
}

}  // namespace mazekit::student
