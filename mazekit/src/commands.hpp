#pragma once
// mazekit's commands. Each module's command file defines its `add...Command`, which adds the
// subcommand, its options and what it does to the program; main.cpp lists them in one table,
// in the order `mazekit --help` shows them. A new command is a function here, its file, and a
// line in that table.

#include <CLI/CLI.hpp>

namespace mazekit {

namespace student {
void addStatusCommand(CLI::App& app);    ///< mazekit status: where the student is (the default)
void addWatchCommand(CLI::App& app);     ///< mazekit watch: check again on every save
void addCheckCommand(CLI::App& app);     ///< mazekit check LESSON STEP
void addCiCommand(CLI::App& app);        ///< mazekit ci: status for the students' CI
void addHintCommand(CLI::App& app);      ///< mazekit hint [LESSON STEP]
void addDebugCommand(CLI::App& app);     ///< mazekit debug [LESSON STEP]: the step in gdb
void addListCommand(CLI::App& app);      ///< mazekit list: every step, passed or not
void addResetCommand(CLI::App& app);     ///< mazekit reset LESSON: the starting files back
void addInitRepoCommand(CLI::App& app);  ///< mazekit init-repo DIR: the student's repository, CI
void addPlayCommand(CLI::App& app);      ///< mazekit play: lesson 7's game in the terminal
void addSolutionCommand(CLI::App& app);  ///< mazekit solution LESSON STEP: once GREEN
void addReleaseCommand(CLI::App& app);   ///< mazekit release LESSON DIR: for the edition
void addStudentEditionCommand(CLI::App& app);  ///< mazekit student-edition DIR: no answers
}  // namespace student

namespace grade {
void addGradeCommand(CLI::App& app);        ///< mazekit grade: a class, each student in a sandbox
void addGradeOneCommand(CLI::App& app);     ///< mazekit grade-one: one student, Gradescope's JSON
void addAutograderCommand(CLI::App& app);   ///< mazekit autograder: a Gradescope autograder zip
void addSubmitCommand(CLI::App& app);       ///< mazekit submit LESSON: the zip a student hands in
void addClassReportCommand(CLI::App& app);  ///< mazekit class-report: from progress files
/// Where mazekit is built without grading (common/platform.hpp: MAZEKIT_LINUX is 0, as on
/// macOS), `command` (grade, grade-one; called once its options and callback are added) shows
/// its help but does nothing else: whatever is given, it says in one sentence that grading runs
/// on Linux only (run::gradingLinuxOnly), status 2. On Linux it does nothing.
void gradesOnLinuxOnly(CLI::App* command);
}  // namespace grade

namespace verify {
void addVerifyCommand(CLI::App& app);  ///< mazekit verify: prove a lesson RED then GREEN
}

namespace render {
void addRenderCommand(CLI::App& app);  ///< mazekit render: the gallery of every step
void addMazeCommand(CLI::App& app);    ///< mazekit maze: a maze made, solved and drawn
}  // namespace render

/// mazekit completions bash|zsh|fish: a completion script made from the command table
void addCompletionsCommand(CLI::App& app);

/// Sets mazekit's exit status when a command reports a failed check (1) rather than an error.
/// Bad usage is reported by throwing UsageError (status 2); any other exception is status 1.
void setExitStatus(int status);

}  // namespace mazekit
