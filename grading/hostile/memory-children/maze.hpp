#pragma once
// memory-children: a student who does none of the lesson (the class is grading/stub's) and
// uses up the machine's memory from processes the grader may not count. The first Maze a step
// program makes forks three children; each allocates 700 MB and writes every byte of it (so
// the memory is really taken, not just promised), then holds it for 10 s. The step program
// waits for them. A limit per process (RLIMIT_AS, say 1 GB) lets each child through; only a
// limit on the step's whole tree sees 2.1 GB.
//
// What the kit must do: limit the memory of a step and everything it starts together (a
// cgroup), so the children are killed or the step times out: its steps score 0 (crashed or
// timed out), at most the stub's 3, and the students graded beside it are not disturbed.

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <turtle/turtle.hpp>

namespace memoryHogs {

constexpr std::size_t bytesEach = std::size_t{700} << 20;

inline void start() {
  static bool started = false;
  if (started) return;
  started = true;
  std::vector<pid_t> children;
  for (int k = 0; k < 3; ++k) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      void* memory = std::malloc(bytesEach);
      if (memory != nullptr) std::memset(memory, 1, bytesEach);
      std::this_thread::sleep_for(std::chrono::seconds(10));
      ::_exit(memory != nullptr ? 0 : 1);
    }
    if (pid > 0) children.push_back(pid);
  }
  for (const pid_t child : children) ::waitpid(child, nullptr, 0);
}

}  // namespace memoryHogs

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

  Maze() { memoryHogs::start(); }

  void reset() {}

  int getMatrixValueAt(const turtle::Vec2D& /*position*/) const { return 0; }

  bool setMatrixValueAt(const turtle::Vec2D& /*position*/, int /*value*/) { return false; }

  turtle::Vec2D dig(int /*direction*/) { return {}; }

  std::vector<Neighbor> neighbors() const { return {}; }

  void makeMaze() {}

  void seed(std::uint64_t /*n*/) {}
};
