// mazekit grade SUBMISSIONS --lesson N --out DIR: the instructor's command. The options and
// Ctrl-C; the grading itself is grade/grader.cpp.
#include <csignal>
#include <thread>

#include "commands.hpp"
#include "common/platform.hpp"
#include "grade/grader.hpp"
#include "kit/kit.hpp"
#include "run/sandbox.hpp"

namespace {

volatile std::sig_atomic_t interrupted = 0;

void onSignal(int) { interrupted = 1; }

}  // namespace

namespace mazekit::grade {

void gradesOnLinuxOnly(CLI::App* command) {
#if MAZEKIT_LINUX
  (void)command;
#else
  // Its help still shows (--help is answered while the options are read); then nothing is
  // required, so that the one sentence comes first, whatever is given.
  for (CLI::Option* option : command->get_options()) option->required(false);
  command->description(command->get_description() + " (Linux only)");
  const std::string name = command->get_name();
  command->callback([name] { throw UsageError(run::gradingLinuxOnly(name)); });
#endif
}

// mazekit grade's options, each with its check and its help: a list, long because the command
// has that many options (docs/instructor-guide.md says the same of each).
void addGradeCommand(CLI::App& app) {
  static mazekit::grade::GradeOptions options;
  static std::string submissions;
  static std::string out;
  static bool noSandbox = false;
  options.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  auto* cmd = app.add_subcommand("grade",
                                 "Grade students' submissions of a lesson: each student built and "
                                 "run in a sandbox of their own");
  cmd->add_option("SUBMISSIONS", submissions,
                  "Folder with one subfolder, .zip or .tar.gz per student")
      ->required();
  cmd->add_option("--lesson", options.lesson, "Lesson number or id, like 2 or 02-building-the-maze")
      ->required();
  cmd->add_option("--out", out,
                  "A new or empty folder for grades.csv, report.html and each student's results")
      ->required();
  cmd->add_option("-j,--jobs", options.jobs,
                  "Students graded at a time (default: the number of cores)");
  cmd->add_option("--timeout", options.timeout, "Seconds each step program may run (default 5)");
  cmd->add_option("--memory", options.memoryMb,
                  "MB each step program may use, with all it starts (default 1024)");
  cmd->add_option("--compile-timeout", options.compileTimeout,
                  "Seconds each compile may take (default 60)");
  cmd->add_option("--compile-budget", options.compileBudget,
                  "Seconds of compiling each student gets in all; their steps left after it are "
                  "not graded (default 180)");
  cmd->add_option("--disk", options.diskMb,
                  "MB each student's builds may write in all; their steps left after it are not "
                  "graded (default 1024)");
  cmd->add_flag("--keep", options.keep,
                "Keep each student's builds in --out/work (default: removed once graded)");
  cmd->add_flag("--force", options.force,
                "Clear --out first, when an earlier run of mazekit grade made it");
  cmd->add_flag("--strict", options.strict,
                "A student flagged for tampering scores 0 (default: graded and flagged)");
  cmd->add_flag("--json", options.json,
                "Print the grades as JSON (docs/json.md) rather than a table; progress goes to "
                "stderr");
  static std::string progress = "auto";
  cmd->add_option("--progress", progress,
                  "auto (default): a live line on a terminal, a line per student otherwise; or "
                  "live, lines");
  cmd->add_flag("--no-sandbox", noSandbox,
                "Run students' code without a sandbox: only for a machine that cannot make one; "
                "every report says so");
  cmd->callback([] {
    options.submissions = submissions;
    options.out = out;
    options.sandbox = !noSandbox;
    if (progress == "auto") {
      options.progress = Progress::automatic;
    } else if (progress == "live") {
      options.progress = Progress::live;
    } else if (progress == "lines") {
      options.progress = Progress::lines;
    } else {
      throw UsageError("--progress must be auto, live or lines; got '" + progress + "'");
    }
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    const int status = mazekit::grade::gradeClass(options, &interrupted);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    mazekit::setExitStatus(status);
  });
  gradesOnLinuxOnly(cmd);
}

}  // namespace mazekit::grade
