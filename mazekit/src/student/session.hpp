#pragma once
// What the student's commands share: the session (the kit, its lessons, the progress file and
// the checker), checking steps from where the student is until one is RED, and printing a
// step's verdict. Progress is kept in exercises/.mazekit-progress.json (MAZEKIT_STATE
// overrides it), the pictures go to out/pictures/ (MAZEKIT_PICTURES overrides it).

#include <csignal>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "kit/kit.hpp"
#include "kit/lessons.hpp"
#include "student/runner.hpp"
#include "student/student.hpp"

namespace mazekit::student {

/// Set by Ctrl-C (onInterrupt) while a command checks steps: the build or run stops at once.
extern volatile std::sig_atomic_t interrupted;
extern "C" void onInterrupt(int);

/// The folder or file an environment variable names, else `fallback`.
std::filesystem::path fromEnvironment(const char* name, const std::filesystem::path& fallback);

/// `text` in bold red or green on a terminal (and without NO_COLOR), else as it is.
std::string red(const std::string& text);
std::string green(const std::string& text);

// Everything a student command works with.
struct Session {
  Kit kit;
  std::vector<Lesson> lessons;
  std::filesystem::path stateFile;
  State state;
  Checker checker;

  /// Finds the kit, reads its lessons and the progress file (a garbled one is set aside with a
  /// warning on stderr).
  Session();

  void save() const { saveState(stateFile, state); }

  std::size_t lessonIndex(const Lesson& lesson) const {
    return static_cast<std::size_t>(&lesson - lessons.data());
  }
  // The lesson the student is on: the progress file's, else the first.
  std::size_t currentLessonIndex() const {
    for (std::size_t i = 0; i < lessons.size(); ++i) {
      if (lessons[i].id == state.lesson) return i;
    }
    return 0;
  }
  std::function<std::string(const Step&)> hashes(const Lesson& lesson) const {
    return [&lesson](const Step& step) { return stepHash(lesson, step); };
  }
  std::string shown(const std::filesystem::path& path) const { return checker.shown(path); }
};

// Where the student is after checking: the step they are on and its verdict.
struct Position {
  const Lesson* lesson = nullptr;
  const Step* step = nullptr;
  StepResult result;
  bool allDone = false;  // every step (of the lesson asked for, or from here on) passes
  bool interrupted = false;
};

/// Checks again the steps of `lesson` before step number `upTo` that passed against other
/// files. The first of them that fails now is where the student is.
std::optional<Position> recheck(Session& s, const Lesson& lesson, int upTo);

/// Checks the step after the last one passed; while it turns GREEN, moves on, after checking
/// again the earlier steps of its lesson that passed against other files. Stops at the first
/// RED, or when every step (of the one lesson asked for) passes. Each GREEN on the way is
/// written to `progress` when given.
Position advance(Session& s, std::size_t firstLesson, bool oneLesson,
                 std::ostream* progress = nullptr);

/// GREEN or RED, the verdict's words and its detail lines.
void printVerdict(const StepResult& result);
/// The lesson, the step, the progress bar, the verdict, the student's files, the test and the
/// picture.
void printStep(const Session& s, const Lesson& lesson, const Step& step, const StepResult& result);
/// Every step of the lesson (or of every lesson) passes.
void printAllDone(const Session& s, const Lesson& lesson, bool oneLesson);

}  // namespace mazekit::student
