// Building and running a student's step (see student/runner.hpp).
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <algorithm>

#include <cerrno>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <future>
#include <optional>
#include <stdexcept>
#include <system_error>

#include "common/files.hpp"
#include "grade/build.hpp"
#include "grade/chaff_schema.hpp"
#include "grade/zip_file.hpp"
#include "run/compiler_output.hpp"
#include "run/process.hpp"
#include "run/report.hpp"
#include "run/text.hpp"
#include "student/runner.hpp"
#include "student/runner_internal.hpp"

#include <turtle/save_file.hpp>

#include "run/explain.hpp"
#include "student/compare_pictures.hpp"
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

const Step& Checker::planned(const Lesson& lesson, const Step& step) const {
  return manifest().step(lesson.id, step.id);
}

fs::path Checker::picture(const Lesson& lesson, const Step& step) const {
  return pictures_ / lesson.id / (step.id + ".png");
}

fs::path Checker::expectedPicture(const Lesson& lesson, const Step& step) {
  return lesson.folder / "pictures" / (step.id + ".png");
}

fs::path Checker::comparison(const Lesson& lesson, const Step& step) const {
  return pictures_ / lesson.id / (step.id + ".compare.png");
}

std::string Checker::shown(const fs::path& path) const {
  return run::relativeTo(path.lexically_normal().string(), {kit_.source});
}

namespace {

// One mazekit at a time builds and runs the student's step programs of a build tree (they
// share <build>/mazekit/student/): a second `mazekit` (a watch in another terminal, or a
// watch's re-check in the background) waits for the first.
class BuildLock {
 public:
  explicit BuildLock(const fs::path& folder)
      : fd_(::open((folder / ".mazekit-student.lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC,
                   0644)) {
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

// What a build the student waits for may take: a lot, but not forever.
run::Limits buildLimits() {
  run::Limits limits;
  limits.wallSeconds = 900;
  limits.cpuSeconds = 900;
  limits.fileBytes = std::size_t{4} << 30;
  limits.outputBytes = 1 << 20;
  return limits;
}

// A build of some of the build tree's targets: CMake through ninja, which may take a while the
// first time (the turtle library).
run::Result cmakeBuild(const Kit& kit, const std::vector<std::string>& targets,
                       const volatile std::sig_atomic_t* stop) {
  run::Command command;
  command.argv = {kit.cmake, "--build", kit.build.string(), "--target"};
  command.argv.insert(command.argv.end(), targets.begin(), targets.end());
  command.environment = plainEnvironment();
  return run::runProcess(command, buildLimits(), stop);
}

}  // namespace

namespace {

// A copy that cannot be made (a Turtle, a Screen, or the student's class that holds one) is
// said by the compiler at the call, in the test; the student's line is the parameter that
// takes the copy, in a note after the error. g++ prints no notes under -Wfatal-errors: then
// the same compile again without it, syntax only (about half a second), to find that note.
void pointAtCopy(StepResult& result, const run::Result& built, std::vector<std::string> argv,
                 const std::vector<fs::path>& roots, const std::string& folder,
                 const volatile std::sig_atomic_t* stop) {
  const auto error = run::firstBuildError(built.output, roots);
  if (!error || error->file.rfind(folder + "/", 0) == 0) return;
  const auto topic = run::compileErrorTopic(error->message);
  if (!topic || topic->find("passed by value") == std::string::npos) return;
  auto note = run::studentCopyNote(built.output, roots, folder);
  if (!note) {
    argv.erase(std::remove(argv.begin(), argv.end(), "-Wfatal-errors"), argv.end());
    argv.erase(std::find(argv.begin(), argv.end(), "-o"), argv.end());
    argv.push_back("-fsyntax-only");
    const run::Result again = runCompiler(std::move(argv), stop);
    note = run::studentCopyNote(again.output, roots, folder);
  }
  if (!note) return;
  const std::string place = note->file + ":" + std::to_string(note->line);
  result.detail.push_back("your code asks for the copy at " + place + ": " +
                          run::shorten(note->message, 120));
  result.explanation += " The copy is the parameter at " + place + ".";
}

}  // namespace

// ---- Shared with runner_own_tests.cpp (runner_internal.hpp) ---------------------------------

run::Result runCompiler(std::vector<std::string> argv, const volatile std::sig_atomic_t* stop) {
  run::Command command;
  command.argv = std::move(argv);
  command.environment = plainEnvironment();
  run::Result built = run::runProcess(command, buildLimits(), stop);
  if (!built.started) throw std::runtime_error("cannot run the compiler: " + built.error);
  return built;
}

run::Result runWithReport(std::vector<std::string> argv, double seconds,
                          const volatile std::sig_atomic_t* stop, const std::string& chaffChoice) {
  run::Command command;
  command.argv = std::move(argv);
  command.argv.insert(command.argv.end(), {"-r", "mazekit"});
  std::vector<std::string> environment{"LC_ALL=C",          "LANG=C",
                                       "GCC_COLORS=",       "CLICOLOR_FORCE=0",
                                       "MAZEKIT_PICTURES=", "MAZEKIT_REPORT_FD=3"};
  // A mutant schema's program: the chaff it runs as (none: the wheat).
  environment.push_back(std::string(grade::chaffChoiceVariable) + "=" + chaffChoice);
  command.environment = run::inheritedEnvironment(environment);
  command.reportChannel = true;
  command.askWhereBeforeKill = true;  // a loop that never ends: where it was
  run::Limits limits;
  limits.wallSeconds = seconds;
  // The CPU limit a little beyond the wall time, whose end asks the program where it is: at
  // the same limit, a loop with a core of its own would be killed by SIGXCPU before it is asked.
  limits.cpuSeconds = seconds + 2;
  limits.outputBytes = 1 << 20;
  limits.reportBytes = std::size_t{16} << 20;
  return run::runProcess(command, limits, stop);
}

grade::BuildPlaces studentPlaces(const Kit& kit, const Lesson& lesson) {
  const fs::path top = kit.build / "mazekit" / "student";
  grade::BuildPlaces places;
  places.sandboxed = false;
  places.pch = top / "pch";
  places.lessonTests = lesson.folder / "tests";
  places.code = lesson.exercise;
  places.sources = top / lesson.id / "src";
  places.bin = top / lesson.id / "bin";
  for (const fs::path& dir : {places.pch, places.sources, places.bin}) fs::create_directories(dir);
  return places;
}

void preparePrecompiledHeader(const Kit& kit, const Manifest& manifest,
                              const grade::BuildPlaces& places) {
  std::error_code ec;
  const fs::path gch = places.pch / "harness_pch.hpp.gch";
  const auto made = fs::last_write_time(gch, ec);
  if (!ec) {
    auto newest = fs::last_write_time(kit.build / "mazekit" / "manifest.json", ec);
    for (auto it = fs::recursive_directory_iterator(manifest.studentInclude, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::error_code ignored;
      newest = std::max(newest, fs::last_write_time(it->path(), ignored));
    }
    if (!ec && newest <= made) return;
  }
  grade::BuildPlaces header = places;
  header.code = places.pch;
  header.sources = places.pch;
  header.bin = places.pch;
  grade::buildPrecompiledHeader(manifest, header, grade::CompileLimits{});
}

StepResult notCompiled(const run::Result& built, const std::vector<fs::path>& roots) {
  StepResult result;
  result.outcome = run::Outcome::doesNotCompile;
  result.summary = std::string(run::outcomeName(result.outcome));
  if (built.timedOut) {
    result.detail.push_back("the compiler took longer than 15 minutes");
  } else if (const auto error = run::firstBuildError(built.output, roots)) {
    result.detail.push_back(error->text());
    // What it means, for a student who has not met it before, and the compiler's notes under
    // its line when the explanation sends the student to them.
    if (const auto explained = run::explainCompileError(error->message, error->line)) {
      result.explanation = *explained;
      if (run::explanationNamesNotes(*explained)) {
        for (const run::BuildError& note : run::notesOfFirstError(built.output, roots))
          result.detail.push_back("  note: " + note.text(300));
      }
    }
  } else {
    const std::string tail =
        built.output.substr(built.output.size() > 400 ? built.output.size() - 400 : 0);
    result.detail.push_back(run::shorten(tail, 200));
  }
  return result;
}

void Checker::buildLibraries(const volatile std::sig_atomic_t* stop) const {
  if (librariesBuilt_) return;
  // The manifest's harness (kit_catch_main) and turtle library: a build tree configured but
  // not built yet (a student's repository on GitHub) has neither, and a kit whose turtle
  // library changed has an old one. Once a run: ninja has nothing to do after that.
  const BuildLock lock(kit_.build);
  const run::Result built = cmakeBuild(kit_, {"kit_catch_main", "turtle"}, stop);
  if (built.interrupted) return;
  if (!built.exitedWith(0)) {
    throw std::runtime_error(
        "cannot build the kit's libraries in '" + kit_.build.string() + "' (" +
        (built.started
             ? run::shorten(
                   built.output.substr(built.output.size() > 300 ? built.output.size() - 300 : 0),
                   300)
             : built.error) +
        "): build the kit with `cmake --build build/dev` in '" + kit_.source.string() +
        "', then run mazekit again");
  }
  librariesBuilt_ = true;
}

run::Result Checker::compile(const Lesson& lesson, const std::vector<const Step*>& steps,
                             const std::string& program,
                             const volatile std::sig_atomic_t* stop) const {
  buildLibraries(stop);
  const grade::BuildPlaces places = studentPlaces(kit_, lesson);
  preparePrecompiledHeader(kit_, manifest(), places);
  std::string source = "// Generated by mazekit: the tests of the student's step.\n";
  for (const Step* step : steps) source += "#include \"" + step->test.string() + "\"\n";
  const fs::path file = places.sources / (program + ".cpp");
  std::ofstream(file, std::ios::binary | std::ios::trunc) << source;
  std::error_code ec;
  fs::remove(places.bin / program, ec);
  return runCompiler(grade::compileCommand(manifest(), places, file, program), stop);
}

void Checker::compareWithExpected(const Lesson& lesson, const Step& step,
                                  StepResult& result) const {
  const fs::path expected = expectedPicture(lesson, step);
  std::error_code ec;
  if (result.picture.empty() || !fs::is_regular_file(expected, ec)) return;
  PictureComparison compared;
  try {
    compared = comparePictures(common::readFile(result.picture), common::readFile(expected));
  } catch (const std::runtime_error&) {
    // A picture that cannot be read (gone, cut short, not a PNG): no comparison; the verdict
    // stands.
    return;
  }
  if (compared.onlyYours + compared.onlyExpected == 0) return;
  const fs::path file = comparison(lesson, step);
  turtle::saveFileAtomically(file, compared.png);
  result.comparison = file;
  result.onlyYours = compared.onlyYours;
  result.onlyExpected = compared.onlyExpected;
}

namespace {

// When more than one test case failed, each one's own picture beside the step's, numbered by
// the test case: <step>.case-2.png. The files, by the test case's index (empty: none).
std::vector<fs::path> saveCasePictures(const run::HarnessReport& report, const fs::path& png,
                                       const std::string& stepId) {
  std::vector<fs::path> files(report.testCases.size());
  const auto failedCases =
      std::count_if(report.testCases.begin(), report.testCases.end(),
                    [](const run::TestCaseReport& c) { return !c.failure.empty(); });
  for (std::size_t i = 0; i < report.testCases.size() && failedCases > 1; ++i) {
    const run::TestCaseReport& testCase = report.testCases[i];
    if (testCase.picture.empty()) continue;
    files[i] = png.parent_path() / (stepId + ".case-" + std::to_string(i + 1) + ".png");
    turtle::saveFileAtomically(files[i], testCase.picture);
  }
  return files;
}

// The step's picture, saved as `png` (and its drawing beside it as SVG): the one its test
// drew, or else the screen of its first failed test case as the test stopped.
void keepStepPicture(const run::HarnessReport& report, const fs::path& png, StepResult& judged) {
  if (!report.picture.empty()) {
    turtle::saveFileAtomically(png, report.picture);
    judged.picture = png;
    if (!report.drawing.empty()) {
      const fs::path svg = fs::path(png).replace_extension(".svg");
      turtle::saveFileAtomically(svg, report.drawing);
      judged.drawing = svg;
    }
    return;
  }
  const auto stopped = std::find_if(
      report.testCases.begin(), report.testCases.end(),
      [](const run::TestCaseReport& c) { return !c.failure.empty() && !c.picture.empty(); });
  if (stopped != report.testCases.end()) {
    turtle::saveFileAtomically(png, stopped->picture);
    judged.picture = png;
    judged.pictureStopped = stopped->pictureStopped;
  }
}

// A step's pictures of an earlier check, removed so that the pictures shown are this run's.
void removeOldPictures(const fs::path& png, const fs::path& comparison, const std::string& stepId) {
  std::error_code ec;
  for (const char* ext : {".png", ".svg", ".log"})
    fs::remove(fs::path(png).replace_extension(ext), ec);
  fs::remove(comparison, ec);
  for (const auto& entry : fs::directory_iterator(png.parent_path(), ec)) {
    if (entry.path().filename().string().rfind(stepId + ".case-", 0) == 0)
      fs::remove(entry.path(), ec);
  }
}

}  // namespace

StepResult Checker::runStep(const Lesson& lesson, const Step& step, const std::string& program,
                            bool alone, const volatile std::sig_atomic_t* stop) const {
  const Step& plan = planned(lesson, step);
  const grade::BuildPlaces places = studentPlaces(kit_, lesson);
  std::vector<std::string> argv{(places.bin / program).string()};
  if (!alone) argv.insert(argv.end(), {"-#", "[" + plan.fileTag + "]"});
  // The usual limit, or more for a step that declares it needs more (lesson.json's "seconds").
  const double seconds = std::max(timeLimit_, plan.seconds);
  const run::Result ran = runWithReport(std::move(argv), seconds, stop);
  if (ran.interrupted) {
    StepResult stopped;
    stopped.interrupted = true;
    stopped.summary = "interrupted";
    return stopped;
  }
  const run::HarnessReport report = run::readHarnessReport(ran.report, std::nullopt);
  run::StepExpectation expected;
  expected.testCases = plan.testCases;
  expected.timeoutSeconds = seconds;
  expected.sanitized = manifest().sanitized;
  const fs::path programFile = places.bin / program;
  const Locate locate = [&](const std::string& offsets) {
    return run::studentFrameOf(programFile, offsets, lesson.exercise);
  };
  if (!alone) return judgeStep(ran, report, expected, {kit_.source, kit_.build}, {}, locate);
  // The step's picture: the one its test drew, or else the screen of its first failed test
  // case as the test stopped. When several failed, each one's own picture beside it,
  // numbered by the test case: <step>.case-2.png.
  const fs::path png = picture(lesson, step);
  fs::create_directories(png.parent_path());
  const std::vector<fs::path> caseFiles = saveCasePictures(report, png, step.id);
  std::vector<std::string> casePictures(caseFiles.size());
  for (std::size_t i = 0; i < caseFiles.size(); ++i) {
    if (caseFiles[i].empty()) continue;
    casePictures[i] =
        shown(caseFiles[i]) + (report.testCases[i].pictureStopped ? " (as the test stopped)" : "");
  }
  StepResult judged =
      judgeStep(ran, report, expected, {kit_.source, kit_.build}, casePictures, locate);
  keepStepPicture(report, png, judged);
  if (!judged.green) compareWithExpected(lesson, step, judged);
  return judged;
}

StepResult Checker::buildForDebugger(const Lesson& lesson, const Step& step, fs::path& program,
                                     const volatile std::sig_atomic_t* stop) const {
  requireBuildTree();
  if (step.writesTests()) {
    throw UsageError("step " + std::to_string(step.number) + " of lesson " +
                     std::to_string(lesson.number) +
                     " is one where you write tests: there is no program of the kit's tests to "
                     "debug. Debug a step of the kit's tests (mazekit debug " +
                     std::to_string(lesson.number) + " STEP)");
  }
  const BuildLock lock(kit_.build / "mazekit");
  buildLibraries(stop);
  const grade::BuildPlaces places = studentPlaces(kit_, lesson);
  preparePrecompiledHeader(kit_, manifest(), places);
  const std::string name = "debug-" + step.id;
  const fs::path file = places.sources / (name + ".cpp");
  std::ofstream(file, std::ios::binary | std::ios::trunc)
      << "// Generated by mazekit debug: the tests of the student's step.\n#include \""
      << step.test.string() << "\"\n";
  // Linked under a name of its own, then renamed over the step's: a second mazekit debug of
  // the same step (another terminal) never removes or half-writes the program the first one's
  // gdb is about to start.
  const std::string making = name + ".new-" + std::to_string(::getpid());
  std::vector<std::string> argv = grade::compileCommand(manifest(), places, file, making);
  // Full debug information, with the same precompiled header: g++ takes one made with line
  // tables only for a -g compile (docs/performance.md, "mazekit debug").
  std::replace(argv.begin(), argv.end(), std::string("-g1"), std::string("-g"));
  program = places.bin / name;
  std::error_code ec;
  const run::Result built = runCompiler(std::move(argv), stop);
  if (built.exitedWith(0)) fs::rename(places.bin / making, program, ec);
  std::error_code ignored;
  fs::remove(places.bin / making, ignored);  // left by a failed compile or rename
  if (ec) {
    throw std::runtime_error("cannot put the program built for the debugger in place, as " +
                             program.string() + ": " + ec.message());
  }
  if (built.interrupted) {
    StepResult stopped;
    stopped.interrupted = true;
    stopped.summary = "interrupted";
    return stopped;
  }
  if (!built.exitedWith(0)) return notCompiled(built, {kit_.source, kit_.build});
  StepResult result;
  result.green = true;
  result.summary = "built";
  return result;
}

std::string Checker::wholeOutput(const Lesson& lesson, const Step& step,
                                 const volatile std::sig_atomic_t* stop) const {
  if (step.writesTests()) return "";
  const Step& plan = planned(lesson, step);
  const fs::path program = studentPlaces(kit_, lesson).bin / plan.exerciseTarget;
  std::error_code ec;
  if (!fs::is_regular_file(program, ec)) return "";
  run::Command command;
  command.argv = {program.string()};
  command.environment =
      run::inheritedEnvironment({"LC_ALL=C", "LANG=C", "MAZEKIT_PICTURES=", "MAZEKIT_REPORT_FD="});
  run::Limits limits;
  limits.wallSeconds = std::max(timeLimit_, plan.seconds);
  limits.cpuSeconds = limits.wallSeconds;
  limits.outputBytes = 1 << 20;
  const run::Result ran = run::runProcess(command, limits, stop);
  std::string output = text::validUtf8(ran.output);
  if (ran.timedOut) output += "\n(stopped: still running after its time limit)\n";
  return output;
}

StepResult Checker::check(const Lesson& lesson, const Step& step,
                          const volatile std::sig_atomic_t* stop) const {
  requireBuildTree();
  const Step& plan = planned(lesson, step);
  const BuildLock lock(kit_.build / "mazekit");
  removeOldPictures(picture(lesson, step), comparison(lesson, step), step.id);
  if (step.writesTests()) return checkTests(lesson, step, stop);
  // The student's own tests (after a test-writing step's wheat) build and run beside the
  // step's program, on the other core: they are the verdict only when the kit's tests pass.
  std::future<StepResult> own;
  if (!lesson.ownTestsAt(step).empty()) {
    buildLibraries(stop);
    preparePrecompiledHeader(kit_, manifest(), studentPlaces(kit_, lesson));
    own = std::async(std::launch::async, [this, &lesson, &step, stop] {
      StepResult passed;
      passed.green = true;
      checkOwnTests(lesson, step, passed, stop, false);
      return passed;
    });
  }
  const run::Result built = compile(lesson, {&step}, plan.exerciseTarget, stop);
  if (built.interrupted) {
    StepResult stopped;
    stopped.interrupted = true;
    stopped.summary = "interrupted";
    return stopped;
  }
  const std::string folder =
      run::relativeTo(lesson.exercise.lexically_normal().string(), {kit_.source});
  if (!built.exitedWith(0)) {
    StepResult failed = notCompiled(built, {kit_.source, kit_.build});
    const grade::BuildPlaces places = studentPlaces(kit_, lesson);
    pointAtCopy(
        failed, built,
        grade::compileCommand(manifest(), places, places.sources / (plan.exerciseTarget + ".cpp"),
                              plan.exerciseTarget),
        {kit_.source, kit_.build}, folder, stop);
    return failed;
  }
  StepResult result = runStep(lesson, step, plan.exerciseTarget, true, stop);
  // A warning in the student's code: said, and explained, but it does not stop the step (the
  // lessons have not taught every fix g++ asks for).
  if (const auto warning =
          run::firstStudentWarning(built.output, {kit_.source, kit_.build}, folder)) {
    result.warning = warning->text();
    if (const auto explained = run::explainCompileError(warning->message, warning->line))
      result.warningExplanation = *explained;
  }
  if (own.valid()) {
    StepResult ownResult = own.get();
    if (result.green && !ownResult.green) {
      ownResult.picture = result.picture;
      ownResult.drawing = result.drawing;
      result = ownResult;
    }
  }
  return result;
}

std::vector<StepResult> Checker::checkTogether(const Lesson& lesson,
                                               const std::vector<const Step*>& steps,
                                               const volatile std::sig_atomic_t* stop) const {
  requireBuildTree();
  if (steps.empty()) return {};
  if (steps.size() == 1) return {check(lesson, *steps.front(), stop)};
  // Test-writing steps each on their own (a program per wheat and chaff); the student's own
  // tests once, for every step they run at.
  const bool mixed = std::any_of(steps.begin(), steps.end(), [&](const Step* s) {
    return s->writesTests() || !lesson.ownTestsAt(*s).empty();
  });
  if (mixed) {
    std::vector<const Step*> kits;
    for (const Step* s : steps)
      if (!s->writesTests()) kits.push_back(s);
    std::vector<StepResult> kitResults;
    if (kits.size() == 1) {
      kitResults.push_back(check(lesson, *kits.front(), stop));
    } else if (kits.size() > 1) {
      // Without the own tests: checked once below.
      kitResults = checkTogetherKitTests(lesson, kits, stop);
    }
    std::vector<StepResult> results;
    std::size_t next = 0;
    std::optional<StepResult> own;
    for (const Step* s : steps) {
      if (s->writesTests()) {
        results.push_back(check(lesson, *s, stop));
      } else {
        results.push_back(kitResults[next++]);
        if (results.back().green && kits.size() > 1 && !lesson.ownTestsAt(*s).empty()) {
          if (!own) {
            StepResult passed;
            passed.green = true;
            const BuildLock lock(kit_.build / "mazekit");
            checkOwnTests(lesson, *s, passed, stop);
            own = passed;
          }
          if (!own->green) {
            own->picture = results.back().picture;
            results.back() = *own;
          }
        }
      }
      if (results.back().interrupted) return std::vector<StepResult>(steps.size(), results.back());
    }
    return results;
  }
  return checkTogetherKitTests(lesson, steps, stop);
}

std::vector<StepResult> Checker::checkTogetherKitTests(
    const Lesson& lesson, const std::vector<const Step*>& steps,
    const volatile std::sig_atomic_t* stop) const {
  const auto interrupted = [&steps] {
    StepResult stopped;
    stopped.interrupted = true;
    stopped.summary = "interrupted";
    return std::vector<StepResult>(steps.size(), stopped);
  };
  std::vector<StepResult> results;
  {
    const BuildLock lock(kit_.build / "mazekit");
    const run::Result built = compile(lesson, steps, "together", stop);
    if (built.interrupted) return interrupted();
    if (built.exitedWith(0)) {
      for (const Step* step : steps) {
        results.push_back(runStep(lesson, *step, "together", false, stop));
        if (results.back().interrupted) return interrupted();
      }
      return results;
    }
  }
  // One step's test does not compile: each on its own, so that the verdict names the step.
  for (const Step* step : steps) {
    results.push_back(check(lesson, *step, stop));
    if (results.back().interrupted) return interrupted();
  }
  return results;
}

StepResult Checker::build(const std::string& target, const volatile std::sig_atomic_t* stop) const {
  requireBuildTree();
  const BuildLock lock(kit_.build);
  const run::Result built = cmakeBuild(kit_, {target}, stop);
  StepResult result;
  if (built.interrupted) {
    result.interrupted = true;
    result.summary = "interrupted";
    return result;
  }
  if (!built.started) throw std::runtime_error("cannot run cmake: " + built.error);
  if (built.exitedWith(0)) {
    result.green = true;
    result.summary = "built";
    return result;
  }
  if (built.output.find("unknown target") != std::string::npos) {
    throw std::runtime_error("the build tree '" + kit_.build.string() + "' has no target '" +
                             target + "': configure it again with `cmake --preset dev` in '" +
                             kit_.source.string() + "'");
  }
  return notCompiled(built, {kit_.source, kit_.build});
}

}  // namespace mazekit::student
