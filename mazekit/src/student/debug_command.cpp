// mazekit debug [LESSON STEP]: the step's program (the step the student is on, as `mazekit
// check` finds it, or the one named) built with full debug information and run in gdb, which
// stops where a check fails or the student's code throws: at the harness's own hooks,
// mazekit_check_failed() and mazekit_exception_thrown() (mazekit/harness/catch_main.cpp), the
// same whatever Catch2's internal names are. A short guide to gdb's commands comes first, then
// gdb takes mazekit's place, so the terminal is the student's. `--batch`: gdb stops once,
// prints the calls and ends (for scripts and the kit's tests); `--print-command`: the command
// line, without running it (for an editor's own debugger).
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common/files.hpp"
#include "common/platform.hpp"
#include "student/session.hpp"

namespace mazekit::student {
namespace {
namespace fs = std::filesystem;

struct DebugOptions {
  std::string lesson;
  std::string step;
  bool batch = false;
  bool printCommand = false;
};

// gdb on PATH, or empty.
std::string findGdb() {
  const char* path = std::getenv("PATH");
  std::string folders = path != nullptr ? path : "";
  std::size_t start = 0;
  while (start <= folders.size()) {
    const std::size_t end = std::min(folders.find(':', start), folders.size());
    const fs::path candidate = fs::path(folders.substr(start, end - start)) / "gdb";
    if (end > start && ::access(candidate.c_str(), X_OK) == 0) return candidate.string();
    start = end + 1;
  }
  return "";
}

// 'word' for a shell, when it needs quoting.
std::string quoted(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789-_./=:+,") == std::string::npos)
    return word;
  std::string out = "'";
  for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// `text` as a Python string literal.
std::string pythonString(const std::string& text) {
  std::string out = "'";
  for (const char c : text) {
    if (c == '\\' || c == '\'') out += '\\';
    out += c;
  }
  return out + "'";
}

// The step of `o`: the one named, else the one the student is on (as mazekit hint finds it).
std::pair<const Lesson*, const Step*> chosenStep(const Session& s, const DebugOptions& o) {
  if (!o.lesson.empty()) {
    const Lesson& lesson = findLesson(s.lessons, o.lesson);
    if (!o.step.empty()) return {&lesson, &lesson.step(o.step)};
    const StepRef next = workingStep(s.lessons, s.lessonIndex(lesson), s.state);
    return {&lesson, (next && next.lesson == &lesson) ? next.step : &lesson.steps.front()};
  }
  const Lesson& lesson = s.lessons[s.currentLessonIndex()];
  for (const Step& candidate : lesson.steps) {
    if (candidate.id == s.state.step) return {&lesson, &candidate};
  }
  const StepRef next = workingStep(s.lessons, s.currentLessonIndex(), s.state);
  if (!next) {
    throw UsageError(
        "every step passes: there is no failing step to debug. Name one: mazekit debug LESSON "
        "STEP");
  }
  return {next.lesson, next.step};
}

// Refuses, with what to install, where gdb is missing and the command is not only printed.
void requireGdb(const std::string& gdb, const DebugOptions& o) {
  if (gdb.empty() && !o.printCommand && !MAZEKIT_LINUX) {
    throw std::runtime_error(
        "mazekit debug needs gdb, the GNU debugger, and there is no `gdb` on your PATH: on an "
        "Intel Mac, brew install gdb; on Apple silicon there is no gdb: open the kit in its "
        "container (docs/student-guide.md#on-macos-or-windows) and run mazekit debug there");
  }
  if (gdb.empty() && !o.printCommand) {
    throw std::runtime_error(
        "mazekit debug needs gdb, the GNU debugger, and there is no `gdb` on your PATH: install "
        "the package gdb (scripts/install-deps.sh installs it; on Debian or Ubuntu: sudo apt-get "
        "install gdb), then run mazekit debug again");
  }
}

// The latest program built for the debugger, by one name: VS Code's launch configuration
// (.vscode/launch.json) starts it. A link made beside and renamed over the old one.
void linkLatest(const Session& s, const fs::path& program) {
  const fs::path latest = s.kit.build / "mazekit" / "student" / "debug-program";
  const fs::path making = fs::path(latest).concat(".new");
  std::error_code ec;
  fs::remove(making, ec);
  fs::create_symlink(program, making, ec);
  if (!ec) fs::rename(making, latest, ec);
}

// gdb's settings and the two stops, in a file beside the program; then `mazekit-here`, which
// goes to the innermost call in the student's files or the step's test (in a gdb without
// Python, the stops work all the same: only that last part of the script fails).
fs::path writeGdbScript(const fs::path& program, const Lesson& lesson, const Step& step) {
  fs::path script = fs::path(program).replace_extension(".gdb");
  std::ostringstream text;
  text << "# Written by mazekit debug.\n"
          "set confirm off\n"
          "set print pretty on\n"
          "break mazekit_check_failed\n"
          "break mazekit_exception_thrown\n"
          "python\n"
          "roots = ("
       << pythonString(lesson.exercise.string() + "/") << ", "
       << pythonString(step.test.parent_path().string() + "/") << ")\n"
       << R"(import gdb
class MazekitHere(gdb.Command):
    """Go to the innermost call in your own files or in the step's test."""
    def __init__(self):
        super().__init__('mazekit-here', gdb.COMMAND_STACK)
    def invoke(self, arg, from_tty):
        try:
            frame = gdb.newest_frame()
        except gdb.error:
            return
        while frame is not None:
            sal = frame.find_sal()
            if sal.symtab is not None and sal.symtab.fullname().startswith(roots):
                frame.select()
                print('\nmazekit: gdb is at the innermost call in your files or the test:')
                gdb.execute('frame')
                return
            frame = frame.older()
MazekitHere()
end
)";
  // Whole or not at all: another mazekit debug of the step may be reading it.
  common::saveFileAtomically(script, text.str());
  return script;
}

// What gdb will do, and the few commands a student needs there.
void sayHowToUseGdb(const Lesson& lesson, const Step& step) {
  std::cout << "mazekit debug: lesson " << lesson.number << ", step " << step.number << " ("
            << step.title << "), in gdb.\n"
            << "The step's tests run, and gdb stops where a check fails or your code throws an\n"
               "exception or crashes, shows the calls that led there (#0 is the innermost) and\n"
               "goes to the innermost one in your files or the test. Then type:\n"
               "  bt           the calls again: find the first in the test's file or in yours\n"
               "  frame N      go to call number N, to look around there\n"
               "  list         the lines around that call\n"
               "  print x      the value of x, a variable there (info locals: all of them)\n"
               "  next         run one line; step: go into the function the line calls\n"
               "  break F:N    stop at line N of your file F too; run: start again from the top\n"
               "  continue     run on to the next stop (or to the end)\n"
               "  quit         end gdb\n"
            << std::endl;
}

void debug(const DebugOptions& o) {
  Session s;
  const auto [lesson, step] = chosenStep(s, o);
  s.checker.requireBuildTree();
  const std::string gdb = findGdb();
  requireGdb(gdb, o);
  std::cerr << "Building lesson " << lesson->number << ", step " << step->number << " ("
            << step->title << ") for the debugger...\n";
  fs::path program;
  const StepResult built = s.checker.buildForDebugger(*lesson, *step, program, &interrupted);
  if (built.interrupted) {
    setExitStatus(1);
    return;
  }
  if (!built.green) {
    printVerdict(built);
    std::cout << "\nThe debugger needs a program that compiles: fix the error first "
                 "(mazekit check shows it again).\n";
    setExitStatus(1);
    return;
  }
  linkLatest(s, program);
  const fs::path script = writeGdbScript(program, *lesson, *step);
  std::vector<std::string> argv{gdb.empty() ? "gdb" : gdb, "-q", "-iex",
                                "set debuginfod enabled off"};
  if (o.batch) argv.push_back("-batch");
  argv.insert(argv.end(),
              {"-x", script.string(), "-ex", "run", "-ex", "bt", "-ex", "mazekit-here"});
  argv.insert(argv.end(), {"--args", program.string()});
  if (o.printCommand) {
    std::string line = "MAZEKIT_DEBUGGER=1";
    for (const std::string& word : argv) line += " " + quoted(word);
    std::cout << line << "\n";
    return;
  }
  sayHowToUseGdb(*lesson, *step);
  ::setenv("MAZEKIT_DEBUGGER", "1", 1);
  std::vector<char*> args;
  for (std::string& word : argv) args.push_back(word.data());
  args.push_back(nullptr);
  ::execv(argv.front().c_str(), args.data());
  throw std::runtime_error("cannot start gdb ('" + argv.front() + "'): " + std::strerror(errno) +
                           "; reinstall the package gdb");
}

}  // namespace

void addDebugCommand(CLI::App& app) {
  auto options = std::make_shared<DebugOptions>();
  auto* cmd = app.add_subcommand(
      "debug",
      "Run the step you are on (or LESSON STEP) in gdb, stopped where a check fails or your code "
      "throws or crashes");
  cmd->add_option("lesson", options->lesson, "A lesson: its number or name");
  cmd->add_option("step", options->step, "A step of it: its number or name");
  cmd->add_flag("--batch", options->batch,
                "Do not wait for commands: stop once, print the calls (bt) and end");
  cmd->add_flag("--print-command", options->printCommand,
                "Build the step's program, then print the gdb command that debugs it, without "
                "running it");
  cmd->callback([options] { debug(*options); });
}

}  // namespace mazekit::student
