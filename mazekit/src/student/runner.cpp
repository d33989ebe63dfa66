// Building and running a student's step (see student/runner.hpp).
#include <fcntl.h>
#include <sys/file.h>
#include <algorithm>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <future>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "common/files.hpp"
#include "grade/build.hpp"
#include "grade/chaff_schema.hpp"
#include "grade/zip_file.hpp"
#include "kit/edition.hpp"
#include "run/compiler_output.hpp"
#include "run/difference.hpp"
#include "run/process.hpp"
#include "run/report.hpp"
#include "run/text.hpp"
#include "student/runner.hpp"

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

const ManifestStep& Checker::planned(const Lesson& lesson, const Step& step) const {
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

// The compiler, as `mazekit grade` runs it (grade::compileCommand): its output holds the first
// error. Throws std::runtime_error when it cannot be started at all.
run::Result runCompiler(std::vector<std::string> argv, const volatile std::sig_atomic_t* stop) {
  run::Command command;
  command.argv = std::move(argv);
  command.environment = plainEnvironment();
  run::Result built = run::runProcess(command, buildLimits(), stop);
  if (!built.started) throw std::runtime_error("cannot run the compiler: " + built.error);
  return built;
}

// A step program (or the student's own tests) run with the harness's report (`-r mazekit`)
// through the report channel, within `seconds`. The picture comes back in the report; the
// program itself writes none.
run::Result runWithReport(std::vector<std::string> argv, double seconds,
                          const volatile std::sig_atomic_t* stop,
                          const std::string& chaffChoice = "") {
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

// The words a student reads under RED for a failed test case: where its first failed check is
// and what it says. An exception that stopped it is said as one: its message is the kit's (or
// the library's) own words, not a check of the test's.
std::vector<std::string> failureLines(const run::TestCaseReport& failed,
                                      const std::vector<fs::path>& roots) {
  std::string where = run::relativeTo(failed.failureFile, roots);
  if (failed.failureLine > 0) where += ":" + std::to_string(failed.failureLine);
  std::string what = failed.failure;
  if (const auto message = failed.thrown()) what = "your code threw an exception: " + *message;
  std::vector<std::string> lines{"in \"" + failed.name + "\" at " + where};
  // A comparison of two texts or sequences: what the code returned beside what was expected,
  // line by line, never squeezed onto one line.
  const auto difference = run::describeDifference(failed.expression, failed.values);
  const std::size_t valuesAt = failed.failure.find(", with values ");
  if (!difference || valuesAt == std::string::npos) {
    lines.push_back("  " + run::shorten(what, 200));
    return lines;
  }
  const std::string macro = failed.failure.substr(0, failed.failure.find('('));
  lines.push_back("  " + macro + "( " + run::shorten(run::shortExpression(failed.expression), 160) +
                  " )");
  // What the test said beside its check (its INFO: "size 50, seed 1").
  const std::string said =
      failed.failure.substr(std::min(failed.failure.size(), valuesAt + 14 + failed.values.size()));
  if (!said.empty())
    lines.push_back("  " + run::shorten(said.substr(said.front() == ';' ? 2 : 0), 200));
  for (const std::string& line : *difference) lines.push_back("  " + line);
  return lines;
}

}  // namespace

namespace {

// Where a student's step programs are built: <build>/mazekit/student/<lesson>/, with the
// precompiled harness header (Catch2 and the lesson's picture helper) in pch/, made once for
// the build tree. As `mazekit grade` builds them (grade/build.hpp), without CMake: with
// -O0 -g0 and that header, a step compiles and links in half the time of the build tree's
// exercise target (debug information, the build tool's own start).
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

// The precompiled header is made again when it is missing, or older than the manifest or a
// header it holds (the student include folder's: lesson_picture.hpp and the turtle library's,
// which the build tree copies with their own times). g++ does not check the headers a
// precompiled header was made from: a stale one would define lesson::picture a second time.
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

// The verdict on a program that did not build: its first error, and what that error means.
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

StepResult Checker::runStep(const Lesson& lesson, const Step& step, const std::string& program,
                            bool alone, const volatile std::sig_atomic_t* stop) const {
  const ManifestStep& plan = planned(lesson, step);
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
  std::vector<std::string> casePictures(report.testCases.size());
  const fs::path png = picture(lesson, step);
  fs::create_directories(png.parent_path());
  const auto failedCases =
      std::count_if(report.testCases.begin(), report.testCases.end(),
                    [](const run::TestCaseReport& c) { return !c.failure.empty(); });
  for (std::size_t i = 0; i < report.testCases.size() && failedCases > 1; ++i) {
    const run::TestCaseReport& testCase = report.testCases[i];
    if (testCase.picture.empty()) continue;
    const fs::path own = png.parent_path() / (step.id + ".case-" + std::to_string(i + 1) + ".png");
    turtle::saveFileAtomically(own, testCase.picture);
    casePictures[i] = shown(own) + (testCase.pictureStopped ? " (as the test stopped)" : "");
  }
  StepResult judged =
      judgeStep(ran, report, expected, {kit_.source, kit_.build}, casePictures, locate);
  const fs::path svg = fs::path(png).replace_extension(".svg");
  if (!report.picture.empty()) {
    turtle::saveFileAtomically(png, report.picture);
    judged.picture = png;
    if (!report.drawing.empty()) {
      turtle::saveFileAtomically(svg, report.drawing);
      judged.drawing = svg;
    }
  } else {
    const auto stopped = std::find_if(
        report.testCases.begin(), report.testCases.end(),
        [](const run::TestCaseReport& c) { return !c.failure.empty() && !c.picture.empty(); });
    if (stopped != report.testCases.end()) {
      turtle::saveFileAtomically(png, stopped->picture);
      judged.picture = png;
      judged.pictureStopped = stopped->pictureStopped;
    }
  }
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
  std::vector<std::string> argv = grade::compileCommand(manifest(), places, file, name);
  // Full debug information, with the same precompiled header: g++ takes one made with line
  // tables only for a -g compile (docs/performance.md, "mazekit debug").
  std::replace(argv.begin(), argv.end(), std::string("-g1"), std::string("-g"));
  program = places.bin / name;
  std::error_code ec;
  fs::remove(program, ec);
  const run::Result built = runCompiler(std::move(argv), stop);
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
  const ManifestStep& plan = planned(lesson, step);
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
  const ManifestStep& plan = planned(lesson, step);
  const BuildLock lock(kit_.build / "mazekit");
  // An old picture is removed first, so that the picture shown is this run's.
  const fs::path png = picture(lesson, step);
  std::error_code ec;
  for (const char* ext : {".png", ".svg", ".log"})
    fs::remove(fs::path(png).replace_extension(ext), ec);
  fs::remove(comparison(lesson, step), ec);
  for (const auto& entry : fs::directory_iterator(png.parent_path(), ec)) {
    if (entry.path().filename().string().rfind(step.id + ".case-", 0) == 0)
      fs::remove(entry.path(), ec);
  }
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

StepResult Checker::checkTests(const Lesson& lesson, const Step& step,
                               const volatile std::sig_atomic_t* stop) const {
  ManifestStep plan = planned(lesson, step);
  // The student edition has the wheat and chaffs only packed: unpacked for this check into a
  // private folder, removed when it ends (kit/edition.hpp).
  std::optional<UnpackedPack> unpacked;
  if (!fs::is_directory(plan.wheat) && fs::is_regular_file(packOf(lesson, step))) {
    unpacked.emplace(packOf(lesson, step));
    plan.wheat = unpacked->wheat();
    for (ManifestChaff& chaff : plan.chaffs) chaff.code = unpacked->chaff(chaff.id);
  }
  const std::string shownFile = shown(lesson.exercise / step.writes);
  if (!fs::exists(lesson.exercise / step.writes)) {
    StepResult missing;
    missing.outcome = run::Outcome::wrongTests;
    missing.summary = "no tests yet";
    missing.detail.push_back("there is no " + shownFile + ": make it (mazekit reset " +
                             std::to_string(lesson.number) + " puts back the starting one)");
    return missing;
  }
  const double seconds = std::max(timeLimit_, plan.seconds);
  const std::vector<fs::path> roots{kit_.source, kit_.build};
  buildLibraries(stop);
  preparePrecompiledHeader(kit_, manifest(), studentPlaces(kit_, lesson));
  // The mutant schema (grade/chaff_schema.hpp), when the kit's build made one: the student's
  // tests built once against it, beside the wheat's build on the other core, and run once per
  // chaff it holds, instead of a build per chaff. The tests could read which chaff a run is
  // (the environment) and fool this check, but only this check, on the student's own
  // machine: a grade builds every chaff apart in the sandbox and never uses a schema.
  // MAZEKIT_NO_SCHEMA=1: every chaff built apart, as a grade does (to compare, or to time).
  const char* noSchema = std::getenv("MAZEKIT_NO_SCHEMA");
  const bool schemaOff = noSchema != nullptr && *noSchema != '\0' && std::string(noSchema) != "0";
  const std::vector<bool> inSchema =
      schemaOff ? std::vector<bool>{} : grade::schemaPlaced(plan.schema, plan.chaffs.size());
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
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::mutex failureLock;
    const auto work = [&] {
      for (std::size_t i = next++; i < runs.size(); i = next++) {
        try {
          if (schema.tests.compiled && inSchema[i]) {
            runs[i] = schema;
            runTests(lesson, runs[i], "tests-schema", seconds, stop, std::to_string(i + 1));
          } else {
            runs[i] =
                buildAndRunTests(lesson, step.writes, plan.chaffs[i].code,
                                 "tests-chaff-" + std::to_string(i + 1), seconds, stop, false);
          }
        } catch (...) {
          const std::lock_guard<std::mutex> hold(failureLock);
          failure = std::current_exception();
        }
      }
    };
    std::thread helper(work);
    work();
    helper.join();
    if (failure) std::rethrow_exception(failure);
    for (OwnTestsRun& chaff : runs) {
      if (chaff.built.interrupted || chaff.tests.ran.interrupted) return interruptedResult();
      // The copies have their own folder names: said as the one the wheat's run used.
      for (auto& c : chaff.tests.report.testCases) c.failureFile = file.compiledAs;
      chaffs.push_back(std::move(chaff.tests));
    }
  }
  const grade::TestsVerdict verdict =
      grade::judgeTests(plan, wheat.tests, chaffs, file, seconds, manifest().sanitized);
  StepResult result;
  result.outcome = verdict.outcome;
  result.green = verdict.green();
  result.summary =
      verdict.green() ? std::string(run::outcomeName(verdict.outcome)) : verdict.reason;
  if (!verdict.green()) result.detail = verdict.detail;
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

namespace {

// "exercises/02-building-the-maze/maze.hpp:42, in Maze::dig(int)"
std::string placeOf(const run::SourceFrame& frame, const std::vector<fs::path>& roots) {
  std::string place = run::relativeTo(frame.file, roots) + ":" + std::to_string(frame.line);
  if (!frame.function.empty()) place += ", in " + run::shorten(frame.function, 80);
  return place;
}

}  // namespace

StepResult judgeStep(const run::Result& ran, const run::HarnessReport& report,
                     const run::StepExpectation& expected, const std::vector<fs::path>& roots,
                     const std::vector<std::string>& casePictures, const Locate& locate) {
  // Where in the student's files the harness's stack `offsets` was, if anywhere.
  const auto studentFrame = [&](const std::string& offsets) -> std::optional<run::SourceFrame> {
    if (!locate || offsets.empty()) return std::nullopt;
    return locate(offsets);
  };
  const auto studentPlace = [&](const std::string& offsets) -> std::optional<std::string> {
    if (const auto frame = studentFrame(offsets)) return placeOf(*frame, roots);
    return std::nullopt;
  };
  const run::Verdict verdict = run::stepVerdict(ran, report, expected);
  StepResult result;
  result.outcome = verdict.outcome;
  result.green = verdict.passed();
  result.summary = std::string(run::outcomeName(verdict.outcome));
  if (result.green) return result;

  // Every test case that failed (its first failed check: where it is and what it says, and
  // its own picture when there are several), and what the first exception among them means;
  // else the verdict's reason.
  constexpr std::size_t shownCases = 5;
  const auto failedCases = static_cast<std::size_t>(
      std::count_if(report.testCases.begin(), report.testCases.end(),
                    [](const run::TestCaseReport& c) { return !c.failure.empty(); }));
  std::size_t listed = 0;
  for (std::size_t i = 0; i < report.testCases.size() && listed < shownCases; ++i) {
    const run::TestCaseReport& testCase = report.testCases[i];
    if (testCase.failure.empty()) continue;
    result.failedTags.push_back(testCase.tags);
    ++listed;
    if (result.detail.empty() && verdict.outcome != run::Outcome::failed)
      result.detail.push_back(verdict.reason);
    for (const std::string& line : failureLines(testCase, roots)) result.detail.push_back(line);
    const auto frame = studentFrame(testCase.trace);
    const bool crashed = testCase.failure.rfind("fatal error: ", 0) == 0;
    if (frame && crashed && frame->repeats >= run::calledItself) {
      const std::string place = placeOf(*frame, roots);
      result.detail.push_back("  it crashed calling itself again and again at " + place);
      if (result.explanation.empty()) {
        result.explanation =
            "Your function calls itself at " + place +
            " without end: each call waits for the next one, until the stack of calls runs "
            "out and the program crashes. Check the case where it must stop calling itself, "
            "and that each call gets closer to it.";
      }
    } else if (frame) {
      const std::string place = placeOf(*frame, roots);
      result.detail.push_back(std::string(crashed ? "  it crashed at " : "  thrown at ") + place);
      if (crashed && result.explanation.empty()) {
        result.explanation =
            "Your program crashed at " + place +
            ": look at what that line reads or writes. The usual causes are an index past the "
            "end of a vector or an array ([] does not check; .at() would throw and say so), a "
            "pointer or reference to something that no longer exists, and a function that "
            "calls itself without end.";
      }
    }
    if (failedCases > 1 && i < casePictures.size() && !casePictures[i].empty())
      result.detail.push_back("  its picture: " + casePictures[i]);
    const auto thrown = testCase.thrown();
    if (thrown && result.explanation.empty()) result.explanation = run::explainException(*thrown);
  }
  if (failedCases > shownCases) {
    result.detail.push_back("and " + std::to_string(failedCases - shownCases) +
                            " more test cases of the step fail");
  }
  if (failedCases > 0) return result;
  result.detail.push_back(verdict.reason);
  if (verdict.outcome == run::Outcome::timedOut) {
    if (const auto place = studentPlace(report.stoppedAt)) {
      result.detail.push_back("  stopped at " + *place);
      result.explanation =
          "When mazekit stopped it, your code was at " + *place +
          ". If that line is in a loop, what should make the loop end, and does it change each "
          "time round? (A while loop whose condition never becomes false, or a for loop whose "
          "counter goes the wrong way, runs for ever.)";
    }
  }
  if (verdict.outcome == run::Outcome::endedEarly || verdict.outcome == run::Outcome::crashed) {
    // What the program printed last may say why.
    const std::string tail =
        ran.output.substr(ran.output.size() > 300 ? ran.output.size() - 300 : 0);
    if (!tail.empty())
      result.detail.push_back("its last output: " + run::shorten(text::terminalLine(tail), 200));
  }
  return result;
}

}  // namespace mazekit::student
