#include "kit/manifest.hpp"

#include <fstream>
#include <nlohmann/json.hpp>

namespace mazekit {

const ManifestLesson& Manifest::lesson(const std::string& id) const {
  std::string there;
  for (const ManifestLesson& l : lessons) {
    if (l.id == id) return l;
    there += (there.empty() ? "" : ", ") + l.id;
  }
  throw UsageError("the kit's build has no lesson '" + id + "' (it has " + there +
                   "): build the kit again (cmake --build --preset dev)");
}

const ManifestStep& Manifest::step(const std::string& lessonId, const std::string& stepId) const {
  const ManifestLesson& l = lesson(lessonId);
  for (const ManifestStep& s : l.steps) {
    if (s.id == stepId) return s;
  }
  throw UsageError("the kit's build has no step '" + stepId + "' in lesson '" + lessonId +
                   "': build the kit again (cmake --build --preset dev)");
}

const ManifestProgram& Manifest::program(const std::string& lessonId,
                                         const std::string& name) const {
  const ManifestLesson& l = lesson(lessonId);
  for (const ManifestProgram& p : l.programs) {
    if (p.name == name) return p;
  }
  throw UsageError("the kit's build has no program '" + name + "' in lesson '" + lessonId +
                   "': configure and build the kit again (cmake --preset dev)");
}

namespace {

ManifestStep stepFromJson(const nlohmann::json& s) {
  ManifestStep step;
  step.id = s.at("id").get<std::string>();
  step.title = s.at("title").get<std::string>();
  step.test = s.at("test").get<std::string>();
  step.fileTag = s.at("file_tag").get<std::string>();
  step.points = s.at("points").get<int>();
  step.seconds = s.value("seconds", 0.0);
  step.testCases = s.at("test_cases").get<std::vector<std::string>>();
  step.retires = s.at("retires").get<std::vector<std::string>>();
  step.exerciseTarget = s.at("exercise_target").get<std::string>();
  step.exerciseProgram = s.at("exercise_program").get<std::string>();
  step.pictureProgram = s.at("picture_program").get<std::string>();
  step.kind = s.value("kind", std::string("code"));
  if (step.writesTests()) {
    step.writes = s.at("writes").get<std::string>();
    step.wheat = s.at("wheat").get<std::string>();
    step.wheatStep = s.at("wheat_step").get<std::string>();
    for (const auto& c : s.at("chaffs")) {
      step.chaffs.push_back({c.at("id").get<std::string>(), c.at("says").get<std::string>(),
                             c.at("code").get<std::string>()});
    }
    step.schema = s.value("schema", std::string());
  }
  return step;
}

ManifestLesson lessonFromJson(const nlohmann::json& l) {
  ManifestLesson lesson;
  lesson.id = l.at("id").get<std::string>();
  lesson.title = l.at("title").get<std::string>();
  lesson.folder = l.at("folder").get<std::string>();
  lesson.files = l.at("files").get<std::vector<std::string>>();
  lesson.proofTargets = l.at("proof_targets").get<std::vector<std::string>>();
  for (const auto& s : l.at("steps")) lesson.steps.push_back(stepFromJson(s));
  for (const auto& p : l.value("programs", nlohmann::json::array())) {
    ManifestProgram program;
    program.name = p.at("name").get<std::string>();
    program.exerciseTarget = p.at("exercise_target").get<std::string>();
    program.exerciseProgram = p.at("exercise_program").get<std::string>();
    lesson.programs.push_back(std::move(program));
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
  try {
    const nlohmann::json json = nlohmann::json::parse(in);
    if (json.at("format") != "mazekit-manifest-1") throw std::runtime_error("unknown format");
    Manifest m;
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
    for (const auto& l : json.at("lessons")) m.lessons.push_back(lessonFromJson(l));
    return m;
  } catch (const std::exception& error) {
    throw std::runtime_error("cannot read the kit's build manifest '" + file.string() + "' (" +
                             error.what() + "): build the kit again (cmake --build --preset dev)");
  }
}

}  // namespace mazekit
