#pragma once
// What the student's commands share: the session (the kit, its lessons, the progress file and
// the checker), checking steps from where the student is until one is RED, and printing a
// step's verdict. Progress is kept in exercises/.mazekit-progress.json (MAZEKIT_STATE
// overrides it), the pictures go to out/pictures/ (MAZEKIT_PICTURES overrides it).

#include <condition_variable>
#include <csignal>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
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
  /// Lessons left on the way to the next one whose steps were not checked again yet (advance's
  /// `checkLeft`): all of their steps are to be checked again.
  std::vector<const Lesson*> left;
};

/// An earlier step that passed before and fails now, with its verdict.
struct Broken {
  const Lesson* lesson = nullptr;
  const Step* step = nullptr;
  StepResult result;
};

/// The steps of `lesson` before step number `upTo` that passed against other files than the
/// student's files as they are now, or broke since (less the ones a step up to `upTo` retires,
/// lesson.json's "retires"): the ones to check again.
/// Before a lesson's first check: in the student edition, its starting files that are the
/// student's own lesson before copied in (student.hpp, startFromLessonBefore), said in a line
/// each. The result to show instead of a check when the lesson cannot start yet.
std::optional<StepResult> startLesson(Session& s, const Lesson& lesson);

std::vector<const Step*> toRecheck(const Session& s, const Lesson& lesson, int upTo);

/// Records in the progress file the verdicts `results` of checking `steps` again against the
/// files whose hashes were `hashes` (each step's, taken before the check began: a save during it
/// counts). Returns the steps that fail now, which no longer count as passing.
std::vector<Broken> recordRecheck(Session& s, const Lesson& lesson,
                                  const std::vector<const Step*>& steps,
                                  const std::vector<std::string>& hashes,
                                  const std::vector<StepResult>& results);

/// Checks `toRecheck(s, lesson, upTo)` again, all in one program (Checker::checkTogether), and
/// records the verdicts. Sets `stopped` when Ctrl-C stopped it.
std::vector<Broken> recheckNow(Session& s, const Lesson& lesson, int upTo, bool& stopped);

/// Checks the step the student works on (workingStep) and, while it turns GREEN, the next.
/// Stops at the first RED, or when every step (of the one lesson asked for) passes. The earlier
/// steps are not checked again on the way: that is the caller's to do after the verdict (watch
/// in the background, status at once: toRecheck). When leaving a lesson all its steps must pass
/// with the files as they are now: with `checkLeft`, they are checked then, and the first that
/// fails is where the student is; without it (watch, which checks them in the background),
/// the lesson is listed in Position::left. The last lesson (or the one asked for) is always
/// checked before it is called done. Each GREEN on the way is written to `progress` when given.
Position advance(Session& s, std::size_t firstLesson, bool oneLesson,
                 std::ostream* progress = nullptr, bool checkLeft = true);

/// "step 07 get-matrix-value passed before and fails now: <where and what>", with "lesson 2, "
/// before it when `namingLesson`.
std::string brokenLine(const Broken& broken, bool namingLesson = false);

/// What a refactor step's RED means: a test tagged with the step's keeps tag ("[keeps]") that
/// fails says the change altered what the code does, and how to get back to GREEN; else the
/// kept tests still pass and only the step's new test is not met yet.
std::string refactorBanner(const Step& step, const StepResult& result);

/// While it lives, writes "  still running after 10 s..." to `out` every `everySeconds`: a
/// step allowed a minute shows it has not stopped.
class StillRunning {
 public:
  StillRunning(std::ostream& out, int everySeconds);
  ~StillRunning();
  StillRunning(const StillRunning&) = delete;
  StillRunning& operator=(const StillRunning&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable done_;
  bool stop_ = false;
  std::thread thread_;
};

/// "step 3", "steps 1–4", "steps 1, 3 and 5": step numbers, in order, for a sentence.
std::string stepsNamed(const std::vector<int>& numbers);

/// The earlier steps of `lesson` in `broken` that do not compile for the very error of the
/// step's own verdict `result`: taken out of `broken` (one error is said once) and their
/// numbers returned, in order, for "this error also stops steps 1–4".
std::vector<int> stoppedByTheSameError(const StepResult& result, const Lesson& lesson,
                                       std::vector<Broken>& broken);

/// "[####----] 3 of 5 steps pass", or, when the code does not compile and that stops earlier
/// steps too (`stoppedBefore` of them, already taken off the progress file), the steps that
/// passed before and that it does not compile now.
std::string progressLine(const Session& s, const Lesson& lesson, const StepResult& result,
                         int stoppedBefore);

/// GREEN or RED, the verdict's words and its detail lines.
void printVerdict(const StepResult& result);
/// The lesson, the step, the progress bar, the verdict, the earlier steps that broke (with what
/// to do), the student's files, the test and the picture.
void printStep(const Session& s, const Lesson& lesson, const Step& step, const StepResult& result,
               const std::vector<Broken>& broken = {});
/// Every step of the lesson (or of every lesson) passes.
void printAllDone(const Session& s, const Lesson& lesson, bool oneLesson);

}  // namespace mazekit::student
