#include "kit/lessons.hpp"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "common/files.hpp"
#include "common/text.hpp"

namespace mazekit {
namespace {

using nlohmann::json;

/// Reads one lesson.json: each error begins with the file and the step it is about.
class LessonReader {
 public:
  LessonReader(const std::filesystem::path& folder, const LessonPlaces& places)
      : folder_(folder),
        file_(folder / "lesson.json"),
        fileName_(file_.string()),
        places_(places) {}

  Lesson read() {
    const json root = parse();
    Lesson lesson;
    lesson.id = text(root, "id", fileName_);
    lesson.title = text(root, "title", fileName_);
    lesson.folder = folder_;
    lesson.exercise = places_.exercises / lesson.id;
    if (!std::isdigit(static_cast<unsigned char>(folder_.filename().string()[0])) ||
        !std::isdigit(static_cast<unsigned char>(lesson.id[0]))) {
      fail(fileName_ + ": the lesson's folder and its \"id\" ('" + lesson.id +
           "') start with its number, as \"02-building-the-maze\" does");
    }
    lesson.number = std::stoi(lesson.id.substr(0, lesson.id.find('-')));
    lesson.files = textList(root, "files");
    if (lesson.files.empty()) {
      fail(fileName_ +
           ": \"files\" names no file: list the files a student writes, "
           "such as [\"maze.hpp\"]");
    }
    lesson.programs = programs(root);
    const json& steps = member(root, "steps", fileName_);
    if (!steps.is_array() || steps.empty()) {
      fail(fileName_ + ": \"steps\" is a list of the lesson's steps, and it has none");
    }
    for (const json& s : steps) lesson.steps.push_back(step(s, lesson, lesson.steps.size() + 1));
    for (Step& s : lesson.steps) s.wheatStep = wheatStep(lesson, s);
    return lesson;
  }

 private:
  [[noreturn]] static void fail(const std::string& message) { throw UsageError(message); }

  json parse() const {
    std::string bytes;
    try {
      bytes = common::readFile(file_);
    } catch (const std::exception& error) {
      fail("cannot read '" + fileName_ + "': " + error.what());
    }
    try {
      return json::parse(bytes);
    } catch (const json::exception& error) {
      fail("'" + fileName_ + "' is not JSON: " + error.what());
    }
  }

  static const json& member(const json& object, const char* name, const std::string& where) {
    if (!object.is_object() || !object.contains(name)) {
      fail(where + ": give \"" + name + "\"");
    }
    return object.at(name);
  }

  /// A string field that must be there and not empty.
  static std::string text(const json& object, const char* name, const std::string& where) {
    const json& value = member(object, name, where);
    if (!value.is_string() || value.get<std::string>().empty()) {
      fail(where + ": \"" + name + "\" is a text, and not empty; it is " + value.dump());
    }
    return value.get<std::string>();
  }

  std::vector<std::string> textList(const json& object, const char* name) const {
    const json& value = member(object, name, fileName_);
    std::vector<std::string> found;
    if (value.is_array()) {
      for (const json& item : value) {
        if (!item.is_string() || item.get<std::string>().empty()) break;
        found.push_back(item.get<std::string>());
      }
    }
    if (!value.is_array() || found.size() != value.size()) {
      fail(fileName_ + ": \"" + name + "\" is a list of file names, such as " +
           "[\"maze.hpp\"]; it is " + value.dump());
    }
    return found;
  }

  std::vector<LessonProgram> programs(const json& root) const {
    std::vector<LessonProgram> found;
    if (!root.contains("programs")) return found;
    const json& programs = root.at("programs");
    if (!programs.is_object()) {
      fail(fileName_ + ": \"programs\" names each program's main, such as " +
           "{\"play\": \"play/play_main.cpp\"}; it is " + programs.dump());
    }
    for (const auto& [name, source] : programs.items()) {
      if (!source.is_string() || source.get<std::string>().empty()) {
        fail(fileName_ + ": program '" + name + "' names its main's file, such as " +
             "\"play/play_main.cpp\"; it is " + source.dump());
      }
      LessonProgram program;
      program.name = name;
      program.source = folder_ / source.get<std::string>();
      found.push_back(std::move(program));
    }
    return found;
  }

  Step step(const json& s, const Lesson& lesson, std::size_t number) const {
    Step step;
    step.number = static_cast<int>(number);
    const std::string where = fileName_ + ": step " + std::to_string(number);
    step.id = text(s, "id", where);
    step.title = text(s, "title", where);
    step.test = folder_ / text(s, "test", where);
    step.hint = text(s, "hint", where);
    const json& points = member(s, "points", where);
    if (!points.is_number_integer() || points.get<int>() < 1) {
      fail(where + ": \"points\" is a whole number of 1 or more, the step's weight in a " +
           "grade; it is " + points.dump());
    }
    step.points = points.get<int>();
    step.solutionName = text(s, "solution", where);
    checkSolutionName(step, lesson, where);
    const std::filesystem::path cut = places_.build / "lessons" / lesson.id;
    step.solution = cut / step.solutionName;
    const json kind = s.value("kind", json("code"));
    if (kind == "tests") {
      testsStep(s, step, lesson, where);
      step.wheat = cut / step.wheat;
    } else if (kind == "code") {
      red(s, step, where);
    } else {
      fail(where + " has \"kind\": " + kind.dump() +
           "; use \"tests\" for a step where the student writes the tests, or leave " +
           "\"kind\" out");
    }
    refactor(s, step, where);
    if (s.contains("seconds")) {
      if (!s.at("seconds").is_number() || s.at("seconds").get<double>() <= 0) {
        fail(where + ": \"seconds\" is the time the step's program needs, a number above 0; " +
             "it is " + s.at("seconds").dump());
      }
      step.seconds = s.at("seconds").get<double>();
    }
    retires(s, step, lesson, where);
    return step;
  }

  /// The solutions are numbered 1, 2, ... in the order of the steps; a step may repeat the
  /// solution of the step before it (a test-writing step does).
  void checkSolutionName(const Step& step, const Lesson& lesson, const std::string& where) const {
    const std::string previous = lesson.steps.empty() ? "" : lesson.steps.back().solutionName;
    if (step.solutionName == previous) return;
    char expected[32];
    std::snprintf(expected, sizeof expected, "solutions/step%02d", lesson.solutionCount() + 1);
    if (step.solutionName != expected) {
      fail(where + " ('" + step.id + "') has \"solution\": \"" + step.solutionName +
           "\", but the next solution is \"" + expected +
           "\": number the solutions 1, 2, ... in the order of the steps");
    }
  }

  static void red(const json& s, Step& step, const std::string& where) {
    const json& red = member(s, "red", where);
    const json kind = red.is_object() ? red.value("kind", json()) : json();
    if (kind == "compile") {
      step.redKind = "compile";
      step.redPattern = text(red, "pattern", where + "'s \"red\"");
    } else if (kind == "assert") {
      step.redKind = "assert";
    } else {
      fail(where + " has \"red\": " + red.dump() +
           "; give {\"kind\": \"assert\"} (the test compiles and fails) or {\"kind\": " +
           "\"compile\", \"pattern\": \"...\"} (it does not compile, and the first error " +
           "matches the pattern)");
    }
  }

  void testsStep(const json& s, Step& step, const Lesson& lesson, const std::string& where) const {
    step.redKind = "tests";
    step.writes = text(s, "writes", where + " is a test-writing step");
    step.wheat = text(s, "wheat", where + " is a test-writing step");
    const json& chaffs = s.value("chaffs", json::array());
    if (!chaffs.is_array() || chaffs.size() < 5) {
      fail(where + " is a test-writing step: give at least 5 \"chaffs\"");
    }
    if (step.points != static_cast<int>(chaffs.size()) + 1) {
      fail(where + " has " + std::to_string(chaffs.size()) + " chaffs, so its points are " +
           std::to_string(chaffs.size() + 1) + " (one a chaff caught, one the wheat passed), not " +
           std::to_string(step.points));
    }
    static const std::regex idShape("[a-z0-9][a-z0-9-]*");
    for (const json& c : chaffs) {
      const std::string at = where + "'s chaff " + std::to_string(step.chaffs.size() + 1);
      Chaff chaff;
      chaff.id = text(c, "id", at);
      const std::string named = where + "'s chaff '" + chaff.id + "'";
      const bool taken = std::any_of(step.chaffs.begin(), step.chaffs.end(),
                                     [&](const Chaff& other) { return other.id == chaff.id; });
      if (!std::regex_match(chaff.id, idShape) || taken) {
        fail(named + ": an id is lower-case letters, digits and '-', and each chaff's is its own");
      }
      chaff.says = text(c, "says", named);
      chaff.in = text(c, "in", named);
      if (std::find(lesson.files.begin(), lesson.files.end(), chaff.in) == lesson.files.end()) {
        fail(named + ": its \"in\" (" + chaff.in +
             ") is not one of the lesson's \"files\"; name the file it changes");
      }
      // A student edition leaves out the answer's own lines: its chaffs come packed.
      if (!places_.studentEdition) {
        chaff.replace = text(c, "replace", named);
        const json& with = member(c, "with", named);
        if (!with.is_string()) fail(named + ": \"with\" is a text; it is " + with.dump());
        chaff.with = with.get<std::string>();
      }
      if (c.contains("schema")) {
        if (!c.at("schema").is_boolean()) {
          fail(named + ": \"schema\" is true or false, not " + c.at("schema").dump());
        }
        chaff.inSchema = c.at("schema").get<bool>();
      }
      step.chaffs.push_back(std::move(chaff));
    }
  }

  /// "refactor": {"keeps": "[keeps]", "why": "..."}: a step that changes how the code works and
  /// not what it does. The test cases `keeps` selects pass before the step and after it.
  static void refactor(const json& s, Step& step, const std::string& where) {
    if (!s.contains("refactor")) return;
    const json& refactor = s.at("refactor");
    const auto given = [&](const char* name) {
      return refactor.is_object() && refactor.contains(name) && refactor.at(name).is_string() &&
             !refactor.at(name).get<std::string>().empty();
    };
    if (!given("keeps") || !given("why")) {
      fail(where + " is a refactor: give \"keeps\" (the test spec of the test cases that " +
           "pass before and after it, e.g. \"[keeps]\") and \"why\"");
    }
    if (step.redKind != "assert") {
      fail(where + " is a refactor, so its test compiles before it: its red kind must be " +
           "\"assert\", not \"" + step.redKind + "\"");
    }
    step.keeps = refactor.at("keeps").get<std::string>();
    step.keepsWhy = refactor.at("why").get<std::string>();
  }

  static void retires(const json& s, Step& step, const Lesson& lesson, const std::string& where) {
    if (!s.contains("retires")) return;
    if (!s.at("retires").is_array()) {
      fail(where + ": \"retires\" is a list such as [{\"step\": \"07-dig-east\", " +
           "\"reason\": \"...\"}]; it is " + s.at("retires").dump());
    }
    for (const json& r : s.at("retires")) {
      Retirement retired{text(r, "step", where + "'s \"retires\""), ""};
      const bool earlier = std::any_of(lesson.steps.begin(), lesson.steps.end(),
                                       [&](const Step& e) { return e.id == retired.step; });
      if (!earlier) {
        fail(where + " retires '" + retired.step +
             "', which is not an earlier step of the lesson: name an earlier step's id");
      }
      if (!r.contains("reason") || !r.at("reason").is_string() ||
          r.at("reason").get<std::string>().empty()) {
        fail(where + " retires " + retired.step + " without a reason");
      }
      retired.reason = r.at("reason").get<std::string>();
      step.retires.push_back(std::move(retired));
    }
  }

  /// A test-writing step's wheat is the solution of that step or a later one (tests first: the
  /// next step's, which makes them pass).
  int wheatStep(const Lesson& lesson, const Step& step) const {
    if (!step.writesTests()) return step.number;
    for (const Step& s : lesson.steps) {
      if (s.number >= step.number && s.solution == step.wheat) return s.number;
    }
    fail(fileName_ + ": step " + std::to_string(step.number) + "'s \"wheat\" (" +
         step.wheat.lexically_relative(places_.build / "lessons" / lesson.id).string() +
         ") is not the solution of that step or a later one: name the solution of the step " +
         "that makes the tests pass");
  }

  std::filesystem::path folder_;
  std::filesystem::path file_;
  std::string fileName_;  // file_ as the messages name it (and a string that outlives them)
  LessonPlaces places_;
};

}  // namespace

Lesson readLesson(const std::filesystem::path& folder, const LessonPlaces& places) {
  return LessonReader(folder, places).read();
}

std::vector<std::string> testCaseNames(std::string_view text, const std::filesystem::path& file) {
  static const std::regex declares(R"re(^[ \t]*(TEST_CASE|SCENARIO)[ \t]*\()re");
  static const std::regex named(R"re(\([ \t]*"((?:[^"\\]|\\.)*)")re");
  std::vector<std::string> names;
  std::istringstream lines{std::string(text)};
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    std::smatch found;
    if (!std::regex_search(line, found, declares)) continue;
    const bool scenario = found[1] == "SCENARIO";
    if (!std::regex_search(line, found, named)) {
      throw UsageError(file.string() + ":" + std::to_string(number) +
                       ": cannot read the test case name: write the name on the line of " +
                       "TEST_CASE, as TEST_CASE(\"what it checks\", \"[lesson01][step02]\")");
    }
    std::string name = scenario ? "Scenario: " : "";
    const std::string escaped = found[1];
    for (std::size_t i = 0; i < escaped.size(); ++i) {
      // \" and \\ are a quote and a backslash; any other escape is the compiler's to read.
      if (escaped[i] == '\\' && i + 1 < escaped.size() &&
          (escaped[i + 1] == '"' || escaped[i + 1] == '\\'))
        ++i;
      name += escaped[i];
    }
    names.push_back(std::move(name));
  }
  return names;
}

int Lesson::solutionCount() const {
  std::vector<std::string> names;
  for (const Step& s : steps) {
    if (std::find(names.begin(), names.end(), s.solutionName) == names.end())
      names.push_back(s.solutionName);
  }
  return static_cast<int>(names.size());
}

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
    if (s.id == numberOrId || (common::isNumber(numberOrId) && s.number == std::stoi(numberOrId))) {
      return s;
    }
  }
  throw UsageError("lesson " + std::to_string(number) + " has no step '" + numberOrId +
                   "': its steps are 1 to " + std::to_string(steps.size()));
}

std::filesystem::path solutionFile(const Lesson& lesson, const Step& step,
                                   const std::string& file) {
  std::filesystem::path path = step.solution / file;
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
  const LessonPlaces places{kit.build, kit.exercises(),
                            std::filesystem::exists(kit.source / studentEditionMarker)};
  for (const auto& folder : folders) lessons.push_back(readLesson(folder, places));
  return lessons;
}

const Lesson& findLesson(const std::vector<Lesson>& lessons, const std::string& numberOrId) {
  for (const Lesson& lesson : lessons) {
    if (lesson.id == numberOrId ||
        (common::isNumber(numberOrId) && lesson.number == std::stoi(numberOrId))) {
      return lesson;
    }
  }
  std::ostringstream message;
  message << "there is no lesson '" << numberOrId << "': the lessons are";
  for (const Lesson& lesson : lessons) message << " " << lesson.number << " (" << lesson.id << ")";
  throw UsageError(message.str());
}

}  // namespace mazekit
