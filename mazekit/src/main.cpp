// mazekit: the kit's command-line tool. `mazekit --help` lists the commands; with no command
// it runs `mazekit status`.
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "kit/kit.hpp"

namespace mazekit {
namespace {

// Every command, in the order of `mazekit --help`.
constexpr void (*commandTable[])(CLI::App&) = {
    student::addStatusCommand, student::addWatchCommand, student::addCheckCommand,
    student::addHintCommand,   student::addListCommand,  student::addResetCommand,
    grade::addGradeCommand,    verify::addVerifyCommand, render::addRenderCommand,
    render::addMazeCommand,
};

int exitStatus = 0;

}  // namespace

void setExitStatus(int status) { exitStatus = std::max(exitStatus, status); }

}  // namespace mazekit

int main(int argc, char** argv) {
  CLI::App app{"mazekit: the turtle maze kit — check your steps, grade, verify, render"};
  app.name("mazekit");
  app.require_subcommand(0, 1);
  for (const auto addCommand : mazekit::commandTable) addCommand(app);

  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) args = {"status"};
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  try {
    app.parse(args);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
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
  if (app.get_subcommands().empty()) {
    std::cout << app.help();
    return 2;
  }
  return mazekit::exitStatus;
}
