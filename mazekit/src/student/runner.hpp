#pragma once
// Building and running a student's step: a child process with its output captured, a time
// limit, and a verdict in plain words.

#include <csignal>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "kit.hpp"
#include "lessons.hpp"

namespace mazekit::student {

struct ProcessResult {
  int exitCode = -1;      ///< when it exited
  int signal = 0;         ///< when a signal ended it (not our time limit)
  bool timedOut = false;  ///< we killed it at the time limit
  bool interrupted = false;  ///< we killed it because `stop` was set
  bool truncated = false;    ///< more output than we keep
  std::string output;        ///< stdout and stderr together
  bool ok() const { return !timedOut && !interrupted && signal == 0 && exitCode == 0; }
};

/// Runs argv[0] (looked up in PATH) with stdin from /dev/null, stdout and stderr captured
/// together (the first `maxOutput` bytes kept), `env` added to the environment. The child and
/// its children are killed when `timeoutSeconds` pass or `*stop` becomes non-zero.
/// Throws std::runtime_error when the program cannot be started.
ProcessResult runProcess(const std::vector<std::string>& argv,
                         const std::vector<std::pair<std::string, std::string>>& env,
                         double timeoutSeconds, std::size_t maxOutput = 1 << 20,
                         const volatile std::sig_atomic_t* stop = nullptr);

/// "SIGSEGV" for 11.
std::string signalName(int signal);

/// A step's verdict.
struct StepResult {
  bool green = false;
  bool cached = false;           ///< passed before against the same files: not rebuilt
  bool interrupted = false;
  std::string summary;           ///< "passes", "does not compile", "a check failed", ...
  std::vector<std::string> detail;  ///< the first error or failed check, a few lines
  std::filesystem::path picture;    ///< the PNG this check drew, or empty
};

/// Checks steps of the student's exercise folders in the kit's build tree.
class Checker {
 public:
  Checker(Kit kit, std::filesystem::path pictures, double timeLimitSeconds = 10.0);

  /// The build tree is configured: else throws std::runtime_error saying how to build the kit.
  void requireBuildTree() const;

  /// Builds step's target (cmake --build ... --target exerciseNN_stepKK) and runs it.
  StepResult check(const Lesson& lesson, const Step& step,
                   const volatile std::sig_atomic_t* stop = nullptr) const;

  /// Builds several steps' targets in one build (in parallel): true when they all compile.
  bool buildAll(const Lesson& lesson, const std::vector<const Step*>& steps,
                const volatile std::sig_atomic_t* stop = nullptr) const;

  /// Where step's picture goes: <pictures>/<lesson>/<step>.png
  std::filesystem::path picture(const Lesson& lesson, const Step& step) const;
  /// A path for the student to read: relative to the kit when inside it.
  std::string shown(const std::filesystem::path& path) const;

  const Kit& kit() const { return kit_; }

 private:
  Kit kit_;
  std::filesystem::path pictures_;
  double timeLimit_;
};

}  // namespace mazekit::student
