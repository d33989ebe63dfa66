// mazekit verify [LESSON]: the red-then-green proof of one lesson or all, step by step. It
// builds the lesson's proof programs in the kit's build tree, runs its CTest tests
// (lessonNN.red.*, .green.*, .picture.*, .final.*) and prints each step's RED, GREEN and
// picture; exit status 1 if any of them fails or is missing.
#include <libxml/parser.h>
#include <libxml/tree.h>

#include <iomanip>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>

#include "commands.hpp"
#include "kit/edition.hpp"
#include "kit/kit.hpp"
#include "kit/lessons.hpp"
#include "kit/manifest.hpp"
#include "run/process.hpp"

namespace fs = std::filesystem;

namespace {
// The kit's own tools (cmake, ctest), with mazekit's environment.
mazekit::run::Result runTool(std::vector<std::string> argv, const fs::path& cwd,
                             const mazekit::run::Limits& limits) {
  mazekit::run::Command command{std::move(argv), cwd, mazekit::run::inheritedEnvironment(), false};
  return mazekit::run::runProcess(command, limits);
}
}  // namespace

namespace {

struct VerifyOptions {
  std::string lesson;
  int jobs = 2;
};

// Each test case of a JUnit file (ctest --output-junit): its name, and whether it passed.
// Read with libxml2, so that any name the XML can hold comes back as it was written.
std::map<std::string, bool> readJunit(const fs::path& file) {
  std::map<std::string, bool> results;
  xmlDocPtr document =
      xmlReadFile(file.c_str(), nullptr, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (document == nullptr) return results;
  const auto attribute = [](xmlNodePtr node, const char* name) {
    xmlChar* value = xmlGetProp(node, reinterpret_cast<const xmlChar*>(name));
    std::string text = value != nullptr ? reinterpret_cast<const char*>(value) : "";
    xmlFree(value);
    return text;
  };
  // <testsuite> holds the <testcase>s, each with name= and status= ("run" when it passed).
  for (xmlNodePtr suite = xmlDocGetRootElement(document); suite != nullptr; suite = suite->next) {
    for (xmlNodePtr node = suite->children; node != nullptr; node = node->next) {
      if (node->type != XML_ELEMENT_NODE ||
          xmlStrcmp(node->name, reinterpret_cast<const xmlChar*>("testcase")) != 0) {
        continue;
      }
      results[attribute(node, "name")] = attribute(node, "status") == "run";
    }
  }
  xmlFreeDoc(document);
  return results;
}

mazekit::run::Limits longLimits() {
  mazekit::run::Limits l;
  l.wallSeconds = 4 * 3600;
  l.cpuSeconds = 8 * 3600;
  l.fileBytes = std::size_t(8) << 30;
  l.outputBytes = 16u << 20;
  return l;
}

// lessonNN for "01-turtle-warmup"
std::string shortName(const mazekit::Lesson& lesson) {
  std::ostringstream s;
  s << "lesson" << std::setw(2) << std::setfill('0') << lesson.number;
  return s.str();
}

// Builds the proof's programs, as the build manifest lists them (not the student's exercise
// ones), and says so when some do not build.
void buildProof(const mazekit::Kit& kit, const std::vector<std::string>& targets, int jobs) {
  if (!targets.empty()) {
    std::vector<std::string> build{
        kit.cmake, "--build", kit.build.string(), "-j", std::to_string(jobs), "--target"};
    build.insert(build.end(), targets.begin(), targets.end());
    const auto built = runTool(build, kit.build, longLimits());
    if (!built.exitedWith(0)) {
      std::cout << "  the proof's programs did not all build (a compile RED is not one of them):\n"
                << built.output.substr(built.output.size() > 3000 ? built.output.size() - 3000 : 0)
                << "\n";
    }
  }
}

// Runs the proof's tests whose names match `regex` and reads which passed: test name -> passed
// (empty when ctest ran none, with what it said in `said`).
std::map<std::string, bool> runProof(const mazekit::Kit& kit, const std::string& regex,
                                     const std::string& name, int jobs, std::string& said) {
  const fs::path junit = kit.build / "Testing" / ("mazekit-verify-" + name + ".xml");
  fs::create_directories(junit.parent_path());
  fs::remove(junit);
  const std::string ctest = (fs::path(kit.cmake).parent_path() / "ctest").string();
  const auto ran =
      runTool({ctest, "--test-dir", kit.build.string(), "-R", regex, "-j", std::to_string(jobs),
               "--no-tests=error", "--output-junit", junit.string()},
              kit.build, longLimits());
  said = ran.output;
  return readJunit(junit);
}

// Prints the lesson's checks that are not a step's (.final.*, and any more it adds); adds the
// failed ones to `failed`. Returns false if any failed.
bool printOtherChecks(const std::map<std::string, bool>& results, const std::string& prefix,
                      std::vector<std::string>& failed) {
  bool ok = true;
  for (const auto& [name, passed] : results) {
    const bool stepCheck =
        name.rfind(prefix + ".red.", 0) == 0 || name.rfind(prefix + ".green.", 0) == 0 ||
        name.rfind(prefix + ".picture.", 0) == 0 || name.rfind(prefix + ".keeps.", 0) == 0 ||
        name.rfind(prefix + ".wheat.", 0) == 0 || name.rfind(prefix + ".chaff.", 0) == 0;
    if (stepCheck) continue;
    std::cout << "  " << (passed ? "ok      " : "FAILED  ") << name << "\n";
    if (!passed) failed.push_back(name);
    ok = ok && passed;
  }
  return ok;
}

// Prints one lesson's proof, step by step, from the results of its tests (all lessons' results
// may be given: only this lesson's are read). Returns false if any check failed or is missing.
// About 70 lines: a row per step, to which a refactor and a test-writing step each add their
// columns, in the order the row is read.
bool printLesson(const mazekit::Kit& kit, const mazekit::Lesson& lesson,
                 const std::map<std::string, bool>& all, const std::string& said) {
  const std::string prefix = shortName(lesson);
  std::cout << "Lesson " << lesson.id << ": " << lesson.title << "\n";
  std::map<std::string, bool> results;
  for (const auto& [name, passed] : all) {
    if (name.rfind(prefix + ".", 0) == 0) results[name] = passed;
  }
  if (results.empty()) {
    std::cout << "  ctest ran no tests for " << prefix << " in " << kit.build.string()
              << " (configure the kit with its tests on: cmake --preset dev)\n"
              << said;
    return false;
  }

  bool ok = true;
  std::vector<std::string> failed;
  auto find = [&](const std::string& kind, const std::string& stepId) -> std::string {
    const std::string start = prefix + "." + kind + "." + stepId;
    for (const auto& [name, passed] : results) {
      if (name == start || name.rfind(start + " ", 0) == 0) {
        if (!passed) failed.push_back(name);
        return passed ? "ok" : "FAILED";
      }
    }
    return "missing";
  };
  for (const auto& step : lesson.steps) {
    const std::string red = find("red", step.id);
    const std::string green = find("green", step.id);
    const std::string picture = find("picture", step.id);
    ok = ok && red == "ok" && green == "ok" && picture == "ok";
    std::cout << "  " << std::setw(2) << std::setfill('0') << step.number << std::setfill(' ')
              << " " << std::left << std::setw(34) << step.id << std::right << " RED " << std::left
              << std::setw(8) << red << " GREEN " << std::setw(8) << green << " picture " << picture
              << std::right;
    // A refactor step also proves that what it keeps passed before it.
    if (!step.keeps.empty()) {
      const std::string keeps = find("keeps", step.id);
      ok = ok && keeps == "ok";
      std::cout << "  REFACTOR: " << step.keeps << " passed before " << keeps;
    }
    // A test-writing step: the lesson's tests pass the wheat and catch every chaff.
    if (step.writesTests()) {
      const std::string wheat = find("wheat", step.id);
      const std::string chaff = prefix + ".chaff." + step.id + ".";
      int chaffs = 0, caught = 0;
      for (const auto& [name, passed] : results) {
        if (name.rfind(chaff, 0) != 0) continue;
        ++chaffs;
        caught += passed ? 1 : 0;
        if (!passed) failed.push_back(name);
      }
      ok = ok && wheat == "ok" && chaffs > 0 && caught == chaffs;
      std::cout << "  TESTS: wheat " << wheat << ", chaffs caught " << caught << " of " << chaffs;
    }
    std::cout << "\n";
  }
  ok = printOtherChecks(results, prefix, failed) && ok;
  for (const auto& name : failed) {
    std::cout << "  see why: ctest --test-dir " << kit.build.string() << " -R '"
              << std::regex_replace(name, std::regex("[.^$|()\\[\\]*+?{}\\\\]"), "\\$&")
              << "' --output-on-failure\n";
  }
  std::cout << (ok ? "  proven: every step RED before it and GREEN after it\n" : "  NOT proven\n")
            << std::flush;
  return ok;
}

}  // namespace

namespace mazekit::verify {

void addVerifyCommand(CLI::App& app) {
  static VerifyOptions options;
  auto* cmd = app.add_subcommand(
      "verify",
      "Prove lessons: each step's test RED before it and GREEN after it, with its picture");
  cmd->add_option("LESSON", options.lesson, "Lesson number or id; all lessons if left out");
  cmd->add_option("-j,--jobs", options.jobs, "Builds and tests at a time (default 2)");
  cmd->callback([] {
    if (options.jobs < 1 || options.jobs > 256)
      throw mazekit::UsageError("-j must be from 1 to 256; got " + std::to_string(options.jobs));
    const mazekit::Kit kit = mazekit::locateKit();
    mazekit::requireWholeKit(kit, "solutions to prove the lessons with",
                             "mazekit check LESSON STEP checks your own steps");
    const auto lessons = mazekit::loadLessons(kit);
    std::vector<const mazekit::Lesson*> chosen;
    if (options.lesson.empty()) {
      for (const auto& l : lessons) chosen.push_back(&l);
    } else {
      chosen.push_back(&mazekit::findLesson(lessons, options.lesson));
    }
    if (!fs::exists(kit.build / "CTestTestfile.cmake")) {
      throw mazekit::UsageError("the kit's build tree '" + kit.build.string() +
                                "' has no tests: configure it with MAZEKIT_BUILD_TESTS=ON (cmake "
                                "--preset dev), or set MAZEKIT_BUILD");
    }
    const mazekit::Manifest manifest = mazekit::readManifest(kit);
    // Every chosen lesson at once: one build of all their programs and one ctest run keep
    // both cores busy from the first lesson to the last (lesson by lesson, each lesson's last
    // build and last test ran alone). Each lesson is then printed from the one run's results.
    std::vector<std::string> targets;
    std::string regex;
    for (const auto* lesson : chosen) {
      const auto& mine = manifest.lesson(lesson->id).proofTargets;
      targets.insert(targets.end(), mine.begin(), mine.end());
      regex += (regex.empty() ? "" : "|") + shortName(*lesson);
    }
    std::cout << "Building and running the proof of " << chosen.size()
              << (chosen.size() == 1 ? " lesson" : " lessons") << "...\n"
              << std::flush;
    buildProof(kit, targets, options.jobs);
    std::string said;
    const auto results =
        runProof(kit, "^(" + regex + ")\\.",
                 chosen.size() == 1 ? shortName(*chosen.front()) : "all", options.jobs, said);
    bool ok = true;
    for (const auto* lesson : chosen) ok = printLesson(kit, *lesson, results, said) && ok;
    std::cout << std::flush;
    if (!ok) mazekit::setExitStatus(1);
  });
}

}  // namespace mazekit::verify
