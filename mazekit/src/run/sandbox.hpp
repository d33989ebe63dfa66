#pragma once
// A sandbox for a student's compiler and step programs: bubblewrap (Debian's `bubblewrap`)
// with every namespace new — no network, its own PID namespace (every descendant dies with
// it), its own user (nobody, no capabilities), a new session, a cleared environment — and a
// mount namespace that shows only the system (/usr and the links to it, read-only), a few
// files of /etc the compiler and fontconfig read, and the folders the caller lists.
//
// bubblewrap is asked once what it can do (its --version and --help): 0.8.0 and newer refuse
// new user namespaces inside (--disable-userns) and size each tmpfs (--size); an older one
// (Ubuntu 22.04 has 0.6.1) gets a seccomp filter that refuses new user namespaces instead,
// and tmpfs without a size. sandboxProtections() says which applied.

#include <cstddef>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "run/process.hpp"

namespace mazekit::run {

struct Mount {
  enum class Kind { readOnly, writable, tmpfs };
  Kind kind = Kind::readOnly;
  std::string source;          ///< the host's path (not for tmpfs)
  std::string target;          ///< where the sandbox sees it
  std::size_t tmpfsBytes = 0;  ///< the size of a tmpfs, where bubblewrap can set one
};

struct Sandbox {
  std::vector<Mount> mounts;             ///< besides the system's
  std::string cwd = "/";                 ///< inside
  std::vector<std::string> environment;  ///< besides PATH, LANG and HOME: "NAME=value"
  std::string bubblewrap;                ///< the bubblewrap to run; empty: bubblewrapPath()
};

/// Where mazekit finds bubblewrap: the environment variable MAZEKIT_BUBBLEWRAP (an absolute
/// path), else /usr/bin/bwrap. Read once.
const std::string& bubblewrapPath();

/// What one bubblewrap program is and can do, from its --version and --help.
struct Bubblewrap {
  std::string path;
  std::string version;            ///< "0.6.1"
  std::set<std::string> options;  ///< every option its --help lists: "--size", "--seccomp", ...
  std::string error;              ///< why it could not be asked; "" when it answered

  bool has(const std::string& option) const { return options.count(option) != 0; }
};

/// The bubblewrap at `path`, asked once, then remembered. Safe to call from several threads.
const Bubblewrap& bubblewrapAt(const std::string& path);

/// The seccomp filter that stands in for --disable-userns where bubblewrap lacks it: a
/// classic-BPF program (struct sock_filter after struct sock_filter), as `bwrap --seccomp FD`
/// reads it. It refuses unshare and clone with CLONE_NEWUSER and setns (EPERM), clone3
/// (ENOSYS, so that the C library falls back to clone, whose flags it can see), and on x86_64
/// x32 calls and other architectures' calls (ENOSYS); it allows everything else. Empty on an
/// architecture it has no filter for (only x86_64 and aarch64 have one).
const std::string& userNamespaceFilter();

/// The bubblewrap command line that runs `argv` in `sandbox`. `seccompFd`: the descriptor,
/// as bubblewrap will see it, from which it reads userNamespaceFilter() (-1: none; needed
/// only where this bubblewrap has no --disable-userns).
std::vector<std::string> bubblewrapCommand(const Sandbox& sandbox,
                                           const std::vector<std::string>& argv,
                                           int seccompFd = -1);

/// "" when bubblewrap can make a sandbox on this machine; otherwise one line: the cause
/// (bubblewrap missing, an option it lacks, user namespaces turned off, or bubblewrap's own
/// error) and what to do. Tried once, then remembered: for bubblewrapPath(), or for the
/// bubblewrap at `path`.
const std::string& sandboxProblem();
const std::string& sandboxProblem(const std::string& path);

/// What protects a sandboxed program, in one line for the instructor: "bubblewrap 0.6.1: new
/// namespaces, no network, as nobody, no capabilities; new user namespaces refused by a
/// seccomp filter (no --disable-userns); tmpfs without a size limit (no --size; the memory
/// cgroup bounds it)". "" when no sandbox can be made (see sandboxProblem()).
std::string sandboxProtections();
std::string sandboxProtections(const std::string& path);

/// Why the kernel refuses user namespaces to mazekit, from its settings under `procSys`
/// (normally /proc/sys) for a process that is root or not, with the sysctl that allows them:
/// "" when no setting refuses them. What sandboxProblem() says when bubblewrap fails.
std::string userNamespacesRefused(const std::filesystem::path& procSys, bool root);

/// Runs `argv` in `sandbox` within `limits` (see runProcess). A program ended by a signal is
/// reported with that signal, as outside a sandbox.
Result runSandboxed(const Sandbox& sandbox, const std::vector<std::string>& argv,
                    bool reportChannel, const Limits& limits,
                    const volatile std::sig_atomic_t* stop = nullptr);

/// What a grading command (`grade`, `grade-one`, `autograder`, `submit --grade`) says where
/// mazekit is built without grading (common/platform.hpp: MAZEKIT_LINUX is 0, as on macOS),
/// in one sentence with what to do; mazekit then exits with status 2.
inline std::string gradingLinuxOnly(const std::string& command) {
  return command +
         " runs on Linux only: it builds and runs students' code in a Linux sandbox "
         "(bubblewrap, cgroups), which this system does not have; grade on a Linux machine or "
         "in the kit's container (.devcontainer/, see docs/instructor-guide.md)";
}

}  // namespace mazekit::run
