#include "kit/manifest.hpp"

#include <fstream>
#include <nlohmann/json.hpp>

namespace mazekit {

const Lesson& Manifest::lesson(const std::string& id) const {
  std::string there;
  for (const Lesson& l : lessons) {
    if (l.id == id) return l;
    there += (there.empty() ? "" : ", ") + l.id;
  }
  throw UsageError("the kit's build has no lesson '" + id + "' (it has " + there +
                   "): build the kit again (cmake --build --preset dev)");
}

const Step& Manifest::step(const std::string& lessonId, const std::string& stepId) const {
  const Lesson& l = lesson(lessonId);
  for (const Step& s : l.steps) {
    if (s.id == stepId) return s;
  }
  throw UsageError("the kit's build has no step '" + stepId + "' in lesson '" + lessonId +
                   "': build the kit again (cmake --build --preset dev)");
}

const LessonProgram& Manifest::program(const std::string& lessonId, const std::string& name) const {
  const Lesson& l = lesson(lessonId);
  for (const LessonProgram& p : l.programs) {
    if (p.name == name && !p.exerciseTarget.empty()) return p;
  }
  throw UsageError("the kit's build has no program '" + name + "' in lesson '" + lessonId +
                   "': configure and build the kit again (cmake --preset dev)");
}

namespace {

/// What the build made of a step, added to the step as lesson.json gives it.
void addBuilt(Step& step, const nlohmann::json& s) {
  step.fileTag = s.at("file_tag").get<std::string>();
  step.testCases = s.at("test_cases").get<std::vector<std::string>>();
  step.exerciseTarget = s.at("exercise_target").get<std::string>();
  step.exerciseProgram = s.at("exercise_program").get<std::string>();
  step.pictureProgram = s.at("picture_program").get<std::string>();
  if (!step.writesTests()) return;
  for (const auto& c : s.at("chaffs")) {
    for (Chaff& chaff : step.chaffs) {
      if (chaff.id == c.at("id").get<std::string>()) chaff.code = c.at("code").get<std::string>();
    }
  }
  step.schema = s.value("schema", std::string());
}

/// The lesson in the manifest's entry `l`, read from its lesson.json, with only the steps the
/// build has (a step added to lesson.json since the kit was configured is not built yet).
Lesson lessonFromJson(const Kit& kit, const nlohmann::json& l) {
  const std::filesystem::path folder = l.at("folder").get<std::string>();
  const std::filesystem::path source = folder.parent_path().parent_path();
  Lesson lesson = readLesson(
      folder, {kit.build, kit.exercises(), std::filesystem::exists(source / studentEditionMarker)});
  std::vector<Step> built;
  for (Step& step : lesson.steps) {
    for (const auto& s : l.at("steps")) {
      if (s.at("id").get<std::string>() != step.id) continue;
      addBuilt(step, s);
      built.push_back(std::move(step));
      break;
    }
  }
  lesson.steps = std::move(built);
  lesson.proofTargets = l.at("proof_targets").get<std::vector<std::string>>();
  for (const auto& p : l.value("programs", nlohmann::json::array())) {
    for (LessonProgram& program : lesson.programs) {
      if (program.name != p.at("name").get<std::string>()) continue;
      program.exerciseTarget = p.at("exercise_target").get<std::string>();
      program.exerciseProgram = p.at("exercise_program").get<std::string>();
    }
  }
  return lesson;
}

}  // namespace

Manifest readManifest(const Kit& kit) {
  const std::filesystem::path file = kit.build / "mazekit" / "manifest.json";
  std::ifstream in(file);
  if (!in) {
    throw std::runtime_error(
        "the kit's build tree '" + kit.build.string() +
        "' has no mazekit/manifest.json: configure and build the kit with its tests on "
        "(cmake --preset dev && cmake --build --preset dev), or set MAZEKIT_BUILD");
  }
  Manifest m;
  try {
    const nlohmann::json json = nlohmann::json::parse(in);
    if (json.at("format") != "mazekit-manifest-1") throw std::runtime_error("unknown format");
    m.compiler = json.at("compiler").get<std::string>();
    m.standard = json.at("standard").get<std::string>();
    m.cxxFlags = json.at("cxx_flags").get<std::vector<std::string>>();
    m.linkerFlags = json.at("linker_flags").get<std::vector<std::string>>();
    m.sanitized = json.at("sanitized").get<bool>();
    m.studentInclude = json.at("student_include").get<std::string>();
    for (const auto& d : json.value("system_include", nlohmann::json::array()))
      m.systemInclude.emplace_back(d.get<std::string>());
    m.harness = json.at("harness").get<std::string>();
    for (const auto& l : json.at("libraries")) m.libraries.emplace_back(l.get<std::string>());
    for (const auto& l : json.at("lessons")) m.lessons.push_back(lessonFromJson(kit, l));
  } catch (const UsageError&) {
    throw;  // a lesson.json's mistake, named by the reader
  } catch (const std::exception& error) {
    throw std::runtime_error("cannot read the kit's build manifest '" + file.string() + "' (" +
                             error.what() + "): build the kit again (cmake --build --preset dev)");
  }
  return m;
}

}  // namespace mazekit
