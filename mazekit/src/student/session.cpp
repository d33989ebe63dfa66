// What the student's commands share (see session.hpp).
#include "student/session.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <regex>
#include <sstream>

#include "run/compiler_output.hpp"

namespace mazekit::student {
namespace fs = std::filesystem;

volatile std::sig_atomic_t interrupted = 0;

extern "C" void onInterrupt(int) { interrupted = 1; }

fs::path fromEnvironment(const char* name, const fs::path& fallback) {
  const char* value = std::getenv(name);
  return (value != nullptr && *value != '\0') ? fs::path(value) : fallback;
}

namespace {

bool colour() {
  const char* noColour = std::getenv("NO_COLOR");
  return ::isatty(1) != 0 && (noColour == nullptr || *noColour == '\0');
}

}  // namespace

std::string red(const std::string& text) {
  return colour() ? "\033[1;31m" + text + "\033[0m" : text;
}
std::string green(const std::string& text) {
  return colour() ? "\033[1;32m" + text + "\033[0m" : text;
}

Session::Session()
    : kit(locateKit()),
      lessons(loadLessons(kit)),
      stateFile(fromEnvironment("MAZEKIT_STATE", kit.exercises() / ".mazekit-progress.json")),
      checker(kit, fromEnvironment("MAZEKIT_PICTURES", kit.source / "out" / "pictures")) {
  if (lessons.empty()) throw UsageError("there are no lessons in '" + kit.lessons().string() + "'");
  std::string warning;
  state = loadState(stateFile, warning);
  if (!warning.empty()) std::cerr << "mazekit: " << warning << "\n";
}

namespace {

std::string pictureLine(const Session& s, const Lesson& lesson, const Step& step,
                        const StepResult& result) {
  if (!result.picture.empty())
    return s.shown(result.picture) +
           (result.pictureStopped ? " (your screen as it stood when the test stopped)" : "");
  if (result.outcome == run::Outcome::doesNotCompile)
    return "none yet: the step must compile and run first";
  if (result.cached && fs::exists(s.checker.picture(lesson, step)))
    return s.shown(s.checker.picture(lesson, step));
  return "none: the test stopped before it drew it";
}

}  // namespace

std::vector<const Step*> toRecheck(const Session& s, const Lesson& lesson, int upTo) {
  Step end;
  end.number = upTo;
  auto stale = staleBefore(lesson, end, s.state, s.hashes(lesson));
  // Tests that a later step retired (lesson.json's "retires") need not pass any more.
  const auto retired =
      retiredBy(lesson, std::min<int>(upTo, static_cast<int>(lesson.steps.size())));
  stale.erase(std::remove_if(stale.begin(), stale.end(),
                             [&retired](const Step* step) {
                               return std::find(retired.begin(), retired.end(), step->id) !=
                                      retired.end();
                             }),
              stale.end());
  return stale;
}

std::vector<Broken> recordRecheck(Session& s, const Lesson& lesson,
                                  const std::vector<const Step*>& steps,
                                  const std::vector<std::string>& hashes,
                                  const std::vector<StepResult>& results) {
  std::vector<Broken> broken;
  for (std::size_t i = 0; i < steps.size() && i < results.size() && i < hashes.size(); ++i) {
    if (results[i].interrupted) break;
    if (results[i].green) {
      s.state.markPassed(lesson.id, steps[i]->id, hashes[i]);
    } else {
      s.state.markFailed(lesson.id, steps[i]->id);
      broken.push_back({&lesson, steps[i], results[i]});
    }
  }
  s.save();
  return broken;
}

std::vector<Broken> recheckNow(Session& s, const Lesson& lesson, int upTo, bool& stopped) {
  const std::vector<const Step*> steps = toRecheck(s, lesson, upTo);
  std::vector<std::string> hashes;
  for (const Step* step : steps) hashes.push_back(stepHash(lesson, *step));
  const std::vector<StepResult> results = s.checker.checkTogether(lesson, steps, &interrupted);
  stopped = std::any_of(results.begin(), results.end(),
                        [](const StepResult& r) { return r.interrupted; });
  if (stopped) return {};
  return recordRecheck(s, lesson, steps, hashes, results);
}

namespace {

// Leaving a lesson: every step of it must pass with the files as they are now. The first that
// fails is where the student is.
std::optional<Position> lessonStillPasses(Session& s, const Lesson& lesson) {
  bool stopped = false;
  std::vector<Broken> broken =
      recheckNow(s, lesson, static_cast<int>(lesson.steps.size()) + 1, stopped);
  if (stopped) {
    Position p;
    p.interrupted = true;
    return p;
  }
  if (broken.empty()) return std::nullopt;
  Broken& first = broken.front();
  s.state.lesson = lesson.id;
  s.state.step = first.step->id;
  s.save();
  first.result.detail.insert(first.result.detail.begin(),
                             "it passed before: a change since broke it");
  return Position{&lesson, first.step, std::move(first.result), false, false, {}};
}

}  // namespace

std::optional<StepResult> startLesson(Session& s, const Lesson& lesson) {
  const StartedFrom started =
      startFromLessonBefore(s.lessons, s.lessonIndex(lesson), s.state, s.kit.source);
  if (started.ready) {
    for (const std::string& line : started.lines) std::cout << line << "\n";
    return std::nullopt;
  }
  StepResult result;
  result.outcome = run::Outcome::notGraded;
  result.summary = "not started: lesson " + std::to_string(lesson.number - 1) + " first";
  result.detail = started.lines;
  return result;
}

namespace {

// Checks `step`. A step allowed more time than a check's usual limit (lesson 5's 1000 by 1000
// maze) says so on `progress`, and that it is still running, rather than a silent minute.
StepResult checkSaying(Session& s, const Lesson& lesson, const Step& step, std::ostream* progress) {
  if (progress == nullptr || step.seconds <= s.checker.timeLimit())
    return s.checker.check(lesson, step, &interrupted);
  *progress << "Checking lesson " << lesson.number << ", step " << step.number
            << ": this step may run for up to " << step.seconds << " s.\n"
            << std::flush;
  StillRunning ticker(*progress, 10);
  return s.checker.check(lesson, step, &interrupted);
}

}  // namespace

// (Its contract is in session.hpp.) One loop that owns its state: the lesson it is on and the
// lessons it has left unchecked. Split, each part would take and hand back all of it, so it
// stays one function of 63 lines, read top to bottom as a step's check goes.
Position advance(Session& s, std::size_t firstLesson, bool oneLesson, std::ostream* progress,
                 bool checkLeft) {
  const Lesson* on = &s.lessons[firstLesson];
  std::vector<const Lesson*> left;
  while (true) {
    const StepRef next = workingStep(s.lessons, firstLesson, s.state);
    if (!next && !oneLesson && firstLesson > 0 && firstNotPassed(s.lessons, 0, s.state)) {
      firstLesson = 0;  // the lessons from here on pass, but an earlier one does not yet
      continue;
    }
    if (!next || next.lesson != on) {
      // Leaving lesson `on`: all its steps must pass with the files as they are now.
      if (checkLeft || !next || oneLesson) {
        if (auto broken = lessonStillPasses(s, *on)) return *broken;
      } else {
        left.push_back(on);
      }
      if (!next || oneLesson) {
        for (const Lesson* earlier : left) {  // done only when they pass too
          if (auto broken = lessonStillPasses(s, *earlier)) return *broken;
        }
        Position done;
        done.allDone = true;
        done.lesson = oneLesson ? on : &s.lessons.back();
        s.state.lesson = on->id;
        s.state.step.clear();
        s.save();
        return done;
      }
      on = next.lesson;
      s.state.step.clear();  // a step of the lesson left behind
    }
    const Lesson& lesson = *next.lesson;
    // The student edition: a lesson that starts from the student's own lesson before.
    if (std::optional<StepResult> notStarted = startLesson(s, lesson)) {
      s.state.lesson = lesson.id;
      s.save();
      return {&lesson, next.step, std::move(*notStarted), false, false, left};
    }
    const std::string hash =
        stepHash(lesson, *next.step);  // before the build: a save during it counts
    StepResult result = checkSaying(s, lesson, *next.step, progress);
    if (result.interrupted) {
      Position p;
      p.interrupted = true;
      return p;
    }
    s.state.lesson = lesson.id;
    if (!result.green) {
      s.state.markFailed(lesson.id, next.step->id);
      s.state.step = next.step->id;
      s.save();
      return {&lesson, next.step, std::move(result), false, false, left};
    }
    s.state.markPassed(lesson.id, next.step->id, hash);
    s.save();
    if (progress != nullptr) {
      *progress << green("GREEN") << "  lesson " << lesson.number << ", step " << next.step->number
                << " passes: " << next.step->title << ". Moving on...\n"
                << std::flush;
    }
    firstLesson = s.lessonIndex(lesson);
  }
}

std::string refactorBanner(const Step& step, const StepResult& result) {
  const bool keptFails = std::any_of(
      result.failedTags.begin(), result.failedTags.end(),
      [&](const std::string& tags) { return tags.find(step.keeps) != std::string::npos; });
  if (keptFails) {
    return "REFACTOR: your change altered what the code does. A test tagged " + step.keeps +
           " passed before this step and fails now (below): " + step.keepsWhy +
           ". Undo your last change to get back to GREEN on it, then change a little at a time.";
  }
  return "REFACTOR: the tests tagged " + step.keeps + " still pass: " + step.keepsWhy +
         ". Change how your code works, a little at a time, and keep them passing.";
}

std::string brokenLine(const Broken& broken, bool namingLesson) {
  std::string name = broken.step->id;
  const auto dash = name.find('-');
  if (dash != std::string::npos) name[dash] = ' ';
  std::string what = broken.result.detail.empty() ? broken.result.summary
                                                  : run::shorten(broken.result.detail.front(), 160);
  if (broken.result.detail.size() > 1 && broken.result.outcome == run::Outcome::failed)
    what += " " + run::shorten(broken.result.detail[1], 160);
  const std::string lesson =
      namingLesson ? "lesson " + std::to_string(broken.lesson->number) + ", " : "";
  return lesson + "step " + name + " passed before and fails now: " + what;
}

// Text wrapped to the terminal's usual 92 columns, each line after `indent`, the lines after
// the first indented two more.
void printWrapped(const std::string& indent, const std::string& text) {
  std::string line;
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    if (!line.empty() && indent.size() + line.size() + 1 + word.size() > 91) {
      std::cout << indent << line << "\n";
      line = "  " + word;
    } else {
      line += (line.empty() ? "" : " ") + word;
    }
  }
  std::cout << indent << line << "\n";
}

void printVerdict(const StepResult& result) {
  if (result.green) {
    std::cout << green("GREEN") << "  " << result.summary
              << (result.cached ? " (checked before, your files have not changed)" : "") << "\n";
  } else {
    std::cout << red("RED") << "    " << result.summary << "\n";
  }
  for (const std::string& line : result.detail) std::cout << "       " << line << "\n";
  // Under the error it explains.
  if (!result.explanation.empty()) printWrapped("       ", "What it means: " + result.explanation);
  if (!result.warning.empty()) {
    std::cout << "       A warning in your code (it does not stop the step; worth fixing):\n"
              << "       " << result.warning << "\n";
    if (!result.warningExplanation.empty())
      printWrapped("       ", "What it means: " + result.warningExplanation);
  }
}

StillRunning::StillRunning(std::ostream& out, int everySeconds)
    : thread_([this, &out, everySeconds] {
        std::unique_lock<std::mutex> lock(mutex_);
        for (int waited = everySeconds;; waited += everySeconds) {
          if (done_.wait_for(lock, std::chrono::seconds(everySeconds), [this] { return stop_; }))
            return;
          out << "  still running after " << waited << " s...\n" << std::flush;
        }
      }) {}

StillRunning::~StillRunning() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  done_.notify_one();
  thread_.join();
}

std::string stepsNamed(const std::vector<int>& numbers) {
  if (numbers.size() == 1) return "step " + std::to_string(numbers.front());
  bool run = true;  // 1, 2, 3, 4: "steps 1–4"
  for (std::size_t i = 1; i < numbers.size(); ++i) run = run && numbers[i] == numbers[i - 1] + 1;
  if (run && !numbers.empty())
    return "steps " + std::to_string(numbers.front()) + "\u2013" + std::to_string(numbers.back());
  std::string out = "steps ";
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    if (i > 0) out += i + 1 == numbers.size() ? " and " : ", ";
    out += std::to_string(numbers[i]);
  }
  return out;
}

std::vector<int> stoppedByTheSameError(const StepResult& result, const Lesson& lesson,
                                       std::vector<Broken>& broken) {
  std::vector<int> numbers;
  if (result.outcome != run::Outcome::doesNotCompile || result.detail.empty()) return numbers;
  // The same message, wherever the compiler saw it: a ; missing at the end of the student's
  // header is seen in each step's test file, at the line after its #include.
  static const std::regex place(R"(^[^:]*:\d+:(?:\d+:)? )");
  const auto message = [](const std::string& line) { return std::regex_replace(line, place, ""); };
  auto same = [&](const Broken& b) {
    return b.lesson == &lesson && b.result.outcome == run::Outcome::doesNotCompile &&
           !b.result.detail.empty() &&
           message(b.result.detail.front()) == message(result.detail.front());
  };
  for (const Broken& b : broken)
    if (same(b)) numbers.push_back(b.step->number);
  broken.erase(std::remove_if(broken.begin(), broken.end(), same), broken.end());
  std::sort(numbers.begin(), numbers.end());
  return numbers;
}

std::string progressLine(const Session& s, const Lesson& lesson, const StepResult& result,
                         int stoppedBefore) {
  const int total = static_cast<int>(lesson.steps.size());
  if (result.outcome == run::Outcome::doesNotCompile && stoppedBefore > 0) {
    // The error stops earlier steps too: nothing runs while the code does not build, so the
    // bar keeps what passed before, and says so.
    const int before = stillPassing(lesson, s.state) + stoppedBefore;
    return progressBar(before, total) + " " + std::to_string(before) + " of " +
           std::to_string(total) + " steps passed before; your code does not compile now";
  }
  const int passed = stillPassing(lesson, s.state);
  return progressBar(passed, total) + " " + std::to_string(passed) + " of " +
         std::to_string(total) + " steps pass";
}

void printStep(const Session& s, const Lesson& lesson, const Step& step, const StepResult& result,
               const std::vector<Broken>& brokenSteps) {
  const int total = static_cast<int>(lesson.steps.size());
  // One error is said once: the earlier steps it stops too are named under it.
  std::vector<Broken> broken = brokenSteps;
  const std::vector<int> stopped = stoppedByTheSameError(result, lesson, broken);
  std::cout << "Lesson " << lesson.number << " of " << s.lessons.back().number << ": "
            << lesson.title << "\n"
            << "Step " << step.number << " of " << total << ": " << step.title << "\n"
            << progressLine(s, lesson, result, static_cast<int>(stopped.size())) << "\n\n";
  // A refactor step: its kept tests pass before it, and must still pass after.
  if (!step.keeps.empty() && result.outcome == run::Outcome::failed) {
    printWrapped("", refactorBanner(step, result));
    std::cout << "\n";
  }
  printVerdict(result);
  if (!stopped.empty())
    printWrapped("       ", "This error also stops " + stepsNamed(stopped) +
                                ", which passed before: they pass again once it is fixed.");
  std::cout << "\n";
  for (const Broken& b : broken) {
    std::cout << red("BROKE") << "  " << brokenLine(b, b.lesson != &lesson) << "\n"
              << "       Your change since broke it: `mazekit check " << b.lesson->number << " "
              << b.step->number << "` shows it whole.\n\n";
  }
  std::string code;
  for (const std::string& file : lesson.files) {
    code += (code.empty() ? "" : ", ") + s.shown(lesson.exercise / file);
  }
  if (step.writesTests()) {
    // The kit's own tests of this step are the answer: not pointed at.
    std::cout << "Your tests:   " << s.shown(lesson.exercise / step.writes) << "\n"
              << "They run on:  a correct version of the code (the wheat) and "
              << s.checker.manifest().step(lesson.id, step.id).chaffs.size()
              << " buggy ones (chaffs)\n";
    if (!result.picture.empty())
      std::cout << "Your picture: " << pictureLine(s, lesson, step, result) << "\n";
  } else {
    std::cout << "Your code:    " << code << "\n"
              << "The test:     " << s.shown(step.test) << "\n";
    for (const std::string& own : lesson.ownTestsAt(step))
      std::cout << "Your tests:   " << s.shown(lesson.exercise / own) << " (run too)\n";
    std::cout << "Your picture: " << pictureLine(s, lesson, step, result) << "\n";
  }
  if (!result.comparison.empty()) {
    std::cout << "Difference:   " << s.shown(result.comparison)
              << " (orange: only in yours, blue: only in the expected)\n";
  }
  if (!result.green) {
    std::cout << "Stuck?        mazekit hint   (and step " << step.number << " of "
              << s.shown(lesson.folder / "README.md") << ")\n";
  }
}

void printAllDone(const Session& s, const Lesson& lesson, bool oneLesson) {
  const int total = static_cast<int>(lesson.steps.size());
  if (oneLesson) {
    std::cout << "Lesson " << lesson.number << " of " << s.lessons.back().number << ": "
              << lesson.title << "\n"
              << progressBar(total, total) << " " << total << " of " << total << " steps pass\n\n"
              << green("GREEN") << "  every step of lesson " << lesson.number << " passes\n";
  } else {
    std::cout << progressBar(1, 1) << "\n\n"
              << green("GREEN") << "  every step of every lesson passes: the maze is yours\n";
  }
  const fs::path pictures = s.checker.picture(lesson, lesson.steps.back()).parent_path();
  std::cout << "Your pictures: " << s.shown(oneLesson ? pictures : pictures.parent_path()) << "/\n";
  if (!oneLesson) return;
  // What comes next: the lesson's own program, and the next lesson.
  for (const auto& program : s.checker.manifest().lesson(lesson.id).programs) {
    if (program.name == "play")
      std::cout << "Play it:       mazekit play   (your game, built from your code)\n";
  }
  const auto at = std::find_if(s.lessons.begin(), s.lessons.end(),
                               [&](const Lesson& l) { return l.id == lesson.id; });
  if (at != s.lessons.end() && std::next(at) != s.lessons.end()) {
    std::cout << "Next:          lesson " << std::next(at)->number << ", " << std::next(at)->title
              << ": mazekit watch --lesson " << std::next(at)->number << "\n";
  } else {
    std::cout << "Next:          that was the last lesson: the maze is yours\n";
  }
}

}  // namespace mazekit::student
