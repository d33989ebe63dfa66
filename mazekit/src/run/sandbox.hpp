#pragma once
// A sandbox for a student's compiler and step programs: bubblewrap (Debian's `bubblewrap`)
// with every namespace new — no network, its own PID namespace (every descendant dies with
// it), its own user (nobody, no capabilities), a new session, a cleared environment — and a
// mount namespace that shows only the system (/usr and the links to it, read-only), a few
// files of /etc the compiler and fontconfig read, and the folders the caller lists.

#include <cstddef>
#include <string>
#include <vector>

#include "run/process.hpp"

namespace mazekit::run {

struct Mount {
  enum class Kind { readOnly, writable, tmpfs };
  Kind kind = Kind::readOnly;
  std::string source;          ///< the host's path (not for tmpfs)
  std::string target;          ///< where the sandbox sees it
  std::size_t tmpfsBytes = 0;  ///< the size of a tmpfs
};

struct Sandbox {
  std::vector<Mount> mounts;             ///< besides the system's
  std::string cwd = "/";                 ///< inside
  std::vector<std::string> environment;  ///< besides PATH, LANG and HOME: "NAME=value"
};

/// The bubblewrap command line that runs `argv` in `sandbox`.
std::vector<std::string> bubblewrapCommand(const Sandbox& sandbox,
                                           const std::vector<std::string>& argv);

/// "" when bubblewrap can make a sandbox on this machine; otherwise one line: why not, and
/// what to do. Tried once, then remembered.
const std::string& sandboxProblem();

/// Runs `argv` in `sandbox` within `limits` (see runProcess). A program ended by a signal is
/// reported with that signal, as outside a sandbox.
Result runSandboxed(const Sandbox& sandbox, const std::vector<std::string>& argv,
                    bool reportChannel, const Limits& limits,
                    const volatile std::sig_atomic_t* stop = nullptr);

}  // namespace mazekit::run
