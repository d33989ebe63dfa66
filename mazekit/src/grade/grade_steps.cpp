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
// One student's step programs built (buildPrograms): each stage a method, the verdicts of the
// steps it decides written as it goes, the disk and compile budgets kept across the stages.
class StudentBuild {
 public:
  StudentBuild(ClassRun& run, const BuildPlaces& places, const run::Key& key, const fs::path& keyed,
               StudentResult& student, StepPrograms& programs)
      : run_(run),
        places_(places),
        key_(key),
        keyed_(keyed),
        student_(student),
        programs_(programs),
        room_(places),
        budget_(std::uintmax_t(run.options.diskMb) << 20),
        diskFull_{run::Outcome::notGraded,
                  "not graded: building your code would write more than " +
                      std::to_string(run.options.diskMb) +
                      " MB, the most a student's builds may write (--disk): does it hold a huge "
                      "array?"} {}

  // The steps of the kit's tests (a test-writing step is built apart: gradeTestsStep): all in
  // one program; if that fails the way the student's files alone do, every step with it; else
  // each step on its own.
  void build() {
    std::vector<std::size_t> every;
    for (std::size_t k = 0; k < run_.steps.steps.size(); ++k)
      if (!run_.steps.steps[k].writesTests()) every.push_back(k);
    if (every.empty()) return;
    if (!diskLeft()) return decideAll(every, diskFull_);
    const Compiled combined = compile(run_.manifest, room_, places_.sources / "combined.cpp",
                                      "combined", run_.compileLimits, run_.stop);
    compiling_ += combined.seconds;
    if (combined.ok) return keyFor("combined", every, true);
    if (combined.interrupted) return decideAll(every, interrupted());
    if (failsAlone(combined)) return decideAll(every, failed(combined));
    eachStep(every);
  }

 private:
  void decide(std::size_t k, run::Verdict verdict) {
    student_.steps[k].verdict = std::move(verdict);
    programs_[k].decided = true;
  }
  void decideAll(const std::vector<std::size_t>& steps, const run::Verdict& verdict) {
    for (const std::size_t k : steps) decide(k, verdict);
  }

  // The disk budget: each compile may write what is left of it, and none starts without 1 MB.
  bool diskLeft() {
    const std::uintmax_t used = bytesUnder(places_.bin.parent_path());
    room_.fileBytes = used >= budget_ ? 0 : static_cast<std::size_t>(budget_ - used);
    return room_.fileBytes >= (std::size_t(1) << 20);
  }

  static run::Verdict interrupted() {
    return {run::Outcome::notGraded, "not graded: the grading was interrupted"};
  }
  static run::Verdict failed(const Compiled& c) {
    return c.interrupted
               ? interrupted()
               : run::Verdict{run::Outcome::doesNotCompile, "does not compile: " + c.error};
  }

  // Keys `name` for `steps`: a program whose code holds the key slot's marker is tampered.
  // The unkeyed program goes once keyed: it is not run, and it takes room.
  void keyFor(const std::string& name, const std::vector<std::size_t>& steps, bool shared) {
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(places_.bin / name, ec);
    if (!diskLeft() || ec || size > room_.fileBytes) return decideAll(steps, diskFull_);
    try {
      keyProgram(run_.options, places_.bin / name, keyed_ / name, key_);
      fs::remove(places_.bin / name, ec);
      for (const std::size_t k : steps) programs_[k] = {keyed_ / name, shared, false};
    } catch (const MarkerError& error) {
      decideAll(steps, {run::Outcome::tampered,
                        std::string("tampered: ") + error.what() + " (does the code hold it?)"});
    }
  }

  // The student's files alone, after what every step's test includes first, fail with the
  // combined program's first error: the error is theirs, and every step has it.
  bool failsAlone(const Compiled& combined) {
    if (combined.limitHit || compiling_ >= run_.options.compileBudget || !diskLeft()) return false;
    std::string alone =
        "// Generated by mazekit grade: the student's files on their own.\n"
        "#include <catch2/catch.hpp>\n#include <lesson_picture.hpp>\n";
    for (const std::string& file : run_.lesson.files) alone += "#include \"" + file + "\"\n";
    writeFile(places_.sources / "alone.cpp", alone);
    const Compiled own = compileObject(run_.manifest, room_, places_.sources / "alone.cpp",
                                       "alone.o", run_.compileLimits, run_.stop);
    compiling_ += own.seconds;
    return !own.ok && !own.limitHit && own.error == combined.error;
  }

  // Each step compiled on its own, within the budgets; those that compile linked as one
  // program, or each alone should that fail (a step that uses a function the code declares
  // but never defines).
  void eachStep(const std::vector<std::size_t>& every) {
    std::vector<std::size_t> compiled;
    std::vector<std::string> objects;
    for (const std::size_t k : every) {
      if (stopped(run_)) {
        decide(k, interrupted());
      } else if (compiling_ >= run_.options.compileBudget) {
        decide(k, {run::Outcome::notGraded, "not graded: compile budget used (" +
                                                seconds(std::round(compiling_)) +
                                                " s of compiling; the limit is " +
                                                seconds(run_.options.compileBudget) + " s)"});
      } else if (!diskLeft()) {
        decide(k, diskFull_);
      } else {
        const std::string name = "step" + std::to_string(k + 1);
        const Compiled object =
            compileObject(run_.manifest, room_, places_.sources / (name + ".cpp"), name + ".o",
                          run_.compileLimits, run_.stop);
        compiling_ += object.seconds;
        if (!object.ok) {
          decide(k, failed(object));
          continue;
        }
        compiled.push_back(k);
        objects.push_back(name + ".o");
      }
    }
    if (compiled.empty()) return;
    if (!diskLeft()) return decideAll(compiled, diskFull_);
    const Compiled linked =
        linkProgram(run_.manifest, room_, objects, "steps", run_.compileLimits, run_.stop);
    compiling_ += linked.seconds;
    if (linked.ok) return keyFor("steps", compiled, true);
    for (std::size_t i = 0; i < compiled.size(); ++i) {
      const std::string name = "step" + std::to_string(compiled[i] + 1);
      if (!diskLeft()) {
        decide(compiled[i], diskFull_);
        continue;
      }
      const Compiled one =
          linkProgram(run_.manifest, room_, {objects[i]}, name, run_.compileLimits, run_.stop);
      if (one.ok) {
        keyFor(name, {compiled[i]}, false);
      } else {
        decide(compiled[i], failed(one));
      }
    }
  }

  ClassRun& run_;
  const BuildPlaces& places_;
  const run::Key& key_;
  const fs::path& keyed_;
  StudentResult& student_;
  StepPrograms& programs_;
  BuildPlaces room_;  ///< places_, with what is left of the disk budget
  std::uintmax_t budget_;
  run::Verdict diskFull_;
  double compiling_ = 0;  ///< seconds of compiling so far, against --compile-budget
};

}  // namespace

void buildPrograms(ClassRun& run, const BuildPlaces& places, const run::Key& key,
                   const fs::path& keyed, StudentResult& student, StepPrograms& programs) {
  StudentBuild(run, places, key, keyed, student, programs).build();
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

namespace {

// A test-writing step's builds and runs (gradeTestsStep): every version of the code built
// alike into a folder of its own, keyed, and run as the same program, within the student's
// compile and disk budgets.
class TestsBuilds {
 public:
  struct Built {
    TestsRun run;
    fs::path program;  ///< unkeyed, in the build's own folder
  };

  TestsBuilds(ClassRun& run, const BuildPlaces& places, const fs::path& source, const run::Key& key,
              const fs::path& dir, const Step& step, StepResult& r)
      : run_(run), places_(places), source_(source), key_(key), dir_(dir), step_(step), r_(r) {}

  // The tests built against the code in `code` (the wheat, or a chaff), or why not.
  Built build(const fs::path& code) {
    Built b;
    b.run.notBuilt = whyNotBuilt();
    if (!b.run.notBuilt.empty()) return b;
    const std::uintmax_t used = bytesUnder(dir_);
    places_.fileBytes = static_cast<std::size_t>(budget() - used);
    fs::remove_all(places_.code);
    fs::create_directories(places_.code);
    for (const std::string& name : run_.lesson.files) {
      if (!fs::is_regular_file(code / name)) continue;
      fs::copy_file(code / name, places_.code / name);
      fs::permissions(places_.code / name, fs::perms(0644));  // the kit's may be closed
    }
    places_.bin = dir_ / ("tests-bin-" + std::to_string(++builds_));
    fs::remove_all(places_.bin);
    fs::create_directories(places_.bin);
    giveTo(run_.options, places_.bin);
    places_.diversity = diversityFlags(newKey());
    const Compiled c =
        compile(run_.manifest, places_, source_, "tests", run_.compileLimits, run_.stop);
    compiling_ += c.seconds;
    takeBack(run_.options, places_.bin);
    fs::remove_all(places_.code);
    b.run.compiled = c.ok;
    b.run.compileError = c.error;
    if (c.interrupted) b.run.notBuilt = "the grading was interrupted";
    // A compile stopped at a limit on the wheat is the tests' own (a compiler bomb); on a
    // chaff, whose code is the wheat's but for a line, it is the machine's: not judged.
    if (c.limitHit && builds_ > 1) b.run.notBuilt = "building your tests: " + c.error;
    b.program = places_.bin / "tests";
    return b;
  }

  // Keys and runs a build that compiled, as the one program name every build runs as.
  void runBuild(Built& b) {
    if (!b.run.compiled || !b.run.notBuilt.empty()) return;
    const fs::path program = dir_ / "run" / "tests";
    try {
      keyProgram(run_.options, b.program, program, key_);
    } catch (const MarkerError&) {
      tampered_ = true;
      b.run.compiled = false;
      return;
    }
    fs::remove_all(b.program.parent_path());
    b.run.ran = runStep(run_, program, step_, false, dir_ / "scratch");
    b.run.report = run::readHarnessReport(b.run.ran.report, key_);
    fs::remove(program);
    r_.seconds += b.run.ran.seconds;
  }

  // The wheat again and every chaff, each built anew, run in a random order: a test that
  // tells its first run from the others fails on the wheat's second run.
  void againAndChaffs(std::vector<TestsRun>& wheatAgain, std::vector<TestsRun>& chaffs) {
    std::vector<Built> batch;  // the wheat again, then the chaffs in their order
    batch.push_back(build(step_.wheat));
    for (const Chaff& chaff : step_.chaffs) batch.push_back(build(chaff.code));
    std::vector<std::size_t> order(batch.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    const run::Key seed = newKey();
    std::seed_seq seq(seed.begin(), seed.end());
    std::shuffle(order.begin(), order.end(), std::mt19937_64(seq));
    for (const std::size_t i : order) runBuild(batch[i]);
    wheatAgain.push_back(std::move(batch.front().run));
    for (std::size_t i = 1; i < batch.size(); ++i) chaffs.push_back(std::move(batch[i].run));
  }

  bool tampered() const { return tampered_; }

 private:
  std::uintmax_t budget() const { return std::uintmax_t(run_.options.diskMb) << 20; }

  // Why the next build is not made: the grading stopped, or a budget is used; empty if it is.
  std::string whyNotBuilt() const {
    if (stopped(run_)) return "the grading was interrupted";
    if (builds_ > 0 && compiling_ >= run_.options.compileBudget) {
      return "the compile budget is used (" + seconds(std::round(compiling_)) +
             " s of compiling your tests; the limit is " + seconds(run_.options.compileBudget) +
             " s)";
    }
    if (bytesUnder(dir_) + (std::uintmax_t(1) << 20) > budget()) {
      return "building your tests would write more than " + std::to_string(run_.options.diskMb) +
             " MB, the most a student's builds may write (--disk)";
    }
    return "";
  }

  ClassRun& run_;
  BuildPlaces places_;
  fs::path source_;
  const run::Key& key_;
  fs::path dir_;
  const Step& step_;
  StepResult& r_;
  double compiling_ = 0;
  int builds_ = 0;
  bool tampered_ = false;
};

}  // namespace

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

  // First the wheat alone: tests that fail on correct code catch nothing, and the chaffs are
  // not built.
  TestsBuilds builds(run, places, source, key, dir, step, r);
  TestsBuilds::Built wheat = builds.build(step.wheat);
  builds.runBuild(wheat);
  std::vector<TestsRun> chaffs;
  std::vector<TestsRun> wheatAgain;
  if (wheat.run.notBuilt.empty() && passesOnWheat(wheat.run, timeout, run.manifest.sanitized))
    builds.againAndChaffs(wheatAgain, chaffs);
  if (builds.tampered()) {
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
