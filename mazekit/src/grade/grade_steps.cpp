// One student's steps: their programs built in the student's sandbox within the compile
// budget, keyed and each run alone in a fresh sandbox; a test-writing step's tests judged by
// the wheat and the chaffs.
#include "grade/class_run.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include <sys/stat.h>

#include "grade/wheats_and_chaffs.hpp"
#include "run/sandbox.hpp"
#include "run/text.hpp"

namespace mazekit::grade::class_run {
namespace {

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

// A step's time limit: the grade's, or more when the step declares it needs more (lesson.json's
// "seconds").
double stepSeconds(const ClassRun& run, const Step& step) {
  return std::max(run.options.timeout, step.seconds);
}
run::Limits limitsFor(const ClassRun& run, const Step& step) {
  run::Limits limits = run.stepLimits;
  limits.wallSeconds = stepSeconds(run, step);
  limits.cpuSeconds = stepSeconds(run, step);
  return limits;
}

// One step program run alone in a fresh sandbox: the program read-only, a small private
// tmpfs as its folder, its report through fd 3.
run::Result runStep(ClassRun& run, const fs::path& program, const Step& step, bool combined,
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
}  // namespace

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

void runSteps(ClassRun& run, const StepPrograms& programs, const run::Key& key,
              const fs::path& scratch, StudentResult& student) {
  const auto& lessonSteps = run.steps.steps;
  for (std::size_t k = 0; k < lessonSteps.size(); ++k) {
    auto& r = student.steps[k];
    const Step& step = lessonSteps[k];
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

void gradeTestsStep(ClassRun& run, const BuildPlaces& student, const run::Key& key,
                    const fs::path& dir, const Step& step, StepResult& r) {
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
    for (const Chaff& chaff : step.chaffs) batch.push_back(build(chaff.code));
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

}  // namespace mazekit::grade::class_run
