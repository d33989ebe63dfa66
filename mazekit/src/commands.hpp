#pragma once
// How mazekit's commands join the program: each command's file adds itself, so a new command
// is a new file and one line in mazekit/CMakeLists.txt.
//
//     namespace {
//     void addHint(CLI::App& app) {
//       auto* hint = app.add_subcommand("hint", "Show the hint for the current step");
//       hint->callback([] { ... });
//     }
//     const bool added = mazekit::addCommand(30, addHint);
//     }  // namespace

#include <CLI/CLI.hpp>

namespace mazekit {

using CommandSetup = void (*)(CLI::App& app);

/// Registers a command; `order` sorts `mazekit --help`. Returns true, for a static initialiser.
bool addCommand(int order, CommandSetup setup);

/// Sets mazekit's exit status when a command reports a failed check (1) rather than an error.
/// Bad usage is reported by throwing UsageError (status 2); any other exception is status 1.
void setExitStatus(int status);

}  // namespace mazekit
