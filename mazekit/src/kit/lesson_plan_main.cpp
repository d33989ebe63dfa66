// lesson_plan LESSON_FOLDER BUILD_FOLDER OUT [--student-edition]: reads a lesson's lesson.json
// with the kit's one reader (kit/lessons.hpp) and writes OUT, a CMake script that sets what the
// build declares the lesson's targets and tests from (cmake/kit_lessons.cmake, kit_read_lesson):
// the lesson's id, files and programs, and each step's id, test, kind, RED, solution, wheat,
// chaffs' ids and test case names; nothing the build does not use. CMake builds and runs it when it
// configures the kit; it checks nothing itself, so a lesson.json with a mistake stops the configure
// with the reader's message.
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "common/files.hpp"
#include "kit/lessons.hpp"

namespace {

/// `text` as a CMake quoted argument.
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '"':
        out += "\\\"";
        break;
      case '$':
        out += "\\$";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out += c;
    }
  }
  return out + "\"";
}

/// Lines of set() commands, each variable's name after the prefix the caller chose.
class Plan {
 public:
  void set(const std::string& name, const std::string& value) {
    text_ << "set(${_kit_prefix}_" << name << " " << quoted(value) << ")\n";
    names_.push_back(name);
  }
  void setList(const std::string& name, const std::vector<std::string>& items) {
    std::string joined;
    for (const std::string& item : items) joined += (joined.empty() ? "" : ";") + item;
    set(name, joined);
  }
  std::string script() const {
    std::string names;
    for (const std::string& name : names_) names += " ${_kit_prefix}_" + name;
    return text_.str() + "set(_kit_plan_names" + names + ")\n";
  }

 private:
  std::ostringstream text_;
  std::vector<std::string> names_;
};

/// A JSON array's items without its brackets, for the manifest CMake writes.
std::string jsonItems(const std::vector<std::string>& items) {
  const std::string array = nlohmann::json(items).dump();
  return array.substr(1, array.size() - 2);
}

void planStep(Plan& plan, const mazekit::Lesson& lesson, const mazekit::Step& step,
              bool studentEdition) {
  const std::string k = std::to_string(step.number) + "_";
  plan.set(k + "ID", step.id);
  plan.set(k + "TEST", step.test.string());
  plan.set(k + "SOLUTION", step.solution.string());
  plan.set(k + "KIND", step.writesTests() ? "tests" : "code");
  plan.set(k + "RED_KIND", step.redKind);
  plan.set(k + "RED_PATTERN", step.redPattern);
  plan.set(k + "KEEPS", step.keeps);
  std::vector<std::string> retired;
  for (const mazekit::Retirement& r : step.retires) retired.push_back(r.step);
  plan.setList(k + "RETIRES", retired);
  plan.set(k + "WHEAT_STEP", std::to_string(step.wheatStep));
  // The student edition has no test file for a test-writing step: it is that step's answer.
  std::vector<std::string> cases;
  if (!(studentEdition && step.writesTests())) {
    std::string text;
    try {
      text = common::readFile(step.test);
    } catch (const std::exception&) {
      throw mazekit::UsageError((lesson.folder / "lesson.json").string() + ": step " +
                                std::to_string(step.number) + "'s \"test\" (" + step.test.string() +
                                ") is not there: name the step's test file");
    }
    cases = mazekit::testCaseNames(text, step.test);
  }
  plan.set(k + "TEST_CASES_JSON", jsonItems(cases));
  if (!step.writesTests()) return;
  plan.set(k + "WRITES", step.writes);
  plan.set(k + "WHEAT", step.wheat.string());
  std::vector<std::string> ids;
  for (std::size_t c = 0; c < step.chaffs.size(); ++c) {
    const mazekit::Chaff& chaff = step.chaffs[c];
    plan.set(k + "CHAFF_" + std::to_string(c) + "_ID", chaff.id);
    ids.push_back(chaff.id);
  }
  plan.setList(k + "CHAFFS", ids);
}

std::string planOf(const mazekit::Lesson& lesson, bool studentEdition) {
  Plan plan;
  plan.set("ID", lesson.id);
  plan.setList("FILES", lesson.files);
  plan.set("STEP_COUNT", std::to_string(lesson.steps.size()));
  std::vector<std::string> programs;
  for (const mazekit::LessonProgram& p : lesson.programs) {
    programs.push_back(p.name);
    plan.set("PROGRAM_" + p.name, p.source.string());
  }
  plan.setList("PROGRAMS", programs);
  // What lesson_cut writes: each solution ("solutions/step01", ...) and each chaff (STEP/CHAFF).
  std::vector<std::string> solutions;
  std::vector<std::string> chaffs;
  for (const mazekit::Step& step : lesson.steps) {
    if (solutions.empty() || solutions.back() != step.solutionName)
      solutions.push_back(step.solutionName);
    for (const mazekit::Chaff& c : step.chaffs) chaffs.push_back(step.id + "/" + c.id);
    planStep(plan, lesson, step, studentEdition);
  }
  plan.setList("CUT_SOLUTIONS", solutions);
  plan.setList("CUT_CHAFFS", chaffs);
  return plan.script();
}

}  // namespace

int main(int argc, char** argv) {
  const bool studentEdition = argc == 5 && std::string(argv[4]) == "--student-edition";
  if (argc != 4 && !studentEdition) {
    std::cerr << "lesson_plan: expected LESSON_FOLDER BUILD_FOLDER OUT [--student-edition]: "
                 "cmake/kit_lessons.cmake runs it as it configures the kit\n";
    return 2;
  }
  try {
    const mazekit::Lesson lesson =
        mazekit::readLesson(argv[1], mazekit::LessonPlaces{argv[2], {}, studentEdition});
    common::saveFileIfChanged(argv[3], planOf(lesson, studentEdition));
  } catch (const std::exception& error) {
    std::cerr << error.what() << "\n";
    return 1;
  }
  return 0;
}
