// mazekit play: lesson 7's game in the terminal. The game is built from the student's own
// exercises/07-loops-and-a-game/ files and the kit's main (lessons/07-loops-and-a-game/play/),
// as a step program is (the manifest's target, through the kit's build tree), and then runs in
// place of mazekit: it puts the terminal in raw mode and back on every way out.
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "student/session.hpp"

namespace mazekit::student {
namespace {
namespace fs = std::filesystem;

const std::string playLesson = "07-loops-and-a-game";

struct PlayOptions {
  std::optional<std::uint64_t> seed;
  double braid = 0.2;
};

// The first step of the lesson that has not passed against the student's files as they are:
// the one to finish before the game can compile. Null when every step passed.
const Step* firstStepToFinish(const Session& s, const Lesson& lesson) {
  const auto hashOf = s.hashes(lesson);
  for (const Step& step : lesson.steps) {
    if (!s.state.passedWith(lesson.id, step.id, hashOf(step))) return &step;
  }
  return nullptr;
}

// The game's build failed: the compiler's first error, and which step to finish first.
void sayWhyNotBuilt(const Session& s, const Lesson& lesson, const StepResult& built) {
  std::cout << red("Your game does not compile yet") << "\n";
  for (const std::string& line : built.detail) std::cout << "       " << line << "\n";
  if (!built.explanation.empty())
    std::cout << "       What it means: " << built.explanation << "\n";
  if (const Step* step = firstStepToFinish(s, lesson)) {
    std::cout << "mazekit play needs your Maze and Game of lesson " << lesson.number
              << ". Finish step " << step->number << " first: " << step->title << "\n"
              << "  mazekit check " << lesson.number << " " << step->number
              << "    (and mazekit hint " << lesson.number << " " << step->number << ")\n";
  } else {
    std::cout << "Every step of lesson " << lesson.number
              << " passed before: the change since then is what does not compile.\n";
  }
}

void play(const PlayOptions& o) {
  if (!(o.braid >= 0 && o.braid <= 1)) {
    std::ostringstream given;
    given << o.braid;
    throw UsageError("--braid is the fraction of dead ends opened into loops: from 0 to 1, got " +
                     given.str());
  }
  // Before the build: the game reads keys from a terminal, and there is none.
  if (::isatty(STDIN_FILENO) == 0 || ::isatty(STDOUT_FILENO) == 0) {
    throw UsageError(
        "play needs a terminal to read the arrow keys from, and its input or output is not one "
        "(a pipe or a file): run mazekit play in a terminal window");
  }
  Session s;
  const Lesson& lesson = findLesson(s.lessons, playLesson);
  const LessonProgram& program = s.checker.manifest().program(lesson.id, "play");
  std::cout << "Building your game from " << s.shown(lesson.exercise) << "/ ..." << std::endl;
  std::signal(SIGINT, onInterrupt);  // Ctrl-C stops the build at once (exec resets it)
  const StepResult built = s.checker.build(program.exerciseTarget, &interrupted);
  if (built.interrupted) {
    setExitStatus(1);
    return;
  }
  if (!built.green) {
    sayWhyNotBuilt(s, lesson, built);
    setExitStatus(1);
    return;
  }

  // A new maze each time, unless a seed is given; the game says which, to play it again.
  const std::uint64_t seed =
      o.seed ? *o.seed
             : static_cast<std::uint64_t>(
                   std::chrono::system_clock::now().time_since_epoch().count() % 1000000);
  // Beside the exercise folder, not in it: a file in it would count as a change to the
  // student's code, and the steps that passed would be checked again.
  const fs::path picture = lesson.exercise.parent_path() / (lesson.id + "-play.png");
  const std::vector<std::string> args = {
      program.exerciseProgram.string(), "--seed",    std::to_string(seed), "--braid",
      std::to_string(o.braid),          "--picture", s.shown(picture)};
  std::vector<char*> argv;
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  std::cout.flush();
  // mazekit becomes the game: one process, whose terminal settings it restores itself.
  ::execv(argv[0], argv.data());
  throw std::runtime_error("cannot start the game '" + program.exerciseProgram.string() +
                           "': " + std::strerror(errno));
}

}  // namespace

void addPlayCommand(CLI::App& app) {
  auto options = std::make_shared<PlayOptions>();
  auto* cmd = app.add_subcommand(
      "play", "Play lesson 7's game in the terminal, with your own Maze and Game");
  cmd->add_option("--seed", options->seed,
                  "Which maze: the same seed gives the same maze (a new one each time without it)");
  cmd->add_option("--braid", options->braid,
                  "The fraction of dead ends opened into loops, from 0 to 1")
      ->capture_default_str();
  cmd->callback([options] { play(*options); });
}

}  // namespace mazekit::student
