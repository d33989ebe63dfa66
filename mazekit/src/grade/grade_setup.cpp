// A grading run set up once for every student: the kit and the lesson read, --out made ready,
// the limits, the precompiled header, and without a sandbox the student's user's view of the kit.
#include "grade/class_run.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

#include "common/files.hpp"
#include "kit/edition.hpp"
#include "run/cgroup.hpp"
#include "run/sandbox.hpp"
#include "run/text.hpp"

namespace mazekit::grade::class_run {
namespace {

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
}  // namespace

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

}  // namespace mazekit::grade::class_run
