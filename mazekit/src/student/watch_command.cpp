// mazekit watch: check again on every save, move on when a step turns green.
#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>

#include "commands.hpp"
#include "student/session.hpp"

namespace mazekit::student {
namespace {
namespace fs = std::filesystem;

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

}  // namespace

void addWatchCommand(CLI::App& app) {
  auto options = std::make_shared<WatchOptions>();
  auto* cmd = app.add_subcommand(
      "watch", "Check again on every save of your code; move on by itself when a step turns green");
  cmd->add_option("--lesson", options->lesson, "Work on this lesson (number or name)");
  cmd->callback([options] { watch(*options); });
}

}  // namespace mazekit::student
