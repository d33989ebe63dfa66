// Building and running a student's step (see student/runner.hpp).
#include <fcntl.h>
#include <sys/file.h>

#include <cerrno>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include "grade/build.hpp"
#include "run/process.hpp"
#include "run/report.hpp"
#include "run/text.hpp"
#include "student/runner.hpp"

#include "student/explain.hpp"
#include "student/student.hpp"

namespace mazekit::student {
namespace fs = std::filesystem;

Checker::Checker(Kit kit, fs::path pictures, double timeLimitSeconds)
    : kit_(std::move(kit)), pictures_(std::move(pictures)), timeLimit_(timeLimitSeconds) {}

void Checker::requireBuildTree() const {
  if (!fs::exists(kit_.build / "CMakeCache.txt")) {
    throw std::runtime_error(
        "the kit is not built yet (no build tree at '" + kit_.build.string() +
        "'): build it once with `cmake --preset dev && cmake --build build/dev` "
        "in '" +
        kit_.source.string() + "', then run mazekit again");
  }
}

const Manifest& Checker::manifest() const {
  if (!manifest_) manifest_ = readManifest(kit_);
  return *manifest_;
}

const ManifestStep& Checker::planned(const Lesson& lesson, const Step& step) const {
  return manifest().step(lesson.id, step.id);
}

fs::path Checker::picture(const Lesson& lesson, const Step& step) const {
  return pictures_ / lesson.id / (step.id + ".png");
}

std::string Checker::shown(const fs::path& path) const {
  return relativeTo(path.lexically_normal().string(), {kit_.source});
}

namespace {

// One mazekit at a time builds in a build tree (two ninjas in one tree spoil its logs): a
// second `mazekit` (a watch in another terminal) waits for the first.
class BuildLock {
 public:
  explicit BuildLock(const fs::path& folder)
      : fd_(::open((folder / ".mazekit-student.lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
    if (fd_) {
      while (::flock(fd_.get(), LOCK_EX) != 0 && errno == EINTR) {
      }
    }
  }

 private:
  run::Fd fd_;
};

// The environment of the kit's own tools and of the student's step: the student's own, with
// the compiler's messages in plain English and without colour codes.
std::vector<std::string> plainEnvironment() {
  return run::inheritedEnvironment({"LC_ALL=C", "LANG=C", "GCC_COLORS=", "CLICOLOR_FORCE=0"});
}

// The build: CMake through ninja, which may take a while the first time (the turtle library).
run::Result build(const Kit& kit, const std::vector<std::string>& targets,
                  const volatile std::sig_atomic_t* stop) {
  run::Command command;
  command.argv = {kit.cmake, "--build", kit.build.string(), "--target"};
  command.argv.insert(command.argv.end(), targets.begin(), targets.end());
  command.environment = plainEnvironment();
  run::Limits limits;
  limits.wallSeconds = 900;
  limits.cpuSeconds = 900;
  limits.fileBytes = std::size_t{4} << 30;
  limits.outputBytes = 1 << 20;
  return run::runProcess(command, limits, stop);
}

// The words a student reads under RED for a failed check: where it is and what it says.
std::vector<std::string> failureLines(const run::TestCaseReport& failed,
                                      const std::vector<fs::path>& roots) {
  std::string where = relativeTo(failed.failureFile, roots);
  if (failed.failureLine > 0) where += ":" + std::to_string(failed.failureLine);
  return {"in \"" + failed.name + "\" at " + where, "  " + shorten(failed.failure, 200)};
}

}  // namespace

bool Checker::buildAll(const Lesson& lesson, const std::vector<const Step*>& steps,
                       const volatile std::sig_atomic_t* stop) const {
  requireBuildTree();
  std::vector<std::string> targets;
  for (const Step* step : steps) targets.push_back(planned(lesson, *step).exerciseTarget);
  const BuildLock lock(kit_.build);
  return build(kit_, targets, stop).exitedWith(0);
}

StepResult Checker::check(const Lesson& lesson, const Step& step,
                          const volatile std::sig_atomic_t* stop) const {
  requireBuildTree();
  const ManifestStep& plan = planned(lesson, step);
  const std::vector<fs::path> roots = {kit_.source, kit_.build};
  StepResult result;
  const auto interrupted = [&result] {
    result.interrupted = true;
    result.summary = "interrupted";
    return result;
  };
  const BuildLock lock(kit_.build);

  // Build only this step's program: ninja rebuilds nothing that is up to date.
  const run::Result built = build(kit_, {plan.exerciseTarget}, stop);
  if (built.interrupted) return interrupted();
  if (!built.started) throw std::runtime_error("cannot run cmake: " + built.error);
  if (!built.exitedWith(0)) {
    if (built.output.find("unknown target") != std::string::npos) {
      throw std::runtime_error(
          "the build tree '" + kit_.build.string() + "' has no target '" + plan.exerciseTarget +
          "': configure it again with `cmake --preset dev` in '" + kit_.source.string() + "'");
    }
    result.outcome = run::Outcome::doesNotCompile;
    result.summary = std::string(run::outcomeName(result.outcome));
    if (built.timedOut) {
      result.detail.push_back("the build took longer than 15 minutes");
    } else if (const auto error = firstBuildError(built.output, roots)) {
      result.detail.push_back(error->text());
      // What it means, for a student who has not met it before.
      if (const auto explained = explainCompileError(error->message)) {
        result.explanation = *explained;
      }
    } else {
      const std::string tail =
          built.output.substr(built.output.size() > 400 ? built.output.size() - 400 : 0);
      result.detail.push_back(shorten(tail, 200));
    }
    return result;
  }

  // Run it with the harness's report on fd 3: the test draws the student's picture into the
  // report and, with MAZEKIT_PICTURES set, beside it. An old picture is removed first, so that
  // the picture shown is this run's.
  const fs::path png = picture(lesson, step);
  std::error_code ec;
  for (const char* ext : {".png", ".svg", ".log"})
    fs::remove(fs::path(png).replace_extension(ext), ec);
  run::Command command;
  command.argv = {plan.exerciseProgram.string(), "-r", "mazekit"};
  command.environment = plainEnvironment();
  command.environment.push_back("MAZEKIT_PICTURES=" + pictures_.string());
  command.environment.emplace_back("MAZEKIT_REPORT_FD=3");
  command.reportChannel = true;
  run::Limits limits;
  limits.wallSeconds = timeLimit_;
  limits.cpuSeconds = timeLimit_;
  limits.outputBytes = 1 << 20;
  const run::Result ran = run::runProcess(command, limits, stop);
  if (fs::exists(png, ec)) result.picture = png;
  if (ran.interrupted) return interrupted();

  const run::HarnessReport report = run::readHarnessReport(ran.report, std::nullopt);
  run::StepExpectation expected;
  expected.testCases = plan.testCases;
  expected.timeoutSeconds = timeLimit_;
  expected.sanitized = manifest().sanitized;
  StepResult judged = judgeStep(ran, report, expected, roots);
  judged.picture = result.picture;
  return judged;
}

namespace {

// Where checkTogether builds: <build>/mazekit/together/, with the precompiled harness header
// (Catch2 and the lesson's picture helper) in pch/, made once for the build tree.
grade::BuildPlaces togetherPlaces(const Kit& kit, const Lesson& lesson) {
  const fs::path top = kit.build / "mazekit" / "together";
  grade::BuildPlaces places;
  places.sandboxed = false;
  places.pch = top / "pch";
  places.lessonTests = lesson.folder / "tests";
  places.code = lesson.exercise;
  places.sources = top / lesson.id / "src";
  places.bin = top / lesson.id / "bin";
  return places;
}

// The precompiled header is made again when the build tree was configured since (the manifest
// is newer) or is missing; a stale one would only be slower, as g++ then reads the headers.
void preparePrecompiledHeader(const Kit& kit, const Manifest& manifest,
                              const grade::BuildPlaces& places) {
  std::error_code ec;
  const fs::path gch = places.pch / "harness_pch.hpp.gch";
  const auto made = fs::last_write_time(gch, ec);
  if (!ec) {
    const auto configured = fs::last_write_time(kit.build / "mazekit" / "manifest.json", ec);
    if (!ec && configured <= made) return;
  }
  grade::BuildPlaces header = places;
  header.code = places.pch;
  header.sources = places.pch;
  header.bin = places.pch;
  grade::buildPrecompiledHeader(manifest, header, grade::CompileLimits{});
}

}  // namespace

std::vector<StepResult> Checker::checkTogether(const Lesson& lesson,
                                               const std::vector<const Step*>& steps,
                                               const volatile std::sig_atomic_t* stop) const {
  requireBuildTree();
  if (steps.empty()) return {};
  if (steps.size() == 1) return {check(lesson, *steps.front(), stop)};
  const grade::BuildPlaces places = togetherPlaces(kit_, lesson);
  for (const fs::path& dir : {places.pch, places.sources, places.bin}) fs::create_directories(dir);
  const std::vector<fs::path> roots = {kit_.source, kit_.build};
  const auto interrupted = [&steps] {
    StepResult stopped;
    stopped.interrupted = true;
    stopped.summary = "interrupted";
    return std::vector<StepResult>(steps.size(), stopped);
  };
  grade::Compiled built;
  {
    // Its own lock: a watch's re-check in the background never keeps the student's next
    // check (the build tree's lock) waiting.
    const BuildLock lock(places.pch.parent_path());
    preparePrecompiledHeader(kit_, manifest(), places);
    std::string source = "// Generated by mazekit: the tests of several steps in one program.\n";
    for (const Step* step : steps) source += "#include \"" + step->test.string() + "\"\n";
    std::ofstream(places.sources / "together.cpp", std::ios::binary | std::ios::trunc) << source;
    built = grade::compile(manifest(), places, places.sources / "together.cpp", "together",
                           grade::CompileLimits{}, stop);
  }
  if (built.interrupted) return interrupted();
  if (!built.ok) {
    // Which step broke: each on its own, as the student's step programs are built.
    std::vector<StepResult> results;
    for (const Step* step : steps) {
      results.push_back(check(lesson, *step, stop));
      if (results.back().interrupted) return interrupted();
    }
    return results;
  }

  std::vector<StepResult> results;
  for (const Step* step : steps) {
    const ManifestStep& plan = planned(lesson, *step);
    run::Command command;
    command.argv = {(places.bin / "together").string(), "-#", "[" + plan.fileTag + "]", "-r",
                    "mazekit"};
    // No pictures: the ones shown are those of the student's own check of each step.
    command.environment = run::inheritedEnvironment({"LC_ALL=C", "LANG=C", "GCC_COLORS=",
                                                     "CLICOLOR_FORCE=0", "MAZEKIT_PICTURES=",
                                                     "MAZEKIT_REPORT_FD=3"});
    command.reportChannel = true;
    run::Limits limits;
    limits.wallSeconds = timeLimit_;
    limits.cpuSeconds = timeLimit_;
    limits.outputBytes = 1 << 20;
    const run::Result ran = run::runProcess(command, limits, stop);
    if (ran.interrupted) return interrupted();
    run::StepExpectation expected;
    expected.testCases = plan.testCases;
    expected.timeoutSeconds = timeLimit_;
    expected.sanitized = manifest().sanitized;
    results.push_back(judgeStep(ran, run::readHarnessReport(ran.report, std::nullopt), expected,
                                roots));
  }
  return results;
}

StepResult judgeStep(const run::Result& ran, const run::HarnessReport& report,
                     const run::StepExpectation& expected, const std::vector<fs::path>& roots) {
  const run::Verdict verdict = run::stepVerdict(ran, report, expected);
  StepResult result;
  result.outcome = verdict.outcome;
  result.green = verdict.passed();
  result.summary = std::string(run::outcomeName(verdict.outcome));
  if (result.green) return result;

  // The first failed check, where it is and what it says; else the verdict's reason.
  for (const run::TestCaseReport& testCase : report.testCases) {
    if (!testCase.failure.empty()) {
      if (verdict.outcome != run::Outcome::failed) result.detail.push_back(verdict.reason);
      for (const std::string& line : failureLines(testCase, roots)) result.detail.push_back(line);
      return result;
    }
  }
  result.detail.push_back(verdict.reason);
  if (verdict.outcome == run::Outcome::endedEarly || verdict.outcome == run::Outcome::crashed) {
    // What the program printed last may say why.
    const std::string tail =
        ran.output.substr(ran.output.size() > 300 ? ran.output.size() - 300 : 0);
    if (!tail.empty())
      result.detail.push_back("its last output: " + shorten(text::terminalLine(tail), 200));
  }
  return result;
}

}  // namespace mazekit::student
