#pragma once
// The one way mazekit runs a program it does not trust — a compiler on a student's code, a
// student's step program, an archive tool: its own process group (and, in a sandbox, its own
// PID namespace), limits on time, memory, processes and file sizes, its output captured up to
// a cap, an optional report channel, and a stop flag that ends it at once.

#include <csignal>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/fd.hpp"

namespace mazekit::run {

/// The kit's one file-descriptor owner (common/fd.hpp).
using common::Fd;

struct Limits {
  double wallSeconds = 10;      ///< the whole tree is killed after this
  double cpuSeconds = 10;       ///< per process (RLIMIT_CPU); a CPU-limit kill is a timeout
  std::size_t memoryBytes = 0;  ///< the whole tree (cgroup) or each process (RLIMIT_AS); 0: none
  int processes = 0;            ///< the whole tree (pids cgroup); 0: none
  double cpus = 0;              ///< cores the whole tree may use (cpu cgroup); 0: no cap
  std::size_t fileBytes = 64u << 20;    ///< the largest file it may write (RLIMIT_FSIZE)
  std::size_t outputBytes = 64u << 10;  ///< stdout and stderr kept; the rest is read and dropped
  std::size_t reportBytes = 4u << 20;   ///< the report channel kept
};

struct Command {
  std::vector<std::string> argv;         ///< argv[0]: an absolute path
  std::filesystem::path cwd;             ///< empty: mazekit's own
  std::vector<std::string> environment;  ///< the whole environment, "NAME=value"
  bool reportChannel = false;            ///< fd 3 in the child is a pipe the parent reads
  /// Not 0: the program runs as this user and group, with no supplementary groups and no way
  /// to gain privileges (setuid programs do not raise them); every process of that user is
  /// killed when it ends. For a grader that runs as root where no sandbox can be made (a
  /// Docker container's default seccomp profile refuses user namespaces).
  unsigned runAsUid = 0;
  unsigned runAsGid = 0;
  /// Descriptors the program is given besides 0-2 and the report channel (a seccomp filter
  /// for bubblewrap to read): it sees passedFds[k] as passedFdNumber(k). At most six; the
  /// caller keeps them open until runProcess returns, and closes them.
  std::vector<int> passedFds{};
  /// With the report channel: a program that runs out of time is first sent SIGUSR1 and given
  /// a moment (at most 1.5 s: a busy machine may not run it sooner; the wait ends as soon as it
  /// answers) to write where it is on the channel (a step program's harness writes its stack:
  /// mazekit/harness/trace.hpp), then killed as any other.
  bool askWhereBeforeKill = false;

  int passedFdNumber(std::size_t k) const { return (reportChannel ? 4 : 3) + static_cast<int>(k); }
};

struct Result {
  bool started = false;  ///< false: it could not run at all (see error)
  std::string error;
  int exitCode = -1;         ///< when it exited normally
  int signal = 0;            ///< when a signal ended it, not our limits
  bool timedOut = false;     ///< wall-time or CPU-time limit
  bool outOfMemory = false;  ///< the memory cgroup killed something in the tree
  bool interrupted = false;  ///< the stop flag was set
  std::string output;        ///< stdout and stderr together, capped (raw bytes)
  bool outputTruncated = false;
  std::string report;  ///< what came through the report channel, capped
  bool reportTruncated = false;
  double seconds = 0;

  bool exitedWith(int code) const {
    return started && !timedOut && !outOfMemory && !interrupted && signal == 0 && exitCode == code;
  }
};

/// Runs `command` within `limits`, stdin from /dev/null. Every process it starts is killed
/// when it ends, when a limit is reached or when `*stop` becomes non-zero. Safe to call from
/// several threads at once.
Result runProcess(const Command& command, const Limits& limits,
                  const volatile std::sig_atomic_t* stop = nullptr);

/// Kills every process of the user `uid` (not 0), whatever process group or session each is in.
void killUser(unsigned uid);

/// Removes what the user `uid` (not 0) left where every user may write, so that one run of a
/// program as that user leaves nothing for the next to find: its files and folders at the top
/// of /tmp, /var/tmp and /dev/shm (POSIX shared memory), and its System V shared memory,
/// semaphores and message queues. runProcess does it after every program run as a user.
void clearUserLeftovers(unsigned uid);

/// Held while a file is open for writing that a program will run from (a keyed step
/// program): runProcess forks only while it is free, so no child ever holds that file open
/// ("Text file busy" when the program is started).
std::unique_lock<std::mutex> holdForks();

/// The environment mazekit runs with, for the kit's own tools (cmake, ctest) and the student's
/// own step on their machine: never for code `mazekit grade` runs. Each "NAME=value" of
/// `overrides` replaces the inherited NAME.
std::vector<std::string> inheritedEnvironment(const std::vector<std::string>& overrides = {});

/// What limits apply on this machine, in one line: "memory and processes per step through
/// cgroup v1; CPU time, file size and output per process".
std::string describeLimits();

/// "SIGSEGV (Segmentation fault)"
std::string describeSignal(int signal);

}  // namespace mazekit::run
