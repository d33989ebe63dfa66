// mazekit watch: check again on every save, move on when a step turns green.
//
// Saves are seen through inotify where its events arrive. Where they may not (the exercise
// folder on a file system that another machine writes to: a folder shared into a container or
// a VM from a macOS or Windows host, a network drive), or where inotify cannot be used, mazekit
// polls instead: every interval it compares the size, modification time and contents of each
// file in the folder. `--poll SECONDS` polls always.
#include <poll.h>
#include <sys/inotify.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>

#include "commands.hpp"
#include "student/session.hpp"

namespace mazekit::student {
namespace {
namespace fs = std::filesystem;

// How often mazekit polls when it polls by itself (docs/student-guide.md).
constexpr double defaultPollSeconds = 1.0;

// A save that matters: not an editor's swap or backup file.
bool relevant(const std::string& name) {
  if (name.empty() || name[0] == '.' || name.back() == '~' || name == "4913") return false;
  const auto dot = name.rfind('.');
  const std::string ext = dot == std::string::npos ? "" : name.substr(dot);
  return ext != ".swp" && ext != ".swx" && ext != ".tmp";
}

// Waits for a save in the folder inotify watches; false when interrupted.
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

// What polling compares: for each file that matters, its size, modification time and a hash of
// its contents (a modification time may be as coarse as a second on a shared folder).
using Snapshot = std::map<fs::path, std::tuple<std::uintmax_t, fs::file_time_type, std::string>>;

Snapshot snapshot(const fs::path& folder) {
  Snapshot files;
  for (const fs::path& file : studentFiles(folder)) {
    if (!relevant(file.filename().string())) continue;
    std::error_code ec;
    const fs::path path = folder / file;
    const std::uintmax_t size = fs::file_size(path, ec);
    const fs::file_time_type time = fs::last_write_time(path, ec);
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    files[file] = {ec ? 0 : size, time, hex(fnv1a(bytes.str()))};
  }
  return files;
}

// Sleeps `seconds`, waking at once on Ctrl-C; false when interrupted.
bool sleepFor(double seconds) {
  using Clock = std::chrono::steady_clock;
  const auto until = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(std::max(seconds, 0.0)));
  while (!interrupted) {
    const Clock::duration left = until - Clock::now();
    if (left <= Clock::duration::zero()) return true;
    std::this_thread::sleep_for(std::min<Clock::duration>(left, std::chrono::milliseconds(50)));
  }
  return false;
}

// Polls the folder until a file in it changes (and stays unchanged for 150 ms, as an editor's
// save may come in several writes); false when interrupted.
bool pollForSave(const fs::path& folder, const Snapshot& before, double seconds) {
  while (sleepFor(seconds)) {
    Snapshot now = snapshot(folder);
    if (now == before) continue;
    while (sleepFor(0.15)) {
      Snapshot settled = snapshot(folder);
      if (settled == now) return true;
      now = std::move(settled);
    }
    return false;
  }
  return false;
}

// Why inotify may not see saves to `folder`: its file system is one that another machine
// writes to, so changes made there are not signalled here. Empty when inotify can be trusted.
std::string remoteFileSystem(const fs::path& folder) {
  struct statfs info {};
  if (::statfs(folder.c_str(), &info) != 0) return "";
  switch (static_cast<unsigned long>(info.f_type)) {
    case 0x65735546UL:  // FUSE: Docker Desktop's and virtiofs's shared folders, sshfs
      return "a shared (FUSE) folder";
    case 0x01021997UL:  // 9p: WSL 2's Windows drives, VM shared folders
      return "a 9p shared folder";
    case 0x6969UL:  // NFS
      return "an NFS folder";
    case 0x517BUL:      // SMB
    case 0xFF534D42UL:  // CIFS
    case 0xFE534D42UL:  // SMB2
      return "a Windows (SMB) shared folder";
    case 0x786f4256UL:  // VirtualBox shared folder (vboxsf)
      return "a VirtualBox shared folder";
    default:
      return "";
  }
}

struct WatchOptions {
  std::string lesson;
  bool pollGiven = false;  // --poll SECONDS: always poll
  double poll = 0;
};

// How saves are waited for: through inotify, or by polling every `seconds` (and why).
struct Watcher {
  int fd = -1;
  int wd = -1;
  fs::path folder;
  bool polling = false;
  double seconds = defaultPollSeconds;
  std::string why;  // why polling, for the student

  Watcher() = default;
  Watcher(const Watcher&) = delete;  // it owns the inotify descriptor
  Watcher& operator=(const Watcher&) = delete;
  ~Watcher() {
    if (fd >= 0) ::close(fd);
  }

  void watch(const fs::path& exercise, bool forced) {
    if (exercise == folder) return;
    folder = exercise;
    if (forced) return;
    const std::string remote = remoteFileSystem(folder);
    if (!remote.empty()) {
      usePolling("your folder is " + remote + ", where saves from outside are not signalled");
      return;
    }
    if (fd < 0) {
      fd = ::inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
      if (fd < 0) {
        usePolling("inotify is not available: " + std::string(std::strerror(errno)));
        return;
      }
    }
    if (wd >= 0) ::inotify_rm_watch(fd, wd);
    wd = ::inotify_add_watch(fd, folder.c_str(),
                             IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE);
    if (wd < 0) usePolling("inotify cannot watch it: " + std::string(std::strerror(errno)));
  }

  void usePolling(std::string reason) {
    polling = true;
    why = std::move(reason);
  }

  std::string line(const std::string& shown) const {
    std::ostringstream out;
    out << "Watching " << shown << "/ for your saves";
    if (polling) out << ", checking every " << seconds << " s (" << why << ")";
    out << ". Ctrl-C to stop.";
    return out.str();
  }
};

void watch(const WatchOptions& o) {
  if (o.pollGiven && !(std::isfinite(o.poll) && o.poll >= 0.05 && o.poll <= 3600)) {
    std::ostringstream value;
    value << o.poll;
    throw UsageError(
        "--poll takes the seconds between two looks at your folder, from 0.05 to "
        "3600; got " +
        value.str());
  }
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
  struct sigaction previous {};
  ::sigaction(SIGINT, &action, &previous);

  Watcher watcher;
  const bool forced = o.pollGiven;
  if (forced) {
    watcher.seconds = o.poll;
    watcher.usePolling("--poll");
  }
  try {
    watcher.watch(s.lessons[first].exercise, forced);
    while (!interrupted) {
      // Polling compares against the files as they were before the check: a save during the
      // check is checked at once after it.
      fs::path polled = s.lessons[first].exercise;
      Snapshot before = watcher.polling ? snapshot(polled) : Snapshot{};
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
      watcher.watch(p.lesson->exercise, forced);
      if (watcher.polling && polled != watcher.folder) {
        polled = watcher.folder;
        before = snapshot(polled);
      }
      std::cout << "\n" << watcher.line(s.shown(watcher.folder)) << "\n" << std::flush;
      const bool saved = watcher.polling ? pollForSave(watcher.folder, before, watcher.seconds)
                                         : waitForSave(watcher.fd);
      if (!saved) break;
    }
  } catch (...) {
    ::sigaction(SIGINT, &previous, nullptr);
    throw;
  }
  ::sigaction(SIGINT, &previous, nullptr);
  if (interrupted)
    std::cout << "\nStopped watching. Your progress is saved: run mazekit to see where you are.\n";
}

}  // namespace

void addWatchCommand(CLI::App& app) {
  auto options = std::make_shared<WatchOptions>();
  auto* cmd = app.add_subcommand(
      "watch", "Check again on every save of your code; move on by itself when a step turns green");
  cmd->add_option("--lesson", options->lesson, "Work on this lesson (number or name)");
  auto* poll = cmd->add_option(
      "--poll", options->poll,
      "Look for saves by comparing your files every SECONDS (e.g. 1) rather than "
      "through inotify; mazekit polls by itself on shared folders (docs/student-guide.md)");
  cmd->callback([options, poll] {
    options->pollGiven = poll->count() > 0;
    watch(*options);
  });
}

}  // namespace mazekit::student
