// mazekit: the kit's command-line tool. `mazekit --help` lists the commands; with no command
// it runs `mazekit status`.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "kit/kit.hpp"
#include "kit/version.hpp"

namespace mazekit {
namespace {

// Every command, in the order of `mazekit --help`.
constexpr void (*commandTable[])(CLI::App&) = {
    student::addStatusCommand,    student::addWatchCommand,          student::addCheckCommand,
    student::addHintCommand,      student::addSolutionCommand,       student::addDebugCommand,
    student::addListCommand,      student::addResetCommand,          student::addInitRepoCommand,
    student::addCiCommand,        student::addPlayCommand,           grade::addSubmitCommand,
    grade::addGradeCommand,       grade::addGradeOneCommand,         grade::addAutograderCommand,
    grade::addClassReportCommand, student::addStudentEditionCommand, student::addReleaseCommand,
    verify::addVerifyCommand,     render::addRenderCommand,          render::addMazeCommand,
    addCompletionsCommand,
};

int exitStatus = 0;

}  // namespace

void setExitStatus(int status) { exitStatus = std::max(exitStatus, status); }

}  // namespace mazekit

int main(int argc, char** argv) {
  CLI::App app{"mazekit: the turtle maze kit — check your steps, grade, verify, render"};
  app.name("mazekit");
  app.set_version_flag("--version", std::string("mazekit ") + mazekit::kitVersion());
  app.require_subcommand(0, 1);
  for (const auto addCommand : mazekit::commandTable) addCommand(app);
  // `mazekit help grade` is `mazekit grade --help`; `mazekit help` is `mazekit --help`.
  std::string helpTopic;
  CLI::App* helpCommand =
      app.add_subcommand("help", "Show the help of a command: mazekit help grade");
  helpCommand->add_option("command", helpTopic, "A command, as in mazekit --help");

  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) args = {"status"};
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForVersion& version) {
    return app.exit(version);
  } catch (const CLI::ParseError& error) {
    std::cerr << "mazekit: " << error.what() << " (see mazekit --help)\n";
    return 2;
  } catch (const mazekit::UsageError& error) {
    std::cerr << "mazekit: " << error.what() << "\n";
    return 2;
  } catch (const std::exception& error) {
    std::cerr << "mazekit: " << error.what() << "\n";
    return 1;
  }
  if (helpCommand->parsed()) {
    if (helpTopic.empty()) {
      // app.help() would show the help of the command given, which is `help` itself.
      std::cout << app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal);
      return 0;
    }
    std::string names;
    for (const CLI::App* command : app.get_subcommands({})) {
      if (command->get_name() == helpTopic) {
        std::cout << command->help(app.get_name());
        return 0;
      }
      names += (names.empty() ? "" : ", ") + command->get_name();
    }
    std::cerr << "mazekit: there is no command '" << helpTopic << "': the commands are " << names
              << "\n";
    return 2;
  }
  if (app.get_subcommands().empty()) {
    std::cout << app.help();
    return 2;
  }
  return mazekit::exitStatus;
}
