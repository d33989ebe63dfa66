#pragma once
// fork-bomb: a student who does none of the lesson (the class is grading/stub's) and tries to
// take the machine down. The first Maze a step program makes forks in a loop, and every child
// does the same from where it stands, spinning on the CPU between forks and retrying when fork
// fails, ignoring SIGTERM, SIGHUP and SIGINT. Two limits keep it from wedging a machine whose
// sandbox is broken for good: at most 100000 forks in all (counted in memory shared by the
// whole tree), and every process exits after 20 s of wall time - the first one returns to the
// tests then, and the stub fails them.
//
// What the kit must do: cap the processes and the CPU a step may use (a cgroup: pids.max,
// cpu), end the whole tree when the step's time is up, and grade the other students beside it
// as if it were not there. Its steps time out or crash: at most the stub's 3.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <new>
#include <vector>

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <turtle/turtle.hpp>

namespace forkBomb {

constexpr long mostForks = 100000;
constexpr auto lifetime = std::chrono::seconds(20);

inline void explode() {
  static bool started = false;
  if (started) return;
  started = true;
  const auto end = std::chrono::steady_clock::now() + lifetime;  // the same for the whole tree
  for (const int signal : {SIGTERM, SIGHUP, SIGINT}) ::signal(signal, SIG_IGN);

  // A counter every process of the tree shares. Without shared memory a process may fork only
  // as often as its ancestors did not, eight times down any line: 256 processes at most.
  void* shared = ::mmap(nullptr, sizeof(std::atomic<long>), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  std::atomic<long>* forks = shared == MAP_FAILED ? nullptr : new (shared) std::atomic<long>(0);
  long ownForks = 0;

  bool child = false;
  while (std::chrono::steady_clock::now() < end) {
    const bool mayFork = forks != nullptr ? forks->load() < mostForks : ownForks < 8;
    if (mayFork) {
      const pid_t pid = ::fork();
      if (pid == 0) {
        child = true;  // and on round the same loop: the child forks too
      } else if (pid > 0) {
        if (forks != nullptr) forks->fetch_add(1);
        ++ownForks;
      }
    }
    for (volatile int spin = 0; spin < 100000; ++spin) {
      // burn CPU between forks
    }
  }
  if (child) ::_exit(0);
}

}  // namespace forkBomb

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

  Maze() { forkBomb::explode(); }

  void reset() {}

  int getMatrixValueAt(const turtle::Vec2D& /*position*/) const { return 0; }

  bool setMatrixValueAt(const turtle::Vec2D& /*position*/, int /*value*/) { return false; }

  turtle::Vec2D dig(int /*direction*/) { return {}; }

  std::vector<Neighbor> neighbors() const { return {}; }

  void makeMaze() {}

  void seed(std::uint64_t /*n*/) {}
};
