#include "kit/lessons.hpp"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace mazekit {
namespace {

bool isNumber(const std::string& text) {
  return !text.empty() && text.size() <= 4 &&
         std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

Lesson readLesson(const Kit& kit, const std::filesystem::path& folder) {
  const std::filesystem::path file = folder / "lesson.json";
  std::ifstream in(file);
  if (!in) throw UsageError("cannot read '" + file.string() + "'");
  try {
    const nlohmann::json json = nlohmann::json::parse(in);
    Lesson lesson;
    lesson.id = json.at("id").get<std::string>();
    lesson.title = json.at("title").get<std::string>();
    lesson.folder = folder;
    lesson.exercise = kit.exercises() / lesson.id;
    lesson.number = std::stoi(lesson.id.substr(0, lesson.id.find('-')));
    lesson.files = json.at("files").get<std::vector<std::string>>();
    // The solutions are cut out of the lesson's source when the kit is built.
    const std::filesystem::path cut = kit.build / "lessons" / lesson.id;
    int number = 0;
    for (const nlohmann::json& s : json.at("steps")) {
      Step step;
      step.number = ++number;
      step.id = s.at("id").get<std::string>();
      step.title = s.at("title").get<std::string>();
      step.test = folder / s.at("test").get<std::string>();
      if (s.value("kind", std::string("code")) == "tests") {
        step.redKind = "tests";
        step.writes = s.at("writes").get<std::string>();
        step.wheat = cut / s.at("wheat").get<std::string>();
      } else {
        step.redKind = s.at("red").at("kind").get<std::string>();
      }
      if (step.redKind == "compile") step.redPattern = s.at("red").at("pattern").get<std::string>();
      step.hint = s.at("hint").get<std::string>();
      step.points = s.at("points").get<int>();
      step.solution = cut / s.at("solution").get<std::string>();
      if (s.contains("refactor")) {
        step.keeps = s.at("refactor").at("keeps").get<std::string>();
        step.keepsWhy = s.at("refactor").at("why").get<std::string>();
      }
      lesson.steps.push_back(std::move(step));
    }
    return lesson;
  } catch (const nlohmann::json::exception& error) {
    throw UsageError("'" + file.string() + "' is not a lesson: " + error.what());
  } catch (const std::invalid_argument&) {
    throw UsageError("'" + folder.string() + "': a lesson folder's name starts with its number");
  }
}

}  // namespace

std::vector<std::string> Lesson::testsFiles() const {
  std::vector<std::string> found;
  for (const Step& s : steps) {
    if (s.writesTests() && std::find(found.begin(), found.end(), s.writes) == found.end())
      found.push_back(s.writes);
  }
  return found;
}

std::vector<std::string> Lesson::ownTestsAt(const Step& step) const {
  std::vector<std::string> found;
  for (const Step& tests : steps) {
    if (!tests.writesTests() || tests.number >= step.number) continue;
    // The wheat is the solution of a step at or after the test-writing one: the first such.
    for (const Step& s : steps) {
      if (s.number >= tests.number && s.solution == tests.wheat) {
        if (s.number <= step.number &&
            std::find(found.begin(), found.end(), tests.writes) == found.end())
          found.push_back(tests.writes);
        break;
      }
    }
  }
  return found;
}

const Step& Lesson::step(const std::string& numberOrId) const {
  for (const Step& s : steps) {
    if (s.id == numberOrId || (isNumber(numberOrId) && s.number == std::stoi(numberOrId))) {
      return s;
    }
  }
  throw UsageError("lesson " + std::to_string(number) + " has no step '" + numberOrId +
                   "': its steps are 1 to " + std::to_string(steps.size()));
}

std::filesystem::path solutionFile(const Lesson& lesson, const Step& step,
                                   const std::string& file) {
  const std::filesystem::path path = step.solution / file;
  if (!std::filesystem::is_regular_file(path)) {
    throw UsageError("'" + path.string() + "' is not there: the build cuts lesson " +
                     std::to_string(lesson.number) + "'s solutions out of lessons/" + lesson.id +
                     "/source/" + file +
                     ": build the kit (cmake --build --preset dev) and try again");
  }
  return path;
}

std::vector<Lesson> loadLessons(const Kit& kit) {
  std::vector<std::filesystem::path> folders;
  for (const auto& entry : std::filesystem::directory_iterator(kit.lessons())) {
    if (entry.is_directory() && std::filesystem::exists(entry.path() / "lesson.json")) {
      folders.push_back(entry.path());
    }
  }
  std::sort(folders.begin(), folders.end());
  std::vector<Lesson> lessons;
  for (const auto& folder : folders) lessons.push_back(readLesson(kit, folder));
  return lessons;
}

const Lesson& findLesson(const std::vector<Lesson>& lessons, const std::string& numberOrId) {
  for (const Lesson& lesson : lessons) {
    if (lesson.id == numberOrId ||
        (isNumber(numberOrId) && lesson.number == std::stoi(numberOrId))) {
      return lesson;
    }
  }
  std::ostringstream message;
  message << "there is no lesson '" << numberOrId << "': the lessons are";
  for (const Lesson& lesson : lessons) message << " " << lesson.number << " (" << lesson.id << ")";
  throw UsageError(message.str());
}

}  // namespace mazekit
