// mazekit grade (see grader.hpp). For each student, in a worker of its own:
//   1. take the lesson's declared files from the submission (submission.cpp);
//   2. scan them for tampering (tamper.cpp);
//   3. build every step's test against them as one program, in the student's sandbox; if
//      that fails, and the student's files alone fail the same way, every step does not
//      compile; else each step compiled on its own and those that compile linked as one
//      program, within the student's compile budget (buildPrograms, build.cpp);
//   4. write the student's key into each program, run each step alone in a fresh sandbox,
//      and judge it from how it ended and its signed report (run/report.cpp);
// then write the reports (report.cpp).
#include "grade/grader.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

#include <turtle/save_file.hpp>

#include "grade/build.hpp"
#include "grade/grading.hpp"
#include "grade/submission.hpp"
#include "grade/tamper.hpp"
#include "grade/wheats_and_chaffs.hpp"
#include "kit/kit.hpp"
#include "kit/lessons.hpp"
#include "kit/manifest.hpp"
#include "run/cgroup.hpp"
#include "run/report.hpp"
#include "run/sandbox.hpp"
#include "run/text.hpp"

namespace fs = std::filesystem;

namespace mazekit::grade {
namespace {

constexpr const char* outMarker = ".mazekit-grade";

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

void writeFile(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::string seconds(double s) {
  std::ostringstream text;
  text << s;
  return text.str();
}

// A folder name for a student: ASCII letters, digits, '.', '-', '_' kept, the rest '_'.
std::string slugFor(const std::string& name, std::set<std::string>& taken) {
  std::string slug;
  for (const char c : name) {
    const auto u = static_cast<unsigned char>(c);
    slug += (u < 128 && (std::isalnum(u) || c == '-' || c == '_' || c == '.')) ? c : '_';
  }
  if (slug.size() > 80) slug.resize(80);
  if (slug.empty() || slug.front() == '.') slug = "_" + slug;
  std::string candidate = slug;
  for (int n = 2; taken.count(candidate) != 0; ++n) candidate = slug + "-" + std::to_string(n);
  taken.insert(candidate);
  return candidate;
}

// --out must be new or empty; --force clears one that an earlier run of mazekit grade made.
void prepareOut(const GradeOptions& options, const fs::path& out) {
  std::error_code ec;
  if (fs::exists(fs::symlink_status(out, ec)) && !fs::is_directory(fs::symlink_status(out, ec))) {
    throw UsageError("--out '" + options.out.string() +
                     "' is not a folder; give a new or empty folder");
  }
  if (fs::is_directory(out) && !fs::is_empty(out, ec)) {
    if (!options.force) {
      throw UsageError("--out '" + options.out.string() +
                       "' is not empty: give a new or empty folder, or add --force to clear an "
                       "earlier grading run's folder");
    }
    if (!fs::is_regular_file(fs::symlink_status(out / outMarker))) {
      throw UsageError("--force clears only a folder that mazekit grade made (it holds " +
                       std::string(outMarker) + "); '" + options.out.string() +
                       "' has none: give a new or empty folder");
    }
    for (const auto& entry : fs::directory_iterator(out)) fs::remove_all(entry.path());
  }
  try {
    fs::create_directories(out);
    writeFile(out / outMarker,
              "mazekit grade writes here; mazekit grade --force may clear this folder\n");
  } catch (const std::exception& error) {
    throw UsageError("cannot write to --out '" + options.out.string() + "' (" + error.what() +
                     "); choose a folder you can write to");
  }
}

// Without the sandbox, with a user of the student's own: the folder the student's programs
// write in is theirs, and the student's code is readable to them.
void giveTo(const GradeOptions& options, const fs::path& folder) {
  if (options.runAsUid == 0) return;
  if (::chown(folder.c_str(), options.runAsUid, options.runAsGid) != 0) {
    throw std::runtime_error("cannot give " + folder.string() + " to the user " +
                             options.runAsName + ": " + std::strerror(errno));
  }
}

struct ClassRun {
  const GradeOptions& options;
  const volatile std::sig_atomic_t* stop;
  const Manifest& manifest;
  const Lesson& lesson;
  const ManifestLesson& steps;  // the manifest's view of the lesson: test cases, file tags
  TamperRules rules;
  fs::path out;
  fs::path work;
  fs::path pch;
  fs::path lessonTests;
  CompileLimits compileLimits;
  run::Limits stepLimits;
  std::mutex print;
};

bool stopped(const ClassRun& run) { return run.stop != nullptr && *run.stop != 0; }

// A step's time limit: the grade's, or more when the step declares it needs more (lesson.json's
// "seconds").
double stepSeconds(const ClassRun& run, const ManifestStep& step) {
  return std::max(run.options.timeout, step.seconds);
}
run::Limits limitsFor(const ClassRun& run, const ManifestStep& step) {
  run::Limits limits = run.stepLimits;
  limits.wallSeconds = stepSeconds(run, step);
  limits.cpuSeconds = stepSeconds(run, step);
  return limits;
}

// One step program run alone in a fresh sandbox: the program read-only, a small private
// tmpfs as its folder, its report through fd 3.
run::Result runStep(ClassRun& run, const fs::path& program, const ManifestStep& step, bool combined,
                    const fs::path& scratch) {
  std::vector<std::string> args{run.options.sandbox ? "/step/program" : program.string()};
  if (combined) args.insert(args.end(), {"-#", "[" + step.fileTag + "]"});
  args.insert(args.end(), {"-r", "mazekit"});
  if (run.options.sandbox) {
    run::Sandbox sandbox;
    sandbox.mounts = {{run::Mount::Kind::readOnly, program.string(), "/step/program"},
                      {run::Mount::Kind::tmpfs, "", "/work", std::size_t(64) << 20}};
    sandbox.cwd = "/work";
    sandbox.environment = {"MAZEKIT_REPORT_FD=3", "TMPDIR=/work"};
    return run::runSandboxed(sandbox, args, true, limitsFor(run, step), run.stop);
  }
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  giveTo(run.options, scratch);
  run::Command command{args,
                       scratch,
                       {"PATH=/usr/bin:/bin", "LANG=C.UTF-8", "HOME=" + scratch.string(),
                        "TMPDIR=" + scratch.string(), "MAZEKIT_REPORT_FD=3"},
                       true};
  command.runAsUid = run.options.runAsUid;
  command.runAsGid = run.options.runAsGid;
  return run::runProcess(command, limitsFor(run, step), run.stop);
}

// Which program runs each step: one with every step (then Catch2's -# selects the step's
// file), or one of its own; or, when the step cannot run, its verdict already.
struct StepProgram {
  fs::path program;
  bool shared = false;   ///< holds other steps too
  bool decided = false;  ///< the verdict is known without running
};
using StepPrograms = std::vector<StepProgram>;

// Builds the student's step programs, in its sandbox, within its compile budget, and keys
// them. First every step in one program. If that fails and the student's files alone fail with
// the same first error, every step fails with it. Otherwise each step is compiled on its own
// (an object file), and the objects that compiled are linked into one program; should that
// link fail, each is linked alone.
void buildPrograms(ClassRun& run, const BuildPlaces& places, const run::Key& key,
                   const fs::path& keyed, StudentResult& student, StepPrograms& programs) {
  const auto& lessonSteps = run.steps.steps;
  const std::size_t n = lessonSteps.size();
  const auto decide = [&](std::size_t k, run::Verdict verdict) {
    student.steps[k].verdict = std::move(verdict);
    programs[k].decided = true;
  };
  const auto decideAll = [&](const std::vector<std::size_t>& steps, const run::Verdict& verdict) {
    for (const std::size_t k : steps) decide(k, verdict);
  };
  // The steps of the kit's tests (a test-writing step is built apart: gradeTestsStep).
  std::vector<std::size_t> every;
  for (std::size_t k = 0; k < n; ++k)
    if (!lessonSteps[k].writesTests()) every.push_back(k);
  if (every.empty()) return;
  // Keys `name` for `steps`: a program whose code holds the key slot's marker is tampered.
  const auto keyFor = [&](const std::string& name, const std::vector<std::size_t>& steps,
                          bool shared) {
    try {
      writeKeyedProgram(places.bin / name, keyed / name, key);
      for (const std::size_t k : steps) programs[k] = {keyed / name, shared, false};
    } catch (const MarkerError& error) {
      decideAll(steps, {run::Outcome::tampered,
                        std::string("tampered: ") + error.what() + " (does the code hold it?)"});
    }
  };
  const run::Verdict interrupted{run::Outcome::notGraded,
                                 "not graded: the grading was interrupted"};
  const auto failed = [&](const Compiled& c) {
    return c.interrupted
               ? interrupted
               : run::Verdict{run::Outcome::doesNotCompile, "does not compile: " + c.error};
  };

  double compiling = 0;
  const Compiled combined = compile(run.manifest, places, places.sources / "combined.cpp",
                                    "combined", run.compileLimits, run.stop);
  compiling += combined.seconds;
  if (combined.ok) return keyFor("combined", every, true);
  if (combined.interrupted) return decideAll(every, interrupted);

  // The student's files alone, after what every step's test includes first.
  if (!combined.limitHit && compiling < run.options.compileBudget) {
    std::string alone =
        "// Generated by mazekit grade: the student's files on their own.\n"
        "#include <catch2/catch.hpp>\n#include <lesson_picture.hpp>\n";
    for (const std::string& file : run.lesson.files) alone += "#include \"" + file + "\"\n";
    writeFile(places.sources / "alone.cpp", alone);
    const Compiled own = compileObject(run.manifest, places, places.sources / "alone.cpp",
                                       "alone.o", run.compileLimits, run.stop);
    compiling += own.seconds;
    if (!own.ok && !own.limitHit && own.error == combined.error)
      return decideAll(every, failed(combined));
  }

  // Each step on its own.
  std::vector<std::size_t> compiled;
  std::vector<std::string> objects;
  for (const std::size_t k : every) {
    if (stopped(run)) {
      decide(k, interrupted);
      continue;
    }
    if (compiling >= run.options.compileBudget) {
      decide(k,
             {run::Outcome::notGraded,
              "not graded: compile budget used (" + seconds(std::round(compiling)) +
                  " s of compiling; the limit is " + seconds(run.options.compileBudget) + " s)"});
      continue;
    }
    const std::string name = "step" + std::to_string(k + 1);
    const Compiled object = compileObject(run.manifest, places, places.sources / (name + ".cpp"),
                                          name + ".o", run.compileLimits, run.stop);
    compiling += object.seconds;
    if (!object.ok) {
      decide(k, failed(object));
      continue;
    }
    compiled.push_back(k);
    objects.push_back(name + ".o");
  }
  if (compiled.empty()) return;
  const Compiled linked =
      linkProgram(run.manifest, places, objects, "steps", run.compileLimits, run.stop);
  compiling += linked.seconds;
  if (linked.ok) return keyFor("steps", compiled, true);
  // A step that uses a function the code declares but never defines: each linked alone.
  for (std::size_t i = 0; i < compiled.size(); ++i) {
    const std::string name = "step" + std::to_string(compiled[i] + 1);
    const Compiled one =
        linkProgram(run.manifest, places, {objects[i]}, name, run.compileLimits, run.stop);
    if (one.ok) {
      keyFor(name, {compiled[i]}, false);
    } else {
      decide(compiled[i], failed(one));
    }
  }
}

// Runs each step that has a program, alone in a fresh sandbox, and judges it from how it
// ended and its signed report.
void runSteps(ClassRun& run, const StepPrograms& programs, const run::Key& key,
              const fs::path& scratch, StudentResult& student) {
  const auto& lessonSteps = run.steps.steps;
  for (std::size_t k = 0; k < lessonSteps.size(); ++k) {
    auto& r = student.steps[k];
    const ManifestStep& step = lessonSteps[k];
    if (programs[k].decided) continue;
    if (stopped(run)) {
      r.verdict = {run::Outcome::notGraded, "not graded: the grading was interrupted"};
      continue;
    }
    const run::Result ran = runStep(run, programs[k].program, step, programs[k].shared, scratch);
    const run::HarnessReport report = run::readHarnessReport(ran.report, key);
    run::StepExpectation expected;
    expected.testCases = step.testCases;
    expected.timeoutSeconds = stepSeconds(run, step);
    expected.memoryBytes = run.stepLimits.memoryBytes;
    expected.sanitized = run.manifest.sanitized;
    r.verdict = run::stepVerdict(ran, report, expected);
    std::string output = text::cutUtf8(ran.output, 4000);
    if (output.size() < ran.output.size() || ran.outputTruncated)
      output += "\n[... output cut at 4000 bytes]";
    r.output = output;
    r.seconds = ran.seconds;
    r.picture = report.picture;
    if (r.passed()) {
      r.score = step.points;
      if (!report.picture.empty()) {
        student.picture = report.picture;
        student.pictureStep = step.id;
      }
    }
  }
}

// The student's tests of a test-writing step: built against the wheat and each chaff, each a
// program of its own, compiled in the student's sandbox exactly alike (the same source path,
// the code always seen at /student, the same output name) so that only the code's behaviour
// tells them apart; each keyed and run alone in a fresh sandbox as a step program is.
void gradeTestsStep(ClassRun& run, const BuildPlaces& student, const run::Key& key,
                    const fs::path& keyed, const fs::path& scratch, const ManifestStep& step,
                    StepResult& r) {
  const fs::path mine = student.code / step.writes;
  if (!fs::is_regular_file(fs::symlink_status(mine))) {
    r.verdict = {run::Outcome::wrongTests,
                 "no tests: the submission has no " + step.writes + ", so it catches no chaff"};
    return;
  }
  BuildPlaces places = student;
  places.sources = student.sources.parent_path() / "tests-src";
  fs::create_directories(places.sources);
  const fs::path source = places.sources / step.writes;
  fs::copy_file(mine, source, fs::copy_options::overwrite_existing);
  const TestsFile file{places.seen(source), step.writes};
  const double seconds = stepSeconds(run, step);
  double compiling = 0;
  bool tampered = false;
  const auto build = [&](const fs::path& code, const std::string& name) {
    TestsRun out;
    places.code = code;
    if (compiling >= run.options.compileBudget) {
      out.compileError = "not compiled: the compile budget is used";
      return out;
    }
    const Compiled c = compile(run.manifest, places, source, "tests", run.compileLimits, run.stop);
    compiling += c.seconds;
    out.compiled = c.ok;
    out.compileError = c.error;
    if (!c.ok) return out;
    try {
      writeKeyedProgram(places.bin / "tests", keyed / name, key);
    } catch (const MarkerError&) {
      tampered = true;
      out.compiled = false;
      return out;
    }
    out.ran = runStep(run, keyed / name, step, false, scratch);
    out.report = run::readHarnessReport(out.ran.report, key);
    r.seconds += out.ran.seconds;
    return out;
  };
  const TestsRun wheat = build(step.wheat, "tests-wheat");
  std::vector<TestsRun> chaffs;
  const bool worthIt = passesOnWheat(wheat, seconds, run.manifest.sanitized);
  for (std::size_t i = 0; worthIt && i < step.chaffs.size() && !stopped(run); ++i)
    chaffs.push_back(build(step.chaffs[i].code, "tests-chaff-" + std::to_string(i + 1)));
  if (tampered) {
    r.verdict = {
        run::Outcome::tampered,
        "tampered: the tests' program holds the report key's marker (does the code hold it?)"};
    return;
  }
  if (stopped(run)) {
    r.verdict = {run::Outcome::notGraded, "not graded: the grading was interrupted"};
    return;
  }
  const TestsVerdict verdict =
      judgeTests(step, wheat, chaffs, file, seconds, run.manifest.sanitized);
  std::string reason = verdict.reason;
  if (!verdict.green()) {
    std::string rest;
    for (const std::string& line : verdict.detail) rest += (rest.empty() ? "" : " ") + line;
    if (!rest.empty()) reason += ": " + rest;
  }
  r.verdict = {verdict.outcome, reason};
  r.score = verdict.score;
  r.picture = wheat.report.picture;
  std::string output = text::cutUtf8(wheat.ran.output, 4000);
  if (output.size() < wheat.ran.output.size()) output += "\n[... output cut at 4000 bytes]";
  r.output = output;
}

void gradeStudent(ClassRun& run, const Submission& submission, StudentResult& student) {
  const auto& lessonSteps = run.steps.steps;
  const fs::path dir = run.work / student.slug;
  const fs::path code = dir / "code";
  fs::create_directories(code);
  try {
    const PreparedCode prepared = prepareCode(submission, run.lesson, code, IntakeLimits{});
    student.notes = prepared.notes;
  } catch (const SubmissionError& error) {
    student.error = error.what();
  } catch (const fs::filesystem_error& error) {
    student.error = std::string("cannot read the submission: ") + error.what();
  }
  if (!student.error.empty()) {
    for (auto& r : student.steps)
      r.verdict = {run::Outcome::notGraded, "not graded: " + student.error};
    return;
  }
  for (const std::string& file : run.lesson.files) {
    const auto found = scanSource(file, readFile(code / file), run.rules);
    student.flags.insert(student.flags.end(), found.begin(), found.end());
  }
  TamperRules testsRules = run.rules;  // a tests file includes Catch2 and lesson_picture.hpp
  testsRules.allowedIncludes.insert({"catch2/catch.hpp", "lesson_picture.hpp"});
  testsRules.testsFile = true;
  for (const std::string& file : run.lesson.testsFiles()) {
    if (!fs::is_regular_file(fs::symlink_status(code / file))) continue;
    const auto found = scanSource(file, readFile(code / file), testsRules);
    student.flags.insert(student.flags.end(), found.begin(), found.end());
  }

  BuildPlaces places;
  places.sandboxed = run.options.sandbox;
  places.runAsUid = run.options.runAsUid;
  places.runAsGid = run.options.runAsGid;
  places.pch = run.pch;
  places.lessonTests = run.lessonTests;
  places.code = code;
  places.sources = dir / "src";
  places.bin = dir / "bin";
  const fs::path keyed = dir / "run";
  for (const fs::path& d : {places.sources, places.bin, keyed}) fs::create_directories(d);
  giveTo(run.options, places.bin);
  if (run.options.runAsUid != 0) {
    for (const auto& file : fs::directory_iterator(code))
      fs::permissions(file.path(), fs::perms::owner_read | fs::perms::owner_write |
                                       fs::perms::group_read | fs::perms::others_read);
  }
  std::string all = "// Generated by mazekit grade: every step's test in one program.\n";
  for (std::size_t k = 0; k < lessonSteps.size(); ++k) {
    if (lessonSteps[k].writesTests()) continue;
    const std::string include = "#include \"" + places.seen(lessonSteps[k].test) + "\"\n";
    all += include;
    writeFile(places.sources / ("step" + std::to_string(k + 1) + ".cpp"), include);
  }
  writeFile(places.sources / "combined.cpp", all);

  const run::Key key = newKey();
  StepPrograms programs(lessonSteps.size());
  for (std::size_t k = 0; k < lessonSteps.size(); ++k)
    programs[k].decided = lessonSteps[k].writesTests();
  buildPrograms(run, places, key, keyed, student, programs);
  runSteps(run, programs, key, dir / "scratch", student);
  for (std::size_t k = 0; k < lessonSteps.size(); ++k) {
    if (!lessonSteps[k].writesTests()) continue;
    if (stopped(run)) {
      student.steps[k].verdict = {run::Outcome::notGraded,
                                  "not graded: the grading was interrupted"};
      continue;
    }
    gradeTestsStep(run, places, key, keyed, dir / "scratch", lessonSteps[k], student.steps[k]);
  }
}

// Grades one student, and scores them: every step judged (a kit failure says so in the
// student's row), the total, and --strict's zero for a flagged student.
void gradeAndScore(ClassRun& run, const Submission& submission, StudentResult& student) {
  try {
    gradeStudent(run, submission, student);
  } catch (const std::exception& error) {
    // The kit failed, not the student: that student's row says so, the others go on.
    for (auto& r : student.steps) {
      if (r.verdict.outcome == run::Outcome::graderError && r.verdict.reason.empty()) {
        r.verdict.reason = std::string("grader error: ") + error.what();
      }
    }
  }
  for (auto& r : student.steps) {
    if (r.verdict.reason.empty())
      r.verdict = {run::Outcome::graderError, "grader error: the step was not judged"};
  }
  student.total = 0;
  for (const auto& r : student.steps) student.total += r.score;
  if (run.options.strict && !student.flags.empty()) {
    student.strictZero = true;
    student.total = 0;
    for (auto& r : student.steps) r.score = 0;
  }
}

// What every grading run reads first: the kit, the lesson, and the build manifest's view of it.
struct KitLesson {
  Kit kit;
  std::vector<Lesson> lessons;
  const Lesson* lesson = nullptr;
  Manifest manifest;
  const ManifestLesson* steps = nullptr;
  std::vector<std::string> testSources;
};

void loadKitLesson(const GradeOptions& options, KitLesson& k) {
  k.kit = locateKit();
  k.lessons = loadLessons(k.kit);
  k.lesson = &findLesson(k.lessons, options.lesson);
  k.manifest = readManifest(k.kit);
  k.steps = &k.manifest.lesson(k.lesson->id);
  if (k.steps->steps.size() != k.lesson->steps.size()) {
    throw std::runtime_error(
        "the kit's build of lesson " + k.lesson->id +
        " is out of date with its lesson.json: build the kit again (cmake --build --preset dev)");
  }
  for (const auto& step : k.steps->steps) k.testSources.push_back(readFile(step.test));
}

// The run's limits, places and the precompiled header, once for every student.
void prepareRun(ClassRun& run, RunInfo& info) {
  const GradeOptions& options = run.options;
  for (const auto& step : run.steps.steps) {
    if (step.test.parent_path() != run.lessonTests) {
      throw std::runtime_error("lesson " + run.lesson.id +
                               ": every step's test must be in one folder; " + step.test.string() +
                               " is not in " + run.lessonTests.string());
    }
  }
  run.compileLimits.seconds = options.compileTimeout;
  run.compileLimits.memoryBytes = std::size_t(options.compileMemoryMb) << 20;
  run.stepLimits.wallSeconds = options.timeout;
  run.stepLimits.cpuSeconds = options.timeout;
  run.stepLimits.memoryBytes = std::size_t(options.memoryMb) << 20;
  // Without a memory cgroup the limit is RLIMIT_AS, which a sanitizer's reserved memory breaks.
  if (run.manifest.sanitized && !run::cgroupSupport().memory) run.stepLimits.memoryBytes = 0;
  run.stepLimits.processes = 64;
  run.stepLimits.cpus = 1;
  run.stepLimits.fileBytes = 16u << 20;
  run.stepLimits.outputBytes = 64u << 10;

  info.sandboxed = options.sandbox;
  if (options.sandbox) info.protections = run::sandboxProtections();
  if (!options.sandbox && options.runAsUid != 0) {
    info.isolation = "as the user " + options.runAsName + " (uid " +
                     std::to_string(options.runAsUid) +
                     "): bubblewrap cannot make a sandbox here, so every compile and program ran "
                     "as that user, which cannot write the grader's files";
  }
  info.strict = options.strict;
  info.limits = "each step: " + seconds(options.timeout) + " s, " +
                std::to_string(options.memoryMb) +
                " MB; each compile: " + seconds(options.compileTimeout) + " s, " +
                std::to_string(options.compileMemoryMb) + " MB; " + seconds(options.compileBudget) +
                " s of compiling per student; " + run::describeLimits();
}

void buildPch(ClassRun& run) {
  BuildPlaces pchPlaces;
  pchPlaces.sandboxed = run.options.sandbox;
  pchPlaces.pch = run.pch;
  pchPlaces.lessonTests = run.lessonTests;
  pchPlaces.code = run.pch;
  pchPlaces.sources = run.pch;
  pchPlaces.bin = run.pch;
  if (const std::string warning =
          buildPrecompiledHeader(run.manifest, pchPlaces, run.compileLimits);
      !warning.empty()) {
    std::cerr << "mazekit grade: warning: " << text::terminalLine(warning) << "\n";
  }
}

std::string clock(double s) {
  const long total = std::lround(s);
  std::ostringstream text;
  text << total / 60 << ":" << std::setw(2) << std::setfill('0') << total % 60;
  return text.str();
}

}  // namespace

void checkLimits(const GradeOptions& options) {
  if (options.jobs < 1 || options.jobs > 256) {
    throw UsageError("-j must be from 1 to 256; got " + std::to_string(options.jobs));
  }
  if (!(options.timeout > 0 && options.timeout <= 3600)) {
    throw UsageError("--timeout must be more than 0 and at most 3600 seconds; got " +
                     seconds(options.timeout));
  }
  if (options.memoryMb < 64 || options.memoryMb > 1 << 20) {
    throw UsageError("--memory must be from 64 to 1048576 (MB); got " +
                     std::to_string(options.memoryMb));
  }
  if (!(options.compileTimeout >= 5 && options.compileTimeout <= 3600)) {
    throw UsageError("--compile-timeout must be from 5 to 3600 seconds; got " +
                     seconds(options.compileTimeout));
  }
  if (!(options.compileBudget >= options.compileTimeout && options.compileBudget <= 36000)) {
    throw UsageError("--compile-budget must be at least --compile-timeout (" +
                     seconds(options.compileTimeout) + " s) and at most 36000 seconds; got " +
                     seconds(options.compileBudget));
  }
}

int gradeClass(const GradeOptions& options, const volatile std::sig_atomic_t* stop) {
  KitLesson k;
  loadKitLesson(options, k);
  const Lesson& lesson = *k.lesson;
  if (!fs::is_directory(options.submissions)) {
    throw UsageError(
        "SUBMISSIONS '" + options.submissions.string() +
        "' is not a folder; give the folder that holds one subfolder, .zip or .tar.gz per student");
  }
  checkLimits(options);
  const fs::path submissions = fs::weakly_canonical(fs::absolute(options.submissions));
  const fs::path out = fs::weakly_canonical(fs::absolute(options.out));
  const auto inside = [](const fs::path& a, const fs::path& b) {
    const auto rel = a.lexically_relative(b);
    return !rel.empty() && *rel.begin() != "..";
  };
  if (inside(out, submissions)) {
    throw UsageError("--out '" + options.out.string() +
                     "' is inside SUBMISSIONS; choose a folder outside it");
  }
  if (inside(submissions, out)) {
    throw UsageError("SUBMISSIONS '" + options.submissions.string() +
                     "' is inside --out; choose an --out outside it");
  }
  if (options.sandbox && !run::sandboxProblem().empty())
    throw std::runtime_error(run::sandboxProblem());
  prepareOut(options, out);

  std::vector<std::string> skipped;
  const auto found = findSubmissions(submissions, skipped);
  if (found.empty()) {
    throw UsageError("no submissions in '" + options.submissions.string() +
                     "': it must hold one subfolder, .zip or .tar.gz per student");
  }

  ClassRun run{options,
               stop,
               k.manifest,
               lesson,
               *k.steps,
               tamperRules(k.testSources, lesson.files),
               out,
               out / "work",
               out / "build" / "pch",
               k.steps->steps.front().test.parent_path(),
               {},
               {},
               {}};
  RunInfo info;
  prepareRun(run, info);

  // With --json, stdout is the JSON alone: what is said on the way goes to stderr.
  std::ostream& say = options.json ? std::cerr : std::cout;
  say << "mazekit grade: lesson " << lesson.id << ", " << found.size() << " submissions, "
      << options.jobs << " at a time, "
      << (options.sandbox ? "each in its own sandbox" : "WITHOUT a sandbox (--no-sandbox)") << "\n"
      << "mazekit grade: limits: " << info.limits << "\n";
  if (!info.protections.empty()) say << "mazekit grade: sandbox: " << info.protections << "\n";
  for (const auto& s : skipped) say << "mazekit grade: skipped " << text::terminalLine(s) << "\n";
  say << std::flush;

  const auto began = std::chrono::steady_clock::now();
  buildPch(run);

  std::vector<StudentResult> students(found.size());
  std::set<std::string> taken{"work", "build", "grades.csv", "report.html", outMarker};
  for (std::size_t i = 0; i < found.size(); ++i) {
    students[i].name = found[i].name;
    students[i].slug = slugFor(found[i].name, taken);
    students[i].steps.resize(lesson.steps.size());
  }
  // Progress: a live line on a terminal, a line per student otherwise (a log, a CI job).
  const bool live = options.progress == Progress::live ||
                    (options.progress == Progress::automatic &&
                     isatty(options.json ? STDERR_FILENO : STDOUT_FILENO) != 0);
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> finished{0};
  auto worker = [&] {
    for (std::size_t i = next++; i < found.size(); i = next++) {
      StudentResult& student = students[i];
      gradeAndScore(run, found[i], student);
      const std::lock_guard<std::mutex> lock(run.print);
      const std::size_t done = ++finished;
      const double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
      const double left =
          elapsed / static_cast<double>(done) * static_cast<double>(found.size() - done);
      std::ostringstream line;
      line << "mazekit grade: [" << done << "/" << found.size() << "] "
           << text::terminalLine(student.name) << ": " << student.total << "/" << maxPoints(lesson)
           << (student.flags.empty() ? "" : "  (flagged)") << "  " << clock(elapsed) << " elapsed"
           << (done < found.size() ? ", about " + clock(left) + " left" : "");
      if (live) {
        say << "\r\033[K" << line.str() << (done == found.size() ? "\n" : "") << std::flush;
      } else {
        say << line.str() << "\n" << std::flush;
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < options.jobs; ++t) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  if (stop != nullptr && *stop != 0) {
    if (live) say << "\n";
    std::cerr << "mazekit grade: interrupted; every compiler and step program it started has been "
                 "stopped, "
                 "and no grades were written\n";
    return 130;
  }
  writeReports(lesson, students, info, out);
  if (options.json) {
    std::cout << classJson(lesson, students, info, out);
    return 0;
  }
  std::cout << formatTable(lesson, students, info);
  std::cout << "mazekit grade: wrote " << (out / "grades.csv").string() << ", "
            << (out / "report.html").string() << " and each student's results.json and junit.xml\n";
  return 0;
}

int gradeOne(const GradeOptions& options, const GradescopeView& view, const fs::path& resultsFile,
             const volatile std::sig_atomic_t* stop, int* score) {
  const auto began = std::chrono::steady_clock::now();
  KitLesson k;
  loadKitLesson(options, k);
  const Lesson& lesson = *k.lesson;
  checkLimits(options);
  for (const auto& [step, visibility] : view.stepVisibility) lesson.step(step);
  // The submission: a folder of the student's files, an archive, or one file; a folder that
  // holds nothing but one archive (how Gradescope keeps an uploaded zip) is that archive.
  Submission submission;
  submission.name = "submission";
  submission.source = options.submissions;
  std::error_code ec;
  const auto kindOf = [](const fs::path& file) {
    std::string lower = file.filename().string();
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto ends = [&](const std::string& end) {
      return lower.size() >= end.size() &&
             lower.compare(lower.size() - end.size(), end.size(), end) == 0;
    };
    if (ends(".zip")) return Submission::Kind::zip;
    if (ends(".tar.gz") || ends(".tgz")) return Submission::Kind::tarGz;
    return Submission::Kind::file;
  };
  const auto status = fs::symlink_status(options.submissions, ec);
  if (fs::is_directory(status)) {
    std::vector<fs::path> shown;
    for (const auto& entry : fs::directory_iterator(options.submissions)) {
      const std::string name = entry.path().filename().string();
      if (!name.empty() && name.front() != '.') shown.push_back(entry.path());
    }
    if (shown.size() == 1 && fs::is_regular_file(fs::symlink_status(shown.front())) &&
        kindOf(shown.front()) != Submission::Kind::file) {
      submission.source = shown.front();
      submission.kind = kindOf(shown.front());
    }
  } else if (fs::is_regular_file(status)) {
    submission.kind = kindOf(options.submissions);
  } else {
    throw UsageError("SUBMISSION '" + options.submissions.string() +
                     "' is neither a folder nor a file; give the student's folder, archive or " +
                     (lesson.files.empty() ? std::string("file") : lesson.files.front()));
  }
  if (resultsFile.empty() || !fs::is_directory(fs::absolute(resultsFile).parent_path())) {
    throw UsageError("--results '" + resultsFile.string() +
                     "' is not in a folder that exists; give a file in an existing folder, like "
                     "/autograder/results/results.json");
  }
  if (options.sandbox && !run::sandboxProblem().empty())
    throw std::runtime_error(run::sandboxProblem());
  prepareOut(options, options.out);

  ClassRun run{options,
               stop,
               k.manifest,
               lesson,
               *k.steps,
               tamperRules(k.testSources, lesson.files),
               options.out,
               options.out / "work",
               options.out / "build" / "pch",
               k.steps->steps.front().test.parent_path(),
               {},
               {},
               {}};
  RunInfo info;
  prepareRun(run, info);
  std::cout << "mazekit grade-one: lesson " << lesson.id << ", "
            << (options.sandbox         ? "in a sandbox"
                : options.runAsUid != 0 ? "as the user " + options.runAsName + ", not in a sandbox"
                                        : std::string("WITHOUT a sandbox (--isolation none)"))
            << "\n"
            << "mazekit grade-one: limits: " << info.limits << "\n";
  if (!info.protections.empty())
    std::cout << "mazekit grade-one: sandbox: " << info.protections << "\n";
  std::cout << std::flush;
  buildPch(run);
  StudentResult student;
  student.name = submission.name;
  student.slug = "submission";
  student.steps.resize(lesson.steps.size());
  gradeAndScore(run, submission, student);
  if (stop != nullptr && *stop != 0) {
    std::cerr << "mazekit grade-one: interrupted; no results were written\n";
    return 130;
  }
  GradescopeView timed = view;
  timed.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  turtle::saveFileAtomically(resultsFile, gradescopeResults(lesson, student, info, timed));
  if (score != nullptr) *score = student.strictZero ? 0 : student.total;
  std::cout << formatTable(lesson, {student}, info) << "mazekit grade-one: wrote "
            << resultsFile.string() << "\n";
  return 0;
}

}  // namespace mazekit::grade
