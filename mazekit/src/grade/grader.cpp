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
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

#include <turtle/save_file.hpp>

#include "common/files.hpp"
#include "common/text.hpp"
#include "grade/build.hpp"
#include "grade/grading.hpp"
#include "grade/submission.hpp"
#include "grade/tamper.hpp"
#include "grade/wheats_and_chaffs.hpp"
#include "kit/edition.hpp"
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

// ... and taken back once the compiler is done, before any of the student's code runs:
// root's, closed to everyone else, so that no program of the student's reads an unkeyed
// program (and from it the key) or what another build left.
void takeBack(const GradeOptions& options, const fs::path& folder) {
  if (options.runAsUid == 0) return;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
    ::lchown(it->path().c_str(), 0, 0);
  if (::lchown(folder.c_str(), 0, 0) != 0 || ::chmod(folder.c_str(), 0700) != 0) {
    throw std::runtime_error("cannot take back " + folder.string() + " from the user " +
                             options.runAsName + ": " + std::strerror(errno));
  }
}

// Writes the keyed program; without the sandbox, runnable but not readable by the student's
// user (the kernel runs a program it cannot read; the program cannot open its own file).
void keyProgram(const GradeOptions& options, const fs::path& from, const fs::path& to,
                const run::Key& key) {
  writeKeyedProgram(from, to, key);
  if (options.runAsUid != 0) {
    fs::permissions(to, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec);
  }
}

// What a student's builds have written so far, against --disk.
std::uintmax_t bytesUnder(const fs::path& folder) {
  std::uintmax_t total = 0;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    struct stat st {};
    if (::lstat(it->path().c_str(), &st) == 0 && S_ISREG(st.st_mode))
      total += static_cast<std::uintmax_t>(st.st_blocks) * 512;
  }
  return total;
}

struct ClassRun {
  const GradeOptions& options;
  const volatile std::sig_atomic_t* stop;
  Manifest manifest;  ///< as built; as the student's user sees it in user mode (userView)
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
  // The disk budget: each compile may write what is left of it, and none starts without 1 MB.
  BuildPlaces room = places;
  const fs::path dir = places.bin.parent_path();
  const std::uintmax_t budget = std::uintmax_t(run.options.diskMb) << 20;
  const auto diskLeft = [&] {
    const std::uintmax_t used = bytesUnder(dir);
    room.fileBytes = used >= budget ? 0 : static_cast<std::size_t>(budget - used);
    return room.fileBytes >= (std::size_t(1) << 20);
  };
  const run::Verdict diskFull{
      run::Outcome::notGraded,
      "not graded: building your code would write more than " + std::to_string(run.options.diskMb) +
          " MB, the most a student's builds may write (--disk): does it hold a huge array?"};
  // Keys `name` for `steps`: a program whose code holds the key slot's marker is tampered.
  // The unkeyed program goes once keyed: it is not run, and it takes room.
  const auto keyFor = [&](const std::string& name, const std::vector<std::size_t>& steps,
                          bool shared) {
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(places.bin / name, ec);
    if (!diskLeft() || ec || size > room.fileBytes) return decideAll(steps, diskFull);
    try {
      keyProgram(run.options, places.bin / name, keyed / name, key);
      fs::remove(places.bin / name, ec);
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
  if (!diskLeft()) return decideAll(every, diskFull);
  const Compiled combined = compile(run.manifest, room, places.sources / "combined.cpp", "combined",
                                    run.compileLimits, run.stop);
  compiling += combined.seconds;
  if (combined.ok) return keyFor("combined", every, true);
  if (combined.interrupted) return decideAll(every, interrupted);

  // The student's files alone, after what every step's test includes first.
  if (!combined.limitHit && compiling < run.options.compileBudget && diskLeft()) {
    std::string alone =
        "// Generated by mazekit grade: the student's files on their own.\n"
        "#include <catch2/catch.hpp>\n#include <lesson_picture.hpp>\n";
    for (const std::string& file : run.lesson.files) alone += "#include \"" + file + "\"\n";
    writeFile(places.sources / "alone.cpp", alone);
    const Compiled own = compileObject(run.manifest, room, places.sources / "alone.cpp", "alone.o",
                                       run.compileLimits, run.stop);
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
    if (!diskLeft()) {
      decide(k, diskFull);
      continue;
    }
    const std::string name = "step" + std::to_string(k + 1);
    const Compiled object = compileObject(run.manifest, room, places.sources / (name + ".cpp"),
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
  if (!diskLeft()) return decideAll(compiled, diskFull);
  const Compiled linked =
      linkProgram(run.manifest, room, objects, "steps", run.compileLimits, run.stop);
  compiling += linked.seconds;
  if (linked.ok) return keyFor("steps", compiled, true);
  // A step that uses a function the code declares but never defines: each linked alone.
  for (std::size_t i = 0; i < compiled.size(); ++i) {
    const std::string name = "step" + std::to_string(compiled[i] + 1);
    if (!diskLeft()) {
      decide(compiled[i], diskFull);
      continue;
    }
    const Compiled one =
        linkProgram(run.manifest, room, {objects[i]}, name, run.compileLimits, run.stop);
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

// The student's tests of a test-writing step, judged by what the code they test does, and by
// nothing else. Every build is made alike: the version of the code (the wheat, or a chaff)
// copied to the same folder, the tests at the same path, compiled in the student's sandbox
// into a folder of its own with flags of its own (diversityFlags: no hash or size of the
// machine code carries from one build to the next), keyed, and run as the same program name
// in a fresh sandbox, from a fresh copy, leaving nothing behind. First the wheat alone: tests
// that fail on correct code catch nothing, and the chaffs are not built. Then the wheat again
// and every chaff, each built anew, run in a random order: a test that tells its first run
// from the others fails on the wheat's second run.
void gradeTestsStep(ClassRun& run, const BuildPlaces& student, const run::Key& key,
                    const fs::path& dir, const ManifestStep& step, StepResult& r) {
  const fs::path mine = student.code / step.writes;
  if (!fs::is_regular_file(fs::symlink_status(mine))) {
    r.verdict = {run::Outcome::wrongTests,
                 "no tests: the submission has no " + step.writes + ", so it catches no chaff"};
    return;
  }
  BuildPlaces places = student;
  places.sources = dir / "tests-src";
  places.code = dir / "tests-code";         // each version of the code, in turn
  places.lessonTests = dir / "tests-none";  // the student's tests include none of the lesson's
  for (const fs::path& d : {places.sources, places.lessonTests}) fs::create_directories(d);
  const fs::path source = places.sources / step.writes;
  fs::copy_file(mine, source, fs::copy_options::overwrite_existing);
  const TestsFile file{places.seen(source), step.writes};
  const double timeout = stepSeconds(run, step);
  const std::uintmax_t budget = std::uintmax_t(run.options.diskMb) << 20;
  double compiling = 0;
  int builds = 0;
  bool tampered = false;

  struct Built {
    TestsRun run;
    fs::path program;  ///< unkeyed, in the build's own folder
  };
  const auto build = [&](const fs::path& code) {
    Built b;
    if (stopped(run)) {
      b.run.notBuilt = "the grading was interrupted";
      return b;
    }
    if (builds > 0 && compiling >= run.options.compileBudget) {
      b.run.notBuilt = "the compile budget is used (" + seconds(std::round(compiling)) +
                       " s of compiling your tests; the limit is " +
                       seconds(run.options.compileBudget) + " s)";
      return b;
    }
    const std::uintmax_t used = bytesUnder(dir);
    if (used + (std::uintmax_t(1) << 20) > budget) {
      b.run.notBuilt = "building your tests would write more than " +
                       std::to_string(run.options.diskMb) +
                       " MB, the most a student's builds may write (--disk)";
      return b;
    }
    places.fileBytes = static_cast<std::size_t>(budget - used);
    fs::remove_all(places.code);
    fs::create_directories(places.code);
    for (const std::string& name : run.lesson.files) {
      if (!fs::is_regular_file(code / name)) continue;
      fs::copy_file(code / name, places.code / name);
      fs::permissions(places.code / name, fs::perms(0644));  // the kit's may be closed
    }
    places.bin = dir / ("tests-bin-" + std::to_string(++builds));
    fs::remove_all(places.bin);
    fs::create_directories(places.bin);
    giveTo(run.options, places.bin);
    places.diversity = diversityFlags(newKey());
    const Compiled c = compile(run.manifest, places, source, "tests", run.compileLimits, run.stop);
    compiling += c.seconds;
    takeBack(run.options, places.bin);
    fs::remove_all(places.code);
    b.run.compiled = c.ok;
    b.run.compileError = c.error;
    if (c.interrupted) b.run.notBuilt = "the grading was interrupted";
    // A compile stopped at a limit on the wheat is the tests' own (a compiler bomb); on a
    // chaff, whose code is the wheat's but for a line, it is the machine's: not judged.
    if (c.limitHit && builds > 1) b.run.notBuilt = "building your tests: " + c.error;
    b.program = places.bin / "tests";
    return b;
  };
  const fs::path program = dir / "run" / "tests";
  const auto runBuilt = [&](Built& b) {
    if (!b.run.compiled || !b.run.notBuilt.empty()) return;
    try {
      keyProgram(run.options, b.program, program, key);
    } catch (const MarkerError&) {
      tampered = true;
      b.run.compiled = false;
      return;
    }
    fs::remove_all(b.program.parent_path());
    b.run.ran = runStep(run, program, step, false, dir / "scratch");
    b.run.report = run::readHarnessReport(b.run.ran.report, key);
    fs::remove(program);
    r.seconds += b.run.ran.seconds;
  };

  Built wheat = build(step.wheat);
  runBuilt(wheat);
  std::vector<TestsRun> chaffs;
  std::vector<TestsRun> wheatAgain;
  if (wheat.run.notBuilt.empty() && passesOnWheat(wheat.run, timeout, run.manifest.sanitized)) {
    std::vector<Built> batch;  // the wheat again, then the chaffs in their order
    batch.push_back(build(step.wheat));
    for (const ManifestChaff& chaff : step.chaffs) batch.push_back(build(chaff.code));
    std::vector<std::size_t> order(batch.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    const run::Key seed = newKey();
    std::seed_seq seq(seed.begin(), seed.end());
    std::shuffle(order.begin(), order.end(), std::mt19937_64(seq));
    for (const std::size_t i : order) runBuilt(batch[i]);
    wheatAgain.push_back(std::move(batch.front().run));
    for (std::size_t i = 1; i < batch.size(); ++i) chaffs.push_back(std::move(batch[i].run));
  }
  if (tampered) {
    r.verdict = {
        run::Outcome::tampered,
        "tampered: the tests' program holds the report key's marker (does the code hold it?)"};
    return;
  }
  if (stopped(run) || !wheat.run.notBuilt.empty()) {
    r.verdict = {
        run::Outcome::notGraded,
        "not graded: " + (wheat.run.notBuilt.empty() ? std::string("the grading was interrupted")
                                                     : wheat.run.notBuilt)};
    return;
  }
  const TestsVerdict verdict =
      judgeTests(step, wheat.run, chaffs, file, timeout, run.manifest.sanitized, wheatAgain);
  std::string reason = verdict.reason;
  if (!verdict.green()) {
    std::string rest;
    for (const std::string& line : verdict.detail) rest += (rest.empty() ? "" : " ") + line;
    if (!rest.empty()) reason += ": " + rest;
  }
  r.verdict = {verdict.outcome, reason};
  r.score = verdict.score;
  // A chaff counts as missed only by tests that passed on the wheat: tests that fail on correct
  // code are not run against the chaffs, and the class report would blame every chaff for them.
  if (verdict.wheatPassed) {
    for (const ChaffFate& chaff : verdict.chaffs)
      if (!chaff.caught) r.chaffsMissed.push_back(chaff.says);
  }
  r.picture = wheat.run.report.picture;
  std::string output = text::cutUtf8(wheat.run.ran.output, 4000);
  if (output.size() < wheat.run.ran.output.size()) output += "\n[... output cut at 4000 bytes]";
  r.output = output;
}

// The submission's files into `code`, as the lesson names them. False, with every step not
// graded for the reason, when they cannot be taken in.
bool takeIn(const ClassRun& run, const Submission& submission, const fs::path& code,
            StudentResult& student) {
  try {
    const PreparedCode prepared = prepareCode(submission, run.lesson, code, IntakeLimits{});
    student.notes = prepared.notes;
  } catch (const SubmissionError& error) {
    student.error = error.what();
  } catch (const fs::filesystem_error& error) {
    student.error = std::string("cannot read the submission: ") + error.what();
  }
  if (student.error.empty()) return true;
  for (auto& r : student.steps)
    r.verdict = {run::Outcome::notGraded, "not graded: " + student.error};
  return false;
}

// The tamper scan of the student's code and of their tests files, into student.flags.
void scanForTampering(const ClassRun& run, const fs::path& code, StudentResult& student) {
  for (const std::string& file : run.lesson.files) {
    const auto found = scanSource(file, common::readFileOrEmpty(code / file), run.rules);
    student.flags.insert(student.flags.end(), found.begin(), found.end());
  }
  TamperRules testsRules = run.rules;  // a tests file includes Catch2 and lesson_picture.hpp
  testsRules.allowedIncludes.insert({"catch2/catch.hpp", "lesson_picture.hpp"});
  testsRules.testsFile = true;
  // ... and must not redefine a name the code it tests uses: the wheat's and every chaff's.
  for (const auto& step : run.steps.steps) {
    if (!step.writesTests()) continue;
    std::vector<std::string> versions;
    for (const std::string& file : run.lesson.files) {
      versions.push_back(common::readFileOrEmpty(step.wheat / file));
      for (const ManifestChaff& chaff : step.chaffs)
        versions.push_back(common::readFileOrEmpty(chaff.code / file));
    }
    const TamperRules names = tamperRules(versions, {});
    testsRules.protectedNames.insert(names.protectedNames.begin(), names.protectedNames.end());
  }
  for (const std::string& file : run.lesson.testsFiles()) {
    if (!fs::is_regular_file(fs::symlink_status(code / file))) continue;
    const auto found = scanSource(file, common::readFileOrEmpty(code / file), testsRules);
    student.flags.insert(student.flags.end(), found.begin(), found.end());
  }
}

// The student's folders under `dir`: sources, programs and the keyed programs, which the
// student's user may run but not list or read; their code readable by that user.
BuildPlaces placesFor(const ClassRun& run, const fs::path& dir, const fs::path& code) {
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
    ::chmod(keyed.c_str(), 0711);
    for (const auto& file : fs::directory_iterator(code))
      fs::permissions(file.path(), fs::perms::owner_read | fs::perms::owner_write |
                                       fs::perms::group_read | fs::perms::others_read);
  }
  return places;
}

// One source per code step, each including its lesson test, and one with all of them.
void writeStepSources(const ClassRun& run, const BuildPlaces& places) {
  const auto& lessonSteps = run.steps.steps;
  std::string all = "// Generated by mazekit grade: every step's test in one program.\n";
  for (std::size_t k = 0; k < lessonSteps.size(); ++k) {
    if (lessonSteps[k].writesTests()) continue;
    const std::string include =
        "#include \"" + places.seen(run.lessonTests / lessonSteps[k].test.filename()) + "\"\n";
    all += include;
    writeFile(places.sources / ("step" + std::to_string(k + 1) + ".cpp"), include);
  }
  writeFile(places.sources / "combined.cpp", all);
}

void gradeStudent(ClassRun& run, const Submission& submission, StudentResult& student) {
  const auto& lessonSteps = run.steps.steps;
  const fs::path dir = run.work / student.slug;
  const fs::path code = dir / "code";
  fs::create_directories(code);
  if (!takeIn(run, submission, code, student)) return;
  scanForTampering(run, code, student);
  BuildPlaces places = placesFor(run, dir, code);
  writeStepSources(run, places);

  const run::Key key = newKey();
  StepPrograms programs(lessonSteps.size());
  for (std::size_t k = 0; k < lessonSteps.size(); ++k)
    programs[k].decided = lessonSteps[k].writesTests();
  buildPrograms(run, places, key, dir / "run", student, programs);
  takeBack(run.options, places.bin);
  runSteps(run, programs, key, dir / "scratch", student);
  for (std::size_t k = 0; k < lessonSteps.size(); ++k) {
    if (!lessonSteps[k].writesTests()) continue;
    if (stopped(run)) {
      student.steps[k].verdict = {run::Outcome::notGraded,
                                  "not graded: the grading was interrupted"};
      continue;
    }
    gradeTestsStep(run, places, key, dir, lessonSteps[k], student.steps[k]);
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
  // The student's builds go once judged (--keep keeps them): a class never holds more than
  // the disk budget times -j.
  if (!run.options.keep) {
    std::error_code ec;
    fs::remove_all(run.work / student.slug, ec);
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
  requireWholeKit(k.kit, "solutions to grade with",
                  "grade with the instructor's whole kit; here mazekit check checks your steps "
                  "and mazekit submit (without --grade) makes the zip you hand in");
  k.lessons = loadLessons(k.kit);
  k.lesson = &findLesson(k.lessons, options.lesson);
  k.manifest = readManifest(k.kit);
  k.steps = &k.manifest.lesson(k.lesson->id);
  if (k.steps->steps.size() != k.lesson->steps.size()) {
    throw std::runtime_error(
        "the kit's build of lesson " + k.lesson->id +
        " is out of date with its lesson.json: build the kit again (cmake --build --preset dev)");
  }
  for (const auto& step : k.steps->steps)
    k.testSources.push_back(common::readFileOrEmpty(step.test));
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
    info.isolation =
        "as the user " + options.runAsName + " (uid " + std::to_string(options.runAsUid) +
        "): bubblewrap cannot make a sandbox here, so every compile and program ran as that "
        "user, which cannot write the grader's files, nor read the kit, its build or a program "
        "it runs (its compiler is given copies of the headers and libraries it needs); each "
        "run had an empty folder of its own, and after it every process of that user was "
        "killed and its files in /tmp, /var/tmp and /dev/shm and its System V objects removed";
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

// Copies `from` (a file or a folder) to `to`, readable by every user: the copy's modes are
// its own, not those of a kit closed to others.
void copyOpen(const fs::path& from, const fs::path& to) {
  fs::create_directories(to.parent_path());
  fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  const auto open = [](const fs::path& p, bool folder) {
    fs::permissions(p, folder ? fs::perms(0755) : fs::perms(0644));
  };
  open(to, fs::is_directory(to));
  if (fs::is_directory(to)) {
    for (const auto& entry : fs::recursive_directory_iterator(to))
      open(entry.path(), entry.is_directory());
  }
}

// Without the sandbox, as the student's user: the compiler sees copies of what it needs (the
// turtle library's headers, the harness and the kit's libraries, the lesson's tests) under
// --out, never the kit itself, whose solutions and chaffs stay closed to that user. Then, as
// that user, it checks it can read them and the precompiled header: a work folder under a
// private folder (like /root) would otherwise grade every student 0.
void makeUserView(ClassRun& run) {
  const fs::path view = run.out / "build" / "view";
  const auto outsideUsr = [](const fs::path& p) {
    const fs::path rel = p.lexically_relative("/usr");
    return rel.empty() || *rel.begin() == "..";
  };
  Manifest& m = run.manifest;
  copyOpen(m.studentInclude, view / "include");
  m.studentInclude = view / "include";
  copyOpen(m.harness, view / "lib" / m.harness.filename());
  m.harness = view / "lib" / m.harness.filename();
  for (fs::path& library : m.libraries) {
    if (!outsideUsr(library)) continue;
    copyOpen(library, view / "lib" / library.filename());
    library = view / "lib" / library.filename();
  }
  for (std::size_t i = 0; i < m.systemInclude.size(); ++i) {
    if (!outsideUsr(m.systemInclude[i])) continue;
    const fs::path copy = view / ("system-include-" + std::to_string(i + 1));
    copyOpen(m.systemInclude[i], copy);
    m.systemInclude[i] = copy;
  }
  copyOpen(run.lessonTests, view / "lesson-tests");
  run.lessonTests = view / "lesson-tests";

  std::vector<std::string> check{"/bin/sh",
                                 "-c",
                                 "for f do [ -r \"$f\" ] || { printf '%s' \"$f\"; exit 1; }; done",
                                 "sh",
                                 (run.pch / "harness_pch.hpp").string(),
                                 m.studentInclude.string(),
                                 m.harness.string(),
                                 run.lessonTests.string()};
  run::Command command{check, "/", {"PATH=/usr/bin:/bin"}, false};
  command.runAsUid = run.options.runAsUid;
  command.runAsGid = run.options.runAsGid;
  const run::Result r = run::runProcess(command, run::Limits{});
  if (!r.exitedWith(0)) {
    throw std::runtime_error(
        "the student's user " + run.options.runAsName + " cannot read " +
        (r.output.empty() ? run.out.string() : r.output) +
        ", which its compiler needs: a folder above the work folder " + run.out.string() +
        " is closed to other users (like /root); give --work a new folder that every user "
        "may pass through, like /tmp/mazekit-work, or leave --work out");
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
  if (options.diskMb < 64 || options.diskMb > 1 << 20) {
    throw UsageError("--disk must be from 64 to 1048576 (MB); got " +
                     std::to_string(options.diskMb));
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
    const std::string lower = common::asciiLower(file.filename().string());
    const auto ends = [&](std::string_view end) { return common::endsWith(lower, end); };
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
  if (!resultsFile.empty() && !fs::is_directory(fs::absolute(resultsFile).parent_path())) {
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
  if (!options.sandbox && options.runAsUid != 0) makeUserView(run);
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
  if (score != nullptr) *score = student.strictZero ? 0 : student.total;
  std::cout << formatTable(lesson, {student}, info);
  if (!resultsFile.empty()) {
    turtle::saveFileAtomically(resultsFile, gradescopeResults(lesson, student, info, timed));
    std::cout << "mazekit grade-one: wrote " << resultsFile.string() << "\n";
  }
  return 0;
}

fs::path newTemporaryFolder(const std::string& name, const std::string& whatToDo) {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = (tmp != nullptr && *tmp != '\0' ? std::string(tmp) : std::string("/tmp")) +
                        "/mazekit-" + name + "-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw std::runtime_error("cannot make a folder in " + pattern + ": " + std::strerror(errno) +
                             "; " + whatToDo);
  }
  return pattern;
}

}  // namespace mazekit::grade
