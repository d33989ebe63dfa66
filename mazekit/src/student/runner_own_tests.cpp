// A test-writing step checked: the student's own tests built against the lesson's code and
// run on the wheat and on every chaff (in one mutant-schema program when the step has one),
// each chaff caught or missed.
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <functional>
#include <future>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <turtle/save_file.hpp>

#include "common/files.hpp"
#include "grade/build.hpp"
#include "grade/chaff_schema.hpp"
#include "grade/wheats_and_chaffs.hpp"
#include "kit/edition.hpp"
#include "run/compiler_output.hpp"
#include "run/process.hpp"
#include "run/report.hpp"
#include "run/text.hpp"
#include "student/runner.hpp"
#include "student/runner_internal.hpp"

namespace mazekit::student {
namespace fs = std::filesystem;

namespace {

// The compiler's first error in a copy of the student's tests file, said of their own file.
StepResult testsNotCompiled(const run::Result& built, const std::vector<fs::path>& roots,
                            const std::string& compiled, const std::string& shown) {
  StepResult result = notCompiled(built, roots);
  for (std::string& line : result.detail) {
    for (std::size_t at = line.find(compiled); at != std::string::npos;
         at = line.find(compiled, at + shown.size())) {
      line.replace(at, compiled.size(), shown);
    }
  }
  return result;
}

StepResult interruptedResult() {
  StepResult stopped;
  stopped.interrupted = true;
  stopped.summary = "interrupted";
  return stopped;
}

// Which chaffs the step's mutant schema holds (grade/chaff_schema.hpp), when the kit's build
// made one; none with MAZEKIT_NO_SCHEMA=1, which builds every chaff apart, as a grade does (to
// compare, or to time).
std::vector<bool> chaffsInSchema(const Step& plan) {
  const char* noSchema = std::getenv("MAZEKIT_NO_SCHEMA");
  const bool schemaOff = noSchema != nullptr && *noSchema != '\0' && std::string(noSchema) != "0";
  return schemaOff ? std::vector<bool>{} : grade::schemaPlaced(plan.schema, plan.chaffs.size());
}

// work(i) for each i from 0 to n - 1, two at a time (this thread and one more); the first
// exception any of them throws is thrown again once both are done.
void twoAtATime(std::size_t n, const std::function<void(std::size_t)>& work) {
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failureLock;
  const auto worker = [&] {
    for (std::size_t i = next++; i < n; i = next++) {
      try {
        work(i);
      } catch (...) {
        const std::lock_guard<std::mutex> hold(failureLock);
        failure = std::current_exception();
      }
    }
  };
  std::thread helper(worker);
  worker();
  helper.join();
  if (failure) std::rethrow_exception(failure);
}

// A test-writing step whose tests file the student has not made, or has deleted.
StepResult noTestsYet(const std::string& shownFile, int lessonNumber) {
  StepResult missing;
  missing.outcome = run::Outcome::wrongTests;
  missing.summary = "no tests yet";
  missing.detail.push_back("there is no " + shownFile + ": make it (mazekit reset " +
                           std::to_string(lessonNumber) + " puts back the starting one)");
  return missing;
}

// A test-writing step's verdict, as the student's check says it.
StepResult testsResult(const grade::TestsVerdict& verdict) {
  StepResult result;
  result.outcome = verdict.outcome;
  result.green = verdict.green();
  result.summary =
      verdict.green() ? std::string(run::outcomeName(verdict.outcome)) : verdict.reason;
  if (!verdict.green()) result.detail = verdict.detail;
  return result;
}

}  // namespace

Checker::OwnTestsRun Checker::buildAndRunTests(const Lesson& lesson, const std::string& file,
                                               const fs::path& code, const std::string& program,
                                               double seconds,
                                               const volatile std::sig_atomic_t* stop,
                                               bool prepare) const {
  OwnTestsRun own = buildTests(lesson, file, code, program, stop, prepare);
  if (own.tests.compiled) runTests(lesson, own, program, seconds, stop);
  return own;
}

Checker::OwnTestsRun Checker::buildTests(const Lesson& lesson, const std::string& file,
                                         const fs::path& code, const std::string& program,
                                         const volatile std::sig_atomic_t* stop,
                                         bool prepare) const {
  grade::BuildPlaces places = studentPlaces(kit_, lesson);
  if (prepare) {
    buildLibraries(stop);
    preparePrecompiledHeader(kit_, manifest(), places);
  }
  places.code = code;
  OwnTestsRun own;
  own.compiled = places.sources / ("tests-" + program) / file;
  fs::create_directories(own.compiled.parent_path());
  {
    std::ifstream in(lesson.exercise / file, std::ios::binary);
    std::ofstream out(own.compiled, std::ios::binary | std::ios::trunc);
    out << in.rdbuf();
  }
  std::error_code ec;
  fs::remove(places.bin / program, ec);
  own.built = runCompiler(grade::compileCommand(manifest(), places, own.compiled, program), stop);
  own.tests.compiled = own.built.exitedWith(0);
  return own;
}

void Checker::runTests(const Lesson& lesson, OwnTestsRun& own, const std::string& program,
                       double seconds, const volatile std::sig_atomic_t* stop,
                       const std::string& chaffChoice) const {
  const grade::BuildPlaces places = studentPlaces(kit_, lesson);
  own.tests.ran = runWithReport({(places.bin / program).string()}, seconds, stop, chaffChoice);
  own.tests.report = run::readHarnessReport(own.tests.ran.report, std::nullopt);
}

// In order: the wheat and chaffs unpacked (a student edition), the tests built against the wheat
// and the schema side by side, run on the wheat, then on each chaff two at a time, and judged.
// It is longer than most (about 75 lines) because that order, and which build waits for which,
// is easiest to check when it reads top to bottom in one place.
StepResult Checker::checkTests(const Lesson& lesson, const Step& step,
                               const volatile std::sig_atomic_t* stop) const {
  Step plan = planned(lesson, step);
  // The student edition has the wheat and chaffs only packed: unpacked for this check into a
  // private folder, removed when it ends (kit/edition.hpp).
  std::optional<UnpackedPack> unpacked;
  if (!fs::is_directory(plan.wheat) && fs::is_regular_file(packOf(lesson, step))) {
    unpacked.emplace(packOf(lesson, step));
    plan.wheat = unpacked->wheat();
    for (Chaff& chaff : plan.chaffs) chaff.code = unpacked->chaff(chaff.id);
  }
  const std::string shownFile = shown(lesson.exercise / step.writes);
  if (!fs::exists(lesson.exercise / step.writes)) return noTestsYet(shownFile, lesson.number);
  const double seconds = std::max(timeLimit_, plan.seconds);
  const std::vector<fs::path> roots{kit_.source, kit_.build};
  buildLibraries(stop);
  preparePrecompiledHeader(kit_, manifest(), studentPlaces(kit_, lesson));
  // The mutant schema (grade/chaff_schema.hpp), when the kit's build made one: the student's
  // tests built once against it, beside the wheat's build on the other core, and run once per
  // chaff it holds, instead of a build per chaff. The tests could read which chaff a run is
  // (the environment) and fool this check, but only this check, on the student's own
  // machine: a grade builds every chaff apart in the sandbox and never uses a schema.
  const std::vector<bool> inSchema = chaffsInSchema(plan);
  std::future<OwnTestsRun> schemaBuild;
  if (std::find(inSchema.begin(), inSchema.end(), true) != inSchema.end()) {
    schemaBuild = std::async(std::launch::async, [&] {
      return buildTests(lesson, step.writes, plan.schema, "tests-schema", stop, false);
    });
  }
  OwnTestsRun wheat =
      buildAndRunTests(lesson, step.writes, plan.wheat, "tests-wheat", seconds, stop, false);
  OwnTestsRun schema;
  if (schemaBuild.valid()) schema = schemaBuild.get();
  if (wheat.built.interrupted || wheat.tests.ran.interrupted || schema.built.interrupted)
    return interruptedResult();
  const grade::TestsFile file{wheat.compiled.string(), shownFile};
  const std::string copyShown = run::relativeTo(wheat.compiled.lexically_normal().string(), roots);
  if (!wheat.tests.compiled) {
    StepResult result = testsNotCompiled(wheat.built, roots, copyShown, shownFile);
    result.detail.insert(result.detail.begin(),
                         "your tests do not compile against a correct maze:");
    return result;
  }
  // The chaffs: only once the tests pass on the wheat.
  std::vector<grade::TestsRun> chaffs;
  if (grade::passesOnWheat(wheat.tests, seconds, manifest().sanitized)) {
    // Two at a time: a chaff the schema holds is a run of its program; any other chaff (or
    // every chaff, when the tests do not compile against the schema) a compile of its own.
    std::vector<OwnTestsRun> runs(plan.chaffs.size());
    twoAtATime(runs.size(), [&](std::size_t i) {
      if (schema.tests.compiled && inSchema[i]) {
        runs[i] = schema;
        runTests(lesson, runs[i], "tests-schema", seconds, stop, std::to_string(i + 1));
      } else {
        runs[i] = buildAndRunTests(lesson, step.writes, plan.chaffs[i].code,
                                   "tests-chaff-" + std::to_string(i + 1), seconds, stop, false);
      }
    });
    for (OwnTestsRun& chaff : runs) {
      if (chaff.built.interrupted || chaff.tests.ran.interrupted) return interruptedResult();
      // The copies have their own folder names: said as the one the wheat's run used.
      for (auto& c : chaff.tests.report.testCases) c.failureFile = file.compiledAs;
      chaffs.push_back(std::move(chaff.tests));
    }
  }
  StepResult result = testsResult(
      grade::judgeTests(plan, wheat.tests, chaffs, file, seconds, manifest().sanitized));
  // The picture the tests drew on the wheat, when they drew one.
  if (!wheat.tests.report.picture.empty()) {
    const fs::path png = picture(lesson, step);
    fs::create_directories(png.parent_path());
    turtle::saveFileAtomically(png, wheat.tests.report.picture);
    result.picture = png;
  }
  return result;
}

void Checker::checkOwnTests(const Lesson& lesson, const Step& step, StepResult& result,
                            const volatile std::sig_atomic_t* stop, bool prepare) const {
  const std::vector<fs::path> roots{kit_.source, kit_.build};
  for (const std::string& file : lesson.ownTestsAt(step)) {
    const std::string shownFile = shown(lesson.exercise / file);
    if (!fs::exists(lesson.exercise / file)) continue;  // said at its own step
    const double seconds = std::max(timeLimit_, planned(lesson, step).seconds);
    OwnTestsRun own =
        buildAndRunTests(lesson, file, lesson.exercise, "tests-own", seconds, stop, prepare);
    if (own.built.interrupted || own.tests.ran.interrupted) {
      result = interruptedResult();
      return;
    }
    const std::string copyShown = run::relativeTo(own.compiled.lexically_normal().string(), roots);
    if (!own.tests.compiled) {
      StepResult failed = testsNotCompiled(own.built, roots, copyShown, shownFile);
      failed.detail.insert(failed.detail.begin(),
                           "your own tests (" + shownFile + ") do not compile against your code:");
      result = failed;
      return;
    }
    run::StepExpectation expected;
    for (const auto& c : own.tests.report.testCases) expected.testCases.push_back(c.name);
    expected.timeoutSeconds = seconds;
    const run::Verdict verdict = run::stepVerdict(own.tests.ran, own.tests.report, expected);
    if (verdict.passed() || own.tests.report.testCases.empty()) continue;
    StepResult failed = judgeStep(own.tests.ran, own.tests.report, expected, roots);
    for (std::string& line : failed.detail) {
      const auto at = line.find(copyShown);
      if (at != std::string::npos) line.replace(at, copyShown.size(), shownFile);
    }
    failed.detail.insert(failed.detail.begin(),
                         "the kit's tests pass, but your own test in " + shownFile +
                             " fails on your code: your code has a bug your test found, or "
                             "the test is wrong");
    failed.picture = result.picture;
    failed.drawing = result.drawing;
    result = failed;
    return;
  }
}

}  // namespace mazekit::student
