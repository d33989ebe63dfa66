// The student's commands: mazekit status (the default), watch, check, hint, list, reset.
//
//     mazekit                  where am I: lesson, step, RED or GREEN, the first error
//     mazekit watch            check again on every save, move on when a step turns green
//     mazekit check 1 3        check lesson 1, step 3
//     mazekit hint             the hint for the step I am on
//     mazekit list             every step, passed or not
//     mazekit reset 1          lesson 1's starting files back (mine kept in a backup)
//
// Progress is kept in exercises/.mazekit-progress.json (MAZEKIT_STATE overrides it), the
// pictures go to out/pictures/ (MAZEKIT_PICTURES overrides it).
#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <sstream>

#include <turtle/save_file.hpp>

#include "commands.hpp"
#include "kit.hpp"
#include "lessons.hpp"
#include "student/runner.hpp"
#include "student/student.hpp"

namespace {
namespace fs = std::filesystem;
using namespace mazekit;
using namespace mazekit::student;

volatile std::sig_atomic_t interrupted = 0;

extern "C" void onInterrupt(int) { interrupted = 1; }

fs::path fromEnvironment(const char* name, const fs::path& fallback) {
  const char* value = std::getenv(name);
  return (value != nullptr && *value != '\0') ? fs::path(value) : fallback;
}

bool colour() {
  const char* noColour = std::getenv("NO_COLOR");
  return ::isatty(1) != 0 && (noColour == nullptr || *noColour == '\0');
}

std::string red(const std::string& text) {
  return colour() ? "\033[1;31m" + text + "\033[0m" : text;
}
std::string green(const std::string& text) {
  return colour() ? "\033[1;32m" + text + "\033[0m" : text;
}

// Everything a student command works with.
struct Session {
  Kit kit;
  std::vector<Lesson> lessons;
  fs::path stateFile;
  State state;
  Checker checker;

  Session()
      : kit(locateKit()),
        lessons(loadLessons(kit)),
        stateFile(fromEnvironment("MAZEKIT_STATE", kit.exercises() / ".mazekit-progress.json")),
        checker(kit, fromEnvironment("MAZEKIT_PICTURES", kit.source / "out" / "pictures")) {
    if (lessons.empty())
      throw UsageError("there are no lessons in '" + kit.lessons().string() + "'");
    std::string warning;
    state = loadState(stateFile, warning);
    if (!warning.empty()) std::cerr << "mazekit: " << warning << "\n";
  }

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
  std::string shown(const fs::path& path) const { return checker.shown(path); }
};

// Where the student is after checking: the step they are on and its verdict.
struct Position {
  const Lesson* lesson = nullptr;
  const Step* step = nullptr;
  StepResult result;
  bool allDone = false;  // every step (of the lesson asked for, or from here on) passes
  bool interrupted = false;
};

// Checks again the steps of `lesson` before step number `upTo` that passed against other
// files. The first of them that fails now is where the student is.
std::optional<Position> recheck(Session& s, const Lesson& lesson, int upTo) {
  Step end;
  end.number = upTo;
  auto stale = staleBefore(lesson, end, s.state, s.hashes(lesson));
  // Tests that a later step retired (lesson.json's "retires") need not pass any more.
  const auto retired = retiredBy(lesson, upTo);  // upTo passed, or is past the end
  stale.erase(std::remove_if(stale.begin(), stale.end(),
                             [&retired](const Step* step) {
                               return std::find(retired.begin(), retired.end(), step->id) !=
                                      retired.end();
                             }),
              stale.end());
  if (stale.size() > 1) s.checker.buildAll(lesson, stale, &interrupted);  // in parallel
  for (const Step* step : stale) {
    const std::string hash = stepHash(lesson, *step);
    StepResult again = s.checker.check(lesson, *step, &interrupted);
    if (again.interrupted) {
      Position p;
      p.interrupted = true;
      return p;
    }
    if (!again.green) {
      s.state.lesson = lesson.id;
      s.state.markFailed(lesson.id, step->id);
      s.state.step = step->id;
      s.save();
      again.detail.insert(again.detail.begin(), "it passed before: a change since broke it");
      return Position{&lesson, step, std::move(again), false, false};
    }
    s.state.markPassed(lesson.id, step->id, hash);
    s.save();
  }
  return std::nullopt;
}

// Checks the step after the last one passed; while it turns GREEN, moves on, after checking
// again the earlier steps of its lesson that passed against other files. Stops at the first
// RED, or when every step (of the one lesson asked for) passes.
Position advance(Session& s, std::size_t firstLesson, bool oneLesson,
                 std::ostream* progress = nullptr) {
  const Lesson* on = &s.lessons[firstLesson];
  while (true) {
    const StepRef next = firstNotPassed(s.lessons, firstLesson, s.state);
    if (!next && !oneLesson && firstLesson > 0 && firstNotPassed(s.lessons, 0, s.state)) {
      firstLesson = 0;  // the lessons from here on pass, but an earlier one does not yet
      continue;
    }
    if (!next || next.lesson != on) {
      // Leaving lesson `on`: all its steps must pass with the files as they are now.
      if (auto broken = recheck(s, *on, static_cast<int>(on->steps.size()) + 1)) return *broken;
      if (!next || oneLesson) {
        Position done;
        done.allDone = true;
        done.lesson = oneLesson ? on : &s.lessons.back();
        s.state.lesson = on->id;
        s.state.step.clear();
        s.save();
        return done;
      }
      on = next.lesson;
    }
    const Lesson& lesson = *next.lesson;
    const std::string hash =
        stepHash(lesson, *next.step);  // before the build: a save during it counts
    StepResult result = s.checker.check(lesson, *next.step, &interrupted);
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
      return {&lesson, next.step, std::move(result), false, false};
    }
    s.state.markPassed(lesson.id, next.step->id, hash);
    s.save();
    if (progress != nullptr) {
      *progress << green("GREEN") << "  lesson " << lesson.number << ", step " << next.step->number
                << " passes: " << next.step->title << ". Moving on...\n"
                << std::flush;
    }
    if (auto broken = recheck(s, lesson, next.step->number)) return *broken;
    firstLesson = s.lessonIndex(lesson);
  }
}

void printVerdict(const StepResult& result) {
  if (result.green) {
    std::cout << green("GREEN") << "  " << result.summary
              << (result.cached ? " (checked before, your files have not changed)" : "") << "\n";
  } else {
    std::cout << red("RED") << "    " << result.summary << "\n";
  }
  for (const std::string& line : result.detail) std::cout << "       " << line << "\n";
}

std::string pictureLine(const Session& s, const Lesson& lesson, const Step& step,
                        const StepResult& result) {
  if (!result.picture.empty()) return s.shown(result.picture);
  if (result.outcome == run::Outcome::doesNotCompile)
    return "none yet: the step must compile and run first";
  if (result.cached && fs::exists(s.checker.picture(lesson, step)))
    return s.shown(s.checker.picture(lesson, step));
  return "none: the test stopped before it drew it";
}

void printStep(const Session& s, const Lesson& lesson, const Step& step, const StepResult& result) {
  const int total = static_cast<int>(lesson.steps.size());
  const int passed = passedCount(lesson, s.state, s.hashes(lesson));
  std::cout << "Lesson " << lesson.number << " of " << s.lessons.size() << ": " << lesson.title
            << "\n"
            << "Step " << step.number << " of " << total << ": " << step.title << "\n"
            << progressBar(passed, total) << " " << passed << " of " << total << " steps pass\n\n";
  printVerdict(result);
  std::cout << "\n";
  std::string code;
  for (const std::string& file : lesson.files) {
    code += (code.empty() ? "" : ", ") + s.shown(lesson.exercise / file);
  }
  std::cout << "Your code:    " << code << "\n"
            << "The test:     " << s.shown(step.test) << "\n"
            << "Your picture: " << pictureLine(s, lesson, step, result) << "\n";
  if (!result.green) {
    std::cout << "Stuck?        mazekit hint   (and step " << step.number << " of "
              << s.shown(lesson.folder / "README.md") << ")\n";
  }
}

void printAllDone(const Session& s, const Lesson& lesson, bool oneLesson) {
  const int total = static_cast<int>(lesson.steps.size());
  if (oneLesson) {
    std::cout << "Lesson " << lesson.number << " of " << s.lessons.size() << ": " << lesson.title
              << "\n"
              << progressBar(total, total) << " " << total << " of " << total << " steps pass\n\n"
              << green("GREEN") << "  every step of lesson " << lesson.number << " passes\n";
  } else {
    std::cout << progressBar(1, 1) << "\n\n"
              << green("GREEN") << "  every step of every lesson passes: the maze is yours\n";
  }
  const fs::path pictures = s.checker.picture(lesson, lesson.steps.back()).parent_path();
  std::cout << "Your pictures: " << s.shown(oneLesson ? pictures : pictures.parent_path()) << "/\n";
}

// ---- status, check ---------------------------------------------------------------------

struct StatusOptions {
  std::string lesson;
};

int showPosition(Session& s, const Position& p, bool oneLesson) {
  if (p.interrupted) return 1;
  if (p.allDone) {
    printAllDone(s, *p.lesson, oneLesson);
    return 0;
  }
  printStep(s, *p.lesson, *p.step, p.result);
  return 1;
}

void status(const StatusOptions& o) {
  Session s;
  const bool oneLesson = !o.lesson.empty();
  const std::size_t first =
      oneLesson ? s.lessonIndex(findLesson(s.lessons, o.lesson)) : s.currentLessonIndex();
  s.checker.requireBuildTree();
  const Position p = advance(s, first, oneLesson);
  setExitStatus(showPosition(s, p, oneLesson));
}

void addStatus(CLI::App& app) {
  auto options = std::make_shared<StatusOptions>();
  auto* cmd = app.add_subcommand(
      "status", "Where you are: your step, RED or GREEN, the first error (the default command)");
  cmd->add_option("--lesson", options->lesson,
                  "Check this lesson (number or name) rather than the one you are on");
  cmd->callback([options] { status(*options); });
}

struct CheckOptions {
  std::string lesson;
  std::string step;
  bool again = false;
};

void check(const CheckOptions& o) {
  Session s;
  const Lesson& lesson = findLesson(s.lessons, o.lesson);
  const Step& step = lesson.step(o.step);
  s.checker.requireBuildTree();
  const std::string hash = stepHash(lesson, step);
  StepResult result;
  if (!o.again && s.state.passedWith(lesson.id, step.id, hash)) {
    result.outcome = run::Outcome::passed;
    result.green = true;
    result.cached = true;
    result.summary = std::string(run::outcomeName(result.outcome));
  } else {
    result = s.checker.check(lesson, step, &interrupted);
    if (result.interrupted) {
      setExitStatus(1);
      return;
    }
    if (result.green) {
      s.state.markPassed(lesson.id, step.id, hash);
    } else {
      s.state.markFailed(lesson.id, step.id);
    }
    s.save();
  }
  printStep(s, lesson, step, result);
  if (!result.green) setExitStatus(1);
}

void addCheck(CLI::App& app) {
  auto options = std::make_shared<CheckOptions>();
  auto* cmd = app.add_subcommand("check", "Check one step of a lesson against your code");
  cmd->add_option("lesson", options->lesson,
                  "The lesson: its number (1) or name (01-turtle-warmup)")
      ->required();
  cmd->add_option("step", options->step, "The step: its number (3) or name (03-white-square)")
      ->required();
  cmd->add_flag("--again", options->again,
                "Build and run it even if it passed with these very files");
  cmd->callback([options] { check(*options); });
}

// ---- hint, list -------------------------------------------------------------------------

std::string wrap(const std::string& text, std::size_t width, const std::string& indent) {
  std::istringstream words(text);
  std::string word, line, out;
  while (words >> word) {
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += indent + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += indent + line + "\n";
  return out;
}

struct HintOptions {
  std::string lesson;
  std::string step;
};

void hint(const HintOptions& o) {
  Session s;
  const Lesson* lesson = nullptr;
  const Step* step = nullptr;
  if (!o.lesson.empty()) {
    lesson = &findLesson(s.lessons, o.lesson);
    if (!o.step.empty()) {
      step = &lesson->step(o.step);
    } else {
      const StepRef next = firstNotPassed(s.lessons, s.lessonIndex(*lesson), s.state);
      step = (next && next.lesson == lesson) ? next.step : &lesson->steps.front();
    }
  } else {
    // The step the last check stopped at, else the first that has not passed.
    lesson = &s.lessons[s.currentLessonIndex()];
    for (const Step& candidate : lesson->steps) {
      if (candidate.id == s.state.step) step = &candidate;
    }
    if (step == nullptr) {
      const StepRef next = firstNotPassed(s.lessons, s.currentLessonIndex(), s.state);
      if (!next) {
        std::cout << "Every step passes: no hint needed. (mazekit hint LESSON STEP shows any "
                     "step's hint.)\n";
        return;
      }
      lesson = next.lesson;
      step = next.step;
    }
  }
  std::cout << "Hint for lesson " << lesson->number << ", step " << step->number << " of "
            << lesson->steps.size() << ": " << step->title << "\n\n"
            << wrap(step->hint, 76, "  ") << "\n"
            << "The test:   " << s.shown(step->test) << "\n"
            << "The lesson: " << s.shown(lesson->folder / "README.md") << ", step " << step->number
            << "\n";
}

void addHint(CLI::App& app) {
  auto options = std::make_shared<HintOptions>();
  auto* cmd = app.add_subcommand("hint", "The hint for the step you are on (or for LESSON STEP)");
  cmd->add_option("lesson", options->lesson, "A lesson: its number or name");
  cmd->add_option("step", options->step, "A step of it: its number or name");
  cmd->callback([options] { hint(*options); });
}

void list() {
  Session s;
  std::size_t currentLesson = s.currentLessonIndex();
  for (const Lesson& lesson : s.lessons) {
    const auto hashOf = s.hashes(lesson);
    const int total = static_cast<int>(lesson.steps.size());
    const int passed = passedCount(lesson, s.state, hashOf);
    std::cout << "Lesson " << lesson.number << ": " << lesson.title << "  "
              << progressBar(passed, total, 10) << " " << passed << "/" << total << "\n";
    for (const Step& step : lesson.steps) {
      const bool now = s.state.passedWith(lesson.id, step.id, hashOf(step));
      const bool before = !now && s.state.passedEver(lesson.id, step.id);
      const bool here = s.lessonIndex(lesson) == currentLesson && step.id == s.state.step;
      std::cout << "  "
                << (now      ? "[x]"
                    : before ? "[~]"
                             : "[ ]")
                << " " << (step.number < 10 ? " " : "") << step.number << "  " << step.title
                << (before ? "   (passed before your latest change)" : "")
                << (here ? "   <- you are here" : "") << "\n";
    }
  }
  std::cout << "\n[x] passes  [~] passed before you last changed your code  [ ] not yet\n";
}

void addList(CLI::App& app) {
  auto* cmd = app.add_subcommand("list", "Every lesson and step, and which ones pass");
  cmd->callback([] { list(); });
}

// ---- reset ------------------------------------------------------------------------------

struct ResetOptions {
  std::string lesson;
  bool yes = false;
};

std::string timestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%d-%H%M%S", &local);
  return text;
}

std::string readAll(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + file.string() + "'");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

void reset(const ResetOptions& o) {
  Session s;
  const Lesson& lesson = findLesson(s.lessons, o.lesson);
  const fs::path starting = s.kit.build / "mazekit" / "starting-files" / lesson.id;
  if (!fs::is_directory(starting)) {
    throw std::runtime_error("no starting files for lesson " + std::to_string(lesson.number) +
                             " in '" + starting.string() +
                             "': configure the kit's build tree again (cmake --preset dev)");
  }
  const std::vector<fs::path> mine = studentFiles(lesson.exercise);
  fs::path backup;
  if (!mine.empty()) {
    backup = lesson.exercise / (".backup-" + timestamp());
    for (int n = 2; fs::exists(backup); ++n) {
      backup = lesson.exercise / (".backup-" + timestamp() + "-" + std::to_string(n));
    }
  }
  if (!o.yes) {
    if (::isatty(0) == 0) {
      throw UsageError("mazekit reset replaces your files in " + s.shown(lesson.exercise) +
                       ": run it in a terminal to confirm, or add --yes");
    }
    std::cout << "Put " << s.shown(lesson.exercise) << " back to lesson " << lesson.number
              << "'s starting files?\n";
    if (!backup.empty()) std::cout << "Your files will be kept in " << s.shown(backup) << "/\n";
    std::cout << "Type yes to go on: " << std::flush;
    std::string answer;
    std::getline(std::cin, answer);
    if (answer != "yes" && answer != "y") {
      std::cout << "Nothing changed.\n";
      return;
    }
  }
  // The backup first, whole: written under a temporary name, then renamed.
  if (!backup.empty()) {
    fs::path partial = backup;
    partial += ".partial";
    fs::remove_all(partial);
    for (const fs::path& file : mine) {
      fs::create_directories((partial / file).parent_path());
      fs::copy_file(lesson.exercise / file, partial / file);
    }
    fs::rename(partial, backup);
  }
  // Then the starting files, each written whole; files the start does not have go (they are
  // in the backup).
  const std::vector<fs::path> start = studentFiles(starting);
  for (const fs::path& file : mine) {
    if (std::find(start.begin(), start.end(), file) == start.end())
      fs::remove(lesson.exercise / file);
  }
  for (const fs::path& file : start) {
    fs::create_directories((lesson.exercise / file).parent_path());
    turtle::saveFileAtomically(lesson.exercise / file, readAll(starting / file));
  }
  s.state.passed.erase(lesson.id);
  if (s.state.lesson == lesson.id) s.state.step.clear();
  s.save();
  std::cout << "Lesson " << lesson.number << " is back to its starting files in "
            << s.shown(lesson.exercise) << "/";
  if (!backup.empty()) std::cout << "; yours are in " << s.shown(backup) << "/";
  std::cout << "\n";
}

void addReset(CLI::App& app) {
  auto options = std::make_shared<ResetOptions>();
  auto* cmd = app.add_subcommand(
      "reset",
      "Put a lesson's exercise files back as they were at the start (yours are kept in a backup)");
  cmd->add_option("lesson", options->lesson, "The lesson: its number or name")->required();
  cmd->add_flag("--yes,-y", options->yes, "Do not ask for confirmation");
  cmd->callback([options] { reset(*options); });
}

// ---- watch ------------------------------------------------------------------------------

// A save that matters: not an editor's swap or backup file.
bool relevant(const std::string& name) {
  if (name.empty() || name[0] == '.' || name.back() == '~' || name == "4913") return false;
  const auto dot = name.rfind('.');
  const std::string ext = dot == std::string::npos ? "" : name.substr(dot);
  return ext != ".swp" && ext != ".swx" && ext != ".tmp";
}

// Waits for a save in the watched folder; false when interrupted.
bool waitForSave(int fd) {
  char buffer[4096] __attribute__((aligned(__alignof__(inotify_event))));
  bool seen = false;
  while (!interrupted) {
    pollfd p{fd, POLLIN, 0};
    // Once a save is seen, wait a moment for the rest of it (editors write in several steps).
    const int ready = ::poll(&p, 1, seen ? 150 : -1);
    if (ready < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("watching for saves failed: " + std::string(std::strerror(errno)));
    }
    if (ready == 0) return true;
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n <= 0) continue;
    for (ssize_t at = 0; at < n;) {
      inotify_event event{};
      std::memcpy(&event, buffer + at, sizeof event);
      const std::string name =
          event.len > 0 ? std::string(buffer + at + sizeof event) : std::string();
      if (relevant(name)) seen = true;
      at += static_cast<ssize_t>(sizeof event + event.len);
    }
  }
  return false;
}

struct WatchOptions {
  std::string lesson;
};

void watch(const WatchOptions& o) {
  if (::isatty(0) == 0 || ::isatty(1) == 0) {
    throw UsageError(
        "mazekit watch redraws a terminal and waits for your saves: run it in a terminal "
        "(for one check, use mazekit status)");
  }
  Session s;
  const bool oneLesson = !o.lesson.empty();
  std::size_t first =
      oneLesson ? s.lessonIndex(findLesson(s.lessons, o.lesson)) : s.currentLessonIndex();
  s.checker.requireBuildTree();

  struct sigaction action {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: poll returns at once on Ctrl-C
  struct sigaction before {};
  ::sigaction(SIGINT, &action, &before);

  const int fd = ::inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
  if (fd < 0)
    throw std::runtime_error("cannot watch for saves: " + std::string(std::strerror(errno)));
  int wd = -1;
  fs::path watched;
  try {
    while (!interrupted) {
      std::cout << "\033[H\033[2J" << std::flush;
      std::cout << "Checking...\n" << std::flush;
      const Position p = advance(s, first, oneLesson, &std::cout);
      if (p.interrupted) break;
      std::cout << "\033[H\033[2J";
      if (p.allDone) {
        printAllDone(s, *p.lesson, oneLesson);
        break;
      }
      printStep(s, *p.lesson, *p.step, p.result);
      first = s.lessonIndex(*p.lesson);
      if (watched != p.lesson->exercise) {
        if (wd >= 0) ::inotify_rm_watch(fd, wd);
        watched = p.lesson->exercise;
        wd = ::inotify_add_watch(fd, watched.c_str(),
                                 IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE);
        if (wd < 0)
          throw std::runtime_error("cannot watch '" + watched.string() +
                                   "': " + std::strerror(errno));
      }
      std::cout << "\nWatching " << s.shown(watched) << "/ for your saves. Ctrl-C to stop.\n"
                << std::flush;
      if (!waitForSave(fd)) break;
    }
  } catch (...) {
    ::close(fd);
    ::sigaction(SIGINT, &before, nullptr);
    throw;
  }
  ::close(fd);
  ::sigaction(SIGINT, &before, nullptr);
  if (interrupted)
    std::cout << "\nStopped watching. Your progress is saved: run mazekit to see where you are.\n";
}

void addWatch(CLI::App& app) {
  auto options = std::make_shared<WatchOptions>();
  auto* cmd = app.add_subcommand(
      "watch", "Check again on every save of your code; move on by itself when a step turns green");
  cmd->add_option("--lesson", options->lesson, "Work on this lesson (number or name)");
  cmd->callback([options] { watch(*options); });
}

const bool addedStatus = addCommand(10, addStatus);
const bool addedWatch = addCommand(11, addWatch);
const bool addedCheck = addCommand(12, addCheck);
const bool addedHint = addCommand(13, addHint);
const bool addedList = addCommand(14, addList);
const bool addedReset = addCommand(15, addReset);

}  // namespace
