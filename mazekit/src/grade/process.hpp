#pragma once
// Running a program we do not trust: its own process group, resource limits, a wall-time
// limit after which the whole group is killed, and its output captured up to a cap.

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace mazekit::grade {

struct Limits {
  double wallSeconds = 10;                    ///< the whole group is killed after this
  long cpuSeconds = 10;                       ///< RLIMIT_CPU
  std::size_t addressSpaceBytes = 0;          ///< RLIMIT_AS; 0 = no limit (AddressSanitizer)
  std::size_t fileBytes = 64u << 20;          ///< RLIMIT_FSIZE: largest file it may write
  std::size_t outputBytes = 64u << 10;        ///< output kept; the rest is read and dropped
};

struct ProcessResult {
  bool started = false;      ///< false: could not run it at all (see error)
  std::string error;
  int exitCode = -1;         ///< when it exited normally
  int signal = 0;            ///< when a signal ended it
  bool timedOut = false;     ///< killed at the wall-time limit
  std::string output;        ///< stdout and stderr together, capped
  bool outputTruncated = false;
  double seconds = 0;

  bool exitedWith(int code) const { return started && !timedOut && signal == 0 && exitCode == code; }
};

/// Runs argv[0] (a path) with argv in folder `cwd`, stdin from /dev/null, the environment
/// plus `extraEnvironment` ("NAME=value"), within `limits`. Safe to call from several threads.
ProcessResult runProcess(const std::vector<std::string>& argv, const std::filesystem::path& cwd,
                         const std::vector<std::string>& extraEnvironment, const Limits& limits);

/// "SIGSEGV (Segmentation fault)"
std::string describeSignal(int signal);

}  // namespace mazekit::grade
