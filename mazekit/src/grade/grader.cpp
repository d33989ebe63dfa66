// mazekit grade (see grader.hpp). For each student, in a worker of its own:
//   1. take the lesson's declared files from the submission (submission.cpp);
//   2. scan them for tampering (tamper.cpp);
//   3. build every step's test against them as one program, in the student's sandbox; if
//      that fails, and the student's files alone fail the same way, every step does not
//      compile; else each step compiled on its own and those that compile linked as one
//      program, within the student's compile budget (buildPrograms, build.cpp);
//   4. write the student's key into each program, run each step alone in a fresh sandbox,
//      and judge it from how it ended and its signed report (run/report.cpp);
// then write the reports (report.cpp). The run is set up by grade_setup.cpp, each student
// graded by grade_student.cpp (1, 2) and their steps built and run by grade_steps.cpp (3, 4),
// over what class_run.hpp holds; here: the grade and grade-one commands' work.
#include "grade/grader.hpp"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <utility>

#include <unistd.h>

#include <turtle/save_file.hpp>

#include "common/text.hpp"
#include "grade/build.hpp"
#include "grade/class_run.hpp"
#include "grade/grading.hpp"
#include "grade/submission.hpp"
#include "grade/tamper.hpp"
#include "kit/kit.hpp"
#include "kit/lessons.hpp"
#include "kit/manifest.hpp"
#include "run/report.hpp"
#include "run/sandbox.hpp"
#include "run/text.hpp"

namespace fs = std::filesystem;

namespace mazekit::grade {
namespace {

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

std::string clock(double s) {
  const long total = std::lround(s);
  std::ostringstream text;
  text << total / 60 << ":" << std::setw(2) << std::setfill('0') << total % 60;
  return text.str();
}

// The run every grading command makes, with its results in `out`: the lesson's steps as built,
// the tamper rules of its files, the work and precompiled-header folders. The caller sets it
// up with class_run::prepareRun, once the output folder is ready (startRun).
class_run::ClassRun newRun(const GradeOptions& options, const volatile std::sig_atomic_t* stop,
                           const class_run::KitLesson& k, const fs::path& out) {
  return class_run::ClassRun{options,
                             stop,
                             k.manifest,
                             *k.lesson,
                             *k.steps,
                             tamperRules(k.testSources, k.lesson->files),
                             out,
                             out / "work",
                             out / "build" / "pch",
                             k.steps->steps.front().test.parent_path(),
                             {},
                             {},
                             {}};
}

// What both commands do before the run: the sandbox there if asked for, `out` made ready.
void checkSandboxAndOut(const GradeOptions& options, const fs::path& out) {
  if (options.sandbox && !run::sandboxProblem().empty())
    throw std::runtime_error(run::sandboxProblem());
  class_run::prepareOut(options, out);
}

// SUBMISSIONS and --out, absolute: each a folder the other is not inside.
std::pair<fs::path, fs::path> classFolders(const GradeOptions& options) {
  if (!fs::is_directory(options.submissions)) {
    throw UsageError(
        "SUBMISSIONS '" + options.submissions.string() +
        "' is not a folder; give the folder that holds one subfolder, .zip or .tar.gz per student");
  }
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
  return {submissions, out};
}

// Grades every student of `found` into `students`, options.jobs at a time, saying each one's
// total as it ends: a live line on a terminal (`live`), a line per student otherwise.
void gradeStudents(class_run::ClassRun& run, const std::vector<Submission>& found,
                   std::vector<StudentResult>& students, std::ostream& say, bool live) {
  const auto began = std::chrono::steady_clock::now();
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> finished{0};
  auto worker = [&] {
    for (std::size_t i = next++; i < found.size(); i = next++) {
      StudentResult& student = students[i];
      class_run::gradeAndScore(run, found[i], student);
      const std::lock_guard<std::mutex> lock(run.print);
      const std::size_t done = ++finished;
      const double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
      const double left =
          elapsed / static_cast<double>(done) * static_cast<double>(found.size() - done);
      std::ostringstream line;
      line << "mazekit grade: [" << done << "/" << found.size() << "] "
           << text::terminalLine(student.name) << ": " << student.total << "/"
           << maxPoints(run.lesson) << (student.flags.empty() ? "" : "  (flagged)") << "  "
           << clock(elapsed) << " elapsed"
           << (done < found.size() ? ", about " + clock(left) + " left" : "");
      if (live) {
        say << "\r\033[K" << line.str() << (done == found.size() ? "\n" : "") << std::flush;
      } else {
        say << line.str() << "\n" << std::flush;
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < run.options.jobs; ++t) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
}

// grade-one's submission: a folder of the student's files, an archive, or one file; a folder
// that holds nothing but one archive (how Gradescope keeps an uploaded zip) is that archive.
Submission oneSubmission(const GradeOptions& options, const Lesson& lesson) {
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
  return submission;
}

}  // namespace

void checkLimits(const GradeOptions& options) {
  using class_run::seconds;
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
  class_run::KitLesson k;
  class_run::loadKitLesson(options, k);
  const Lesson& lesson = *k.lesson;
  const auto [submissions, out] = classFolders(options);
  checkLimits(options);
  checkSandboxAndOut(options, out);
  std::vector<std::string> skipped;
  const auto found = findSubmissions(submissions, skipped);
  if (found.empty()) {
    throw UsageError("no submissions in '" + options.submissions.string() +
                     "': it must hold one subfolder, .zip or .tar.gz per student");
  }
  class_run::ClassRun run = newRun(options, stop, k, out);
  RunInfo info;
  class_run::prepareRun(run, info);

  // With --json, stdout is the JSON alone: what is said on the way goes to stderr.
  std::ostream& say = options.json ? std::cerr : std::cout;
  say << "mazekit grade: lesson " << lesson.id << ", " << found.size() << " submissions, "
      << options.jobs << " at a time, "
      << (options.sandbox ? "each in its own sandbox" : "WITHOUT a sandbox (--no-sandbox)") << "\n"
      << "mazekit grade: limits: " << info.limits << "\n";
  if (!info.protections.empty()) say << "mazekit grade: sandbox: " << info.protections << "\n";
  for (const auto& s : skipped) say << "mazekit grade: skipped " << text::terminalLine(s) << "\n";
  say << std::flush;

  class_run::buildPch(run);
  std::vector<StudentResult> students(found.size());
  std::set<std::string> taken{"work", "build", "grades.csv", "report.html", class_run::outMarker};
  for (std::size_t i = 0; i < found.size(); ++i) {
    students[i].name = found[i].name;
    students[i].slug = slugFor(found[i].name, taken);
    students[i].steps.resize(lesson.steps.size());
  }
  const bool live = options.progress == Progress::live ||
                    (options.progress == Progress::automatic &&
                     isatty(options.json ? STDERR_FILENO : STDOUT_FILENO) != 0);
  gradeStudents(run, found, students, say, live);
  if (class_run::stopped(run)) {
    if (live) say << "\n";
    std::cerr << "mazekit grade: interrupted; every compiler and step program it started has been "
                 "stopped, and no grades were written\n";
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
  class_run::KitLesson k;
  class_run::loadKitLesson(options, k);
  const Lesson& lesson = *k.lesson;
  checkLimits(options);
  for (const auto& [step, visibility] : view.stepVisibility) lesson.step(step);
  const Submission submission = oneSubmission(options, lesson);
  if (!resultsFile.empty() && !fs::is_directory(fs::absolute(resultsFile).parent_path())) {
    throw UsageError("--results '" + resultsFile.string() +
                     "' is not in a folder that exists; give a file in an existing folder, like "
                     "/autograder/results/results.json");
  }
  checkSandboxAndOut(options, options.out);
  class_run::ClassRun run = newRun(options, stop, k, options.out);
  RunInfo info;
  class_run::prepareRun(run, info);
  std::cout << "mazekit grade-one: lesson " << lesson.id << ", "
            << (options.sandbox         ? "in a sandbox"
                : options.runAsUid != 0 ? "as the user " + options.runAsName + ", not in a sandbox"
                                        : std::string("WITHOUT a sandbox (--isolation none)"))
            << "\n"
            << "mazekit grade-one: limits: " << info.limits << "\n";
  if (!info.protections.empty())
    std::cout << "mazekit grade-one: sandbox: " << info.protections << "\n";
  std::cout << std::flush;
  class_run::buildPch(run);
  if (!options.sandbox && options.runAsUid != 0) class_run::makeUserView(run);
  StudentResult student;
  student.name = submission.name;
  student.slug = "submission";
  student.steps.resize(lesson.steps.size());
  class_run::gradeAndScore(run, submission, student);
  if (class_run::stopped(run)) {
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
