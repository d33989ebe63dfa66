// mazekit autograder --lesson N --out FILE.zip: a Gradescope autograder for one lesson, and
// mazekit grade-one SUBMISSION --lesson N --results FILE: what its run_autograder runs, one
// student graded as mazekit grade grades each (docs/instructor-guide.md, "Grading on
// Gradescope").
//
// The zip holds the kit's sources under kit/, setup.sh (Gradescope runs it once to build the
// image: packages, the kit, and a proof that the lesson's reference solution scores full
// marks) and run_autograder (for every submission). Its bytes depend only on the kit's files
// and the options: the same kit gives the same zip.
#include <grp.h>
#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "commands.hpp"
#include "common/files.hpp"
#include "grade/grader.hpp"
#include "grade/zip_file.hpp"
#include "kit/edition.hpp"
#include "kit/kit.hpp"
#include "kit/lessons.hpp"
#include "kit/version.hpp"
#include "run/sandbox.hpp"

namespace fs = std::filesystem;

namespace mazekit::grade {
namespace {

volatile std::sig_atomic_t interrupted = 0;

void onSignal(int) { interrupted = 1; }

// Gradescope's words for who sees a test.
const std::vector<std::string> visibilities{"visible", "hidden", "after_due_date",
                                            "after_published"};

void checkVisibility(const std::string& option, const std::string& value) {
  if (std::find(visibilities.begin(), visibilities.end(), value) == visibilities.end()) {
    throw UsageError(option + " must be visible, hidden, after_due_date or after_published; got '" +
                     value + "'");
  }
}

// "STEP=VISIBILITY" for each --step-visibility, checked against the lesson's steps.
std::map<std::string, std::string> stepVisibilities(const Lesson& lesson,
                                                    const std::vector<std::string>& given) {
  std::map<std::string, std::string> chosen;
  for (const std::string& item : given) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) {
      throw UsageError("--step-visibility takes STEP=VISIBILITY, like 22=hidden; got '" + item +
                       "'");
    }
    checkVisibility("--step-visibility " + item.substr(0, eq), item.substr(eq + 1));
    chosen[lesson.step(item.substr(0, eq)).id] = item.substr(eq + 1);
  }
  return chosen;
}

// A Gradescope container has 768 MB by default: mazekit, the compiler and a step program
// share it, so a step program gets 512 MB there (mazekit grade's default is 1024).
constexpr int autograderMemoryMb = 512;

// The options grade and grade-one share: limits and --strict.
void addLimitOptions(CLI::App* cmd, GradeOptions& options, int defaultMemoryMb = 1024) {
  cmd->add_option("--timeout", options.timeout, "Seconds each step program may run (default 5)");
  cmd->add_option("--memory", options.memoryMb,
                  "MB each step program may use, with all it starts (default " +
                      std::to_string(defaultMemoryMb) + ")");
  cmd->add_option("--compile-timeout", options.compileTimeout,
                  "Seconds each compile may take (default 60)");
  cmd->add_option("--compile-budget", options.compileBudget,
                  "Seconds of compiling the student gets in all (default 180)");
  cmd->add_option("--disk", options.diskMb,
                  "MB the student's builds may write in all (default 1024)");
  cmd->add_flag("--strict", options.strict,
                "A student flagged for tampering scores 0 (default: graded and flagged)");
}

std::string shellWord(const std::string& word) {
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string seconds(double s) {
  std::ostringstream text;
  text << s;
  return text.str();
}

// grade-one ----------------------------------------------------------------------------------

struct GradeOne {
  GradeOptions options;
  std::string submission;
  std::string results;
  std::string work;
  std::string visibility = "visible";
  std::vector<std::string> stepVisibility;
  std::string isolation = "auto";
  std::string user = "nobody";
  bool requireFullScore = false;
};

// Who runs the student's code: the sandbox when bubblewrap can make one; else, when mazekit is
// root (as in a Gradescope container, whose seccomp profile refuses user namespaces), a user
// of the student's own; else, only when asked, no one but mazekit.
void chooseIsolation(GradeOne& g) {
  if (g.isolation != "auto" && g.isolation != "bubblewrap" && g.isolation != "user" &&
      g.isolation != "none") {
    throw UsageError("--isolation must be auto, bubblewrap, user or none; got '" + g.isolation +
                     "'");
  }
  const bool bubblewrapWorks = run::sandboxProblem().empty();
  if (g.isolation == "bubblewrap" && !bubblewrapWorks) throw UsageError(run::sandboxProblem());
  if (g.isolation == "bubblewrap" || (g.isolation == "auto" && bubblewrapWorks)) {
    g.options.sandbox = true;
    return;
  }
  g.options.sandbox = false;
  if (g.isolation == "none") return;
  const passwd* account = ::getpwnam(g.user.c_str());
  if (account == nullptr) {
    throw UsageError("--user '" + g.user +
                     "' is not a user of this machine; make one (useradd --system " + g.user +
                     ") or name another, like nobody");
  }
  if (account->pw_uid == 0) {
    throw UsageError("--user '" + g.user + "' is root; name a user without privileges");
  }
  if (::geteuid() != 0) {
    throw UsageError("--isolation user runs the student's code as the user '" + g.user +
                     "', which only root can do, and mazekit is not root" +
                     (g.isolation == "auto" ? " (bubblewrap cannot make a sandbox here either: " +
                                                  run::sandboxProblem() + ")"
                                            : std::string()) +
                     "; run it as root, or give --isolation none to run the code as yourself");
  }
  g.options.runAsUid = account->pw_uid;
  g.options.runAsGid = account->pw_gid;
  g.options.runAsName = g.user;
}

void gradeOneCommand(GradeOne& g) {
  const Kit kit = locateKit();
  requireWholeKit(kit, "solutions to grade with", "grade with the instructor's whole kit");
  const auto lessons = loadLessons(kit);
  const Lesson& lesson = findLesson(lessons, g.options.lesson);
  checkVisibility("--visibility", g.visibility);
  if (g.results.empty())
    throw UsageError(
        "--results is empty; give the file results.json goes to, like "
        "/autograder/results/results.json");
  GradescopeView view;
  view.visibility = g.visibility;
  view.stepVisibility = stepVisibilities(lesson, g.stepVisibility);
  chooseIsolation(g);
  g.options.submissions = g.submission;
  g.options.jobs = 1;
  // The work folder: given, or made here and removed after.
  bool madeWork = false;
  if (g.work.empty()) {
    g.work =
        newTemporaryFolder("grade-one", "set TMPDIR to a folder you can write, or give --work");
    madeWork = true;
  }
  g.options.out = fs::absolute(g.work);
  if (g.options.runAsUid != 0) {
    std::error_code ec;
    fs::create_directories(g.options.out, ec);  // a new --work: made here, checked when graded
    // The student's user passes through (it cannot list it) to its own folders inside.
    fs::permissions(g.options.out,
                    fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
  }
  std::signal(SIGINT, onSignal);
  std::signal(SIGTERM, onSignal);
  int status = 1;
  int score = 0;
  try {
    status = gradeOne(g.options, view, fs::absolute(g.results), &interrupted, &score);
  } catch (...) {
    if (madeWork) fs::remove_all(g.work);
    throw;
  }
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  if (madeWork) fs::remove_all(g.work);
  if (status == 0 && g.requireFullScore) {
    int max = 0;
    for (const Step& step : lesson.steps) max += step.points;
    if (score != max) {
      std::cerr << "mazekit grade-one: the submission scored " << score << " of " << max
                << " points, not full marks; see " << g.results << "\n";
      status = 1;
    }
  }
  setExitStatus(status);
}

// autograder ---------------------------------------------------------------------------------

struct Autograder {
  GradeOptions options;
  std::string out;
  std::string visibility = "visible";
  std::vector<std::string> stepVisibility;
  bool force = false;
  /// Seconds run_autograder gives mazekit grade-one in all: below Gradescope's default
  /// autograder timeout (10 minutes), leaving a minute for the container and the stand-in.
  int runTimeout = 540;
};

// The kit's folders a build needs (the tests folder too: the lessons' build reads its
// support), without build trees, outputs or hidden files.
// Its licences and guides go with it.
const std::vector<std::string> kitParts{"CMakeLists.txt", "CMakePresets.json",
                                        "README.md",      "LICENSE",
                                        "LICENSES",       "CHANGELOG.md",
                                        "cmake",          "common",
                                        "turtle",         "maze",
                                        "mazekit",        "lessons",
                                        "exercises",      "docs",
                                        "examples",       "tests",
                                        "scripts"};

// The guide README.txt points at, in the zip.
const std::string guideInZip = "kit/docs/instructor-guide.md";

void addKitFiles(const Kit& kit, std::vector<ZipFile>& files) {
  for (const std::string& part : kitParts) {
    const fs::path top = kit.source / part;
    if (fs::is_regular_file(top)) {
      files.push_back({"kit/" + part, common::readFile(top), false});
      continue;
    }
    if (!fs::is_directory(top)) {
      throw std::runtime_error("the kit at " + kit.source.string() + " has no " + part +
                               "; the autograder needs the kit's whole source tree");
    }
    for (auto it = fs::recursive_directory_iterator(top); it != fs::recursive_directory_iterator();
         ++it) {
      const std::string name = it->path().filename().string();
      if (!name.empty() && name.front() == '.') {
        if (it->is_directory()) it.disable_recursion_pending();
        continue;
      }
      if (it->is_symlink() || !it->is_regular_file()) continue;
      const auto perms = fs::status(it->path()).permissions();
      files.push_back({"kit/" + it->path().lexically_relative(kit.source).generic_string(),
                       common::readFile(it->path()),
                       (perms & fs::perms::owner_exec) != fs::perms::none});
    }
  }
  // The kit this zip was made from (no git in the zip): every grade it gives names it.
  files.push_back({"kit/VERSION", std::string(kitVersion()) + "\n", false});
}

// The lesson's whole reference as a student would hand it in: the last step's solution of
// each of the lesson's files (cut out of the lesson's source when setup.sh builds the kit), and
// the lesson's own tests as each test-writing step's file.
std::string referenceCopies(const Lesson& lesson) {
  const auto inKit = [&](const fs::path& path) {
    return shellWord("kit/lessons/" + lesson.id + "/" +
                     path.lexically_relative(lesson.folder).generic_string());
  };
  std::string lines;
  for (const std::string& file : lesson.files) {
    const std::string cut = "build/lessons/" + lesson.id + "/solutions/" +
                            lesson.steps.back().solution.filename().generic_string() + "/" + file;
    lines +=
        "cp \"$here\"/" + shellWord(cut) + " \"$reference/submission\"/" + shellWord(file) + "\n";
  }
  for (const Step& step : lesson.steps) {
    if (step.writesTests()) {
      lines += "cp \"$here\"/" + inKit(step.test) + " \"$reference/submission\"/" +
               shellWord(step.writes) + "\n";
    }
  }
  return lines;
}

/// The limits as run_autograder and setup.sh's proof both pass them to grade-one.
std::string limitOptions(const GradeOptions& o) {
  return "--timeout " + seconds(o.timeout) + " --memory " + std::to_string(o.memoryMb) +
         " --compile-timeout " + seconds(o.compileTimeout) + " --compile-budget " +
         seconds(o.compileBudget) + " --disk " + std::to_string(o.diskMb);
}

std::string setupScript(const Lesson& lesson, const GradeOptions& limits) {
  return R"sh(#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu 22.04):
# the packages the kit needs, the kit built from kit/, a user the students' code runs as, and
# a proof that the lesson's reference scores full marks. Made by mazekit autograder.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

"$here/kit/scripts/install-deps.sh" --runtime
id -u mazekit-student >/dev/null 2>&1 ||
  useradd --system --no-create-home --shell /usr/sbin/nologin mazekit-student

# Without presets: Ubuntu 22.04's CMake is 3.22. The kit's own test of this script sets
# MAZEKIT_BUILD_TYPE=None (another CMake build type, which compiles in two thirds of the time;
# the grades are the same) and MAZEKIT_WARNINGS_AS_ERRORS=ON (the kit's warnings are errors).
cmake -S "$here/kit" -B "$here/build" -G Ninja -DCMAKE_BUILD_TYPE="${MAZEKIT_BUILD_TYPE:-Release}" \
  ${MAZEKIT_WARNINGS_AS_ERRORS:+-DCMAKE_COMPILE_WARNING_AS_ERROR=ON} -DMAZEKIT_BUILD_BENCHMARKS=OFF
# lesson_solutions: every step's solution cut out of the lessons' sources, and the chaffs.
cmake --build "$here/build" --target mazekit kit_catch_main lesson_solutions

# Where bubblewrap cannot make a sandbox (Gradescope's containers), the students' code runs as
# mazekit-student, which may read nothing of the kit or its build: mazekit grade-one gives that
# user's compiler copies of the headers, libraries and lesson tests it needs, and each version
# of the code a test-writing step's tests are built against only while they are built.
chmod -R go-rwx "$here/kit" "$here/build"

echo "setup.sh: grading the lesson's reference (its finished code, and its own tests for each step where the student writes tests), which must score full marks"
reference="$(mktemp -d)"
mkdir "$reference/submission"
)sh" + referenceCopies(lesson) +
         R"sh("$here/build/mazekit/mazekit" grade-one "$reference/submission" \
  --lesson )sh" +
         shellWord(lesson.id) +
         R"sh( --results "$reference/results.json" --require-full-score \
  )sh" + limitOptions(limits) +
         R"sh( --user mazekit-student
rm -rf "$reference"
echo "setup.sh: the autograder is ready"
)sh";
}

// run_autograder's text: a shell script written out whole, long because the script is.
std::string runScript(const Autograder& a, const Lesson& lesson,
                      const std::map<std::string, std::string>& chosen) {
  std::string options =
      "  --lesson " + shellWord(lesson.id) + " --visibility " + shellWord(a.visibility) + " \\\n";
  for (const auto& [step, visibility] : chosen) {
    options += "  --step-visibility " + shellWord(step + "=" + visibility) + " \\\n";
  }
  options += "  " + limitOptions(a.options) + (a.options.strict ? " --strict" : "") + " \\\n";
  return R"sh(#!/usr/bin/env bash
# Gradescope runs this for every submission, as root, in a fresh container of setup.sh's image,
# from a copy at /autograder/run_autograder: the kit is where the zip was unpacked,
# /autograder/source. The student's files are in /autograder/submission; the grades go to
# /autograder/results/results.json. Made by mazekit autograder.
#
# Gradescope shows "The autograder failed to execute correctly" and no grade when there is no
# results.json. So mazekit grade-one runs within a time of its own (below Gradescope's
# timeout), and when it is killed (out of memory, out of time) or this script is stopped, a
# results.json that says what happened is written here instead. (MAZEKIT_* set the places and
# the time only for the kit's own tests of this script.)
set -uo pipefail
mazekit="${MAZEKIT_PROGRAM:-/autograder/source/build/mazekit/mazekit}"
submission="${MAZEKIT_SUBMISSION:-/autograder/submission}"
results="${MAZEKIT_RESULTS:-/autograder/results/results.json}"
seconds="${MAZEKIT_RUN_SECONDS:-)sh" +
         std::to_string(a.runTimeout) + R"sh(}"
rm -f "$results"

# A results.json of one line of text, with no grade, unless mazekit wrote one.
stand_in() {
  [ -s "$results" ] && return 0
  printf '{"score": 0, "output": "%s The submission was not graded: submit again, and if it happens again tell your instructor (what run_autograder printed says more).", "stdout_visibility": "hidden", "tests": []}\n' \
    "$1" >"$results.partial" && mv -f "$results.partial" "$results"
}

grader=0
stopped() {
  # timeout leads a process group of its own: mazekit and everything it started.
  [ "$grader" -ne 0 ] && kill -TERM -- "-$grader" 2>/dev/null
  stand_in "The autograder was stopped (Gradescope's timeout) before mazekit finished grading."
  exit 1
}
trap stopped TERM INT HUP

started=$SECONDS
timeout --kill-after=10 "$seconds" "$mazekit" grade-one "$submission" \
  --results "$results" \
)sh" + options +
         R"sh(  --user mazekit-student &
grader=$!
wait "$grader"
status=$?
grader=0
took=$((SECONDS - started))
if [ "$status" -eq 124 ] || { [ "$status" -eq 137 ] && [ "$took" -ge "$seconds" ]; }; then
  stand_in "mazekit did not finish grading within $seconds s (run_autograder's limit; the instructor can raise it with mazekit autograder --run-timeout and Gradescope's autograder timeout)."
elif [ "$status" -ge 128 ]; then
  stand_in "mazekit was killed by signal $((status - 128)) after $took s (9, SIGKILL, is most often the container running out of memory: the instructor can lower --memory or give the autograder more)."
else
  stand_in "mazekit grade-one stopped with exit status $status after $took s without writing results."
fi
exit "$status"
)sh";
}

std::string readmeText(const Lesson& lesson, const Autograder& a) {
  return "A Gradescope autograder for lesson " + lesson.id + " (" + lesson.title +
         "), made by mazekit autograder.\n\n"
         "Upload this zip as a programming assignment's autograder (Ubuntu 22.04 base image).\n"
         "setup.sh builds the kit in kit/ and grades the lesson's reference solution;\n"
         "run_autograder grades each submission with mazekit grade-one, in at most " +
         std::to_string(a.runTimeout) +
         " s\n(Gradescope's autograder timeout must be longer: its default, 10 minutes, is).\n"
         "How to use it, what students hand in and which limits to raise: " +
         guideInZip + ",\n\"Grading on Gradescope\", in this zip.\n";
}

void autograderCommand(Autograder& a) {
  const Kit kit = locateKit();
  requireWholeKit(kit, "solutions for an autograder",
                  "make the autograder zip with the instructor's whole kit");
  const auto lessons = loadLessons(kit);
  const Lesson& lesson = findLesson(lessons, a.options.lesson);
  checkVisibility("--visibility", a.visibility);
  const auto chosen = stepVisibilities(lesson, a.stepVisibility);
  const fs::path out = a.out;
  if (out.extension() != ".zip") {
    throw UsageError("--out '" + a.out + "' must end in .zip (Gradescope takes a zip)");
  }
  const fs::path folder = fs::absolute(out).parent_path();
  if (!fs::is_directory(folder)) {
    throw UsageError("--out '" + a.out + "': the folder " + folder.string() +
                     " does not exist; make it first or write the zip elsewhere");
  }
  if (fs::exists(fs::symlink_status(out)) && !a.force) {
    throw UsageError("--out '" + a.out + "' exists; add --force to replace it");
  }
  // The limits are checked as mazekit grade checks them, now rather than on Gradescope.
  checkLimits(a.options);
  if (a.runTimeout < 60 || a.runTimeout > 86400) {
    throw UsageError("--run-timeout must be from 60 to 86400 (seconds); got " +
                     std::to_string(a.runTimeout) +
                     " (set it a minute below Gradescope's autograder timeout)");
  }

  std::vector<ZipFile> files;
  addKitFiles(kit, files);
  files.push_back({"setup.sh", setupScript(lesson, a.options), true});
  files.push_back({"run_autograder", runScript(a, lesson, chosen), true});
  files.push_back({"README.txt", readmeText(lesson, a), false});
  writeZip(out, files);
  std::cout << "mazekit autograder: wrote " << a.out << " (lesson " << lesson.id << ", "
            << files.size() << " files): upload it to Gradescope as the assignment's autograder\n";
}

}  // namespace

void addGradeOneCommand(CLI::App& app) {
  static GradeOne g;
  auto* cmd = app.add_subcommand("grade-one",
                                 "Grade one student's submission and write Gradescope's "
                                 "results.json (what the Gradescope autograder runs)");
  cmd->add_option("SUBMISSION", g.submission,
                  "The student's folder, .zip or .tar.gz, or the lesson's one file")
      ->required();
  cmd->add_option("--lesson", g.options.lesson, "Lesson number or id, like 2")->required();
  cmd->add_option("--results", g.results,
                  "Where results.json goes, like /autograder/results/results.json")
      ->required();
  cmd->add_option("--work", g.work,
                  "A new or empty folder to build in (default: a new one under $TMPDIR, removed "
                  "after)");
  cmd->add_option("--visibility", g.visibility,
                  "Who sees each step's result on Gradescope: visible (default), hidden, "
                  "after_due_date or after_published");
  cmd->add_option("--step-visibility", g.stepVisibility,
                  "One step's visibility, STEP=VISIBILITY, like 22=hidden (repeatable)");
  cmd->add_option("--isolation", g.isolation,
                  "auto (default): the sandbox where bubblewrap can make one, else (as root) a "
                  "user of the student's own; or bubblewrap, user, none");
  cmd->add_option("--user", g.user,
                  "The user the student's code runs as without the sandbox (default nobody)");
  cmd->add_flag("--require-full-score", g.requireFullScore,
                "Exit 1 unless the submission scores full marks (to prove a reference solution)");
  addLimitOptions(cmd, g.options);
  cmd->callback([] { gradeOneCommand(g); });
  gradesOnLinuxOnly(cmd);
}

void addAutograderCommand(CLI::App& app) {
  static Autograder a;
  auto* cmd = app.add_subcommand("autograder",
                                 "Write a Gradescope autograder zip for one lesson: upload it, "
                                 "and Gradescope grades each submission in its own container");
  cmd->add_option("--lesson", a.options.lesson, "Lesson number or id, like 2")->required();
  cmd->add_option("--out", a.out, "The zip to write, like lesson2-autograder.zip")->required();
  cmd->add_option("--visibility", a.visibility,
                  "Who sees each step's result: visible (default), hidden, after_due_date or "
                  "after_published");
  cmd->add_option("--step-visibility", a.stepVisibility,
                  "One step's visibility, STEP=VISIBILITY, like 22=hidden (repeatable)");
  cmd->add_flag("--force", a.force, "Replace --out if it exists");
  cmd->add_option("--run-timeout", a.runTimeout,
                  "Seconds run_autograder gives each submission in all before it writes a "
                  "results.json saying so (default 540: under Gradescope's default 10 minutes)");
  a.options.memoryMb = autograderMemoryMb;
  addLimitOptions(cmd, a.options, autograderMemoryMb);
  cmd->callback([] { autograderCommand(a); });
}

}  // namespace mazekit::grade
