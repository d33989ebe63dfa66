// The bubblewrap sandbox (see sandbox.hpp).
#include "run/sandbox.hpp"

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "run/cgroup.hpp"

namespace mazekit::run {
namespace {

constexpr const char* defaultBubblewrap = "/usr/bin/bwrap";

// The options mazekit's sandbox cannot do without (bubblewrap 0.5.0 has them all; --clearenv
// and --perms came in 0.5.0). --disable-userns and --size are used where present.
const char* const neededOptions[] = {
    "--unshare-all", "--unshare-user", "--uid",      "--gid",    "--cap-drop", "--die-with-parent",
    "--new-session", "--hostname",     "--clearenv", "--setenv", "--ro-bind",  "--ro-bind-try",
    "--bind",        "--symlink",      "--proc",     "--dev",    "--tmpfs",    "--perms",
    "--remount-ro",  "--chdir"};

bool isSymlink(const std::string& path, std::string& target) {
  std::error_code ec;
  if (!std::filesystem::is_symlink(path, ec)) return false;
  target = std::filesystem::read_symlink(path, ec).string();
  return !ec;
}

std::string firstLine(std::string text) {
  if (const auto nl = text.find('\n'); nl != std::string::npos) text.resize(nl);
  return text;
}

// The path as an instructor would look for it: where it came from when not the default.
std::string named(const std::string& path) {
  return path == defaultBubblewrap ? path : path + " (MAZEKIT_BUBBLEWRAP)";
}

// Where bubblewrap has no --disable-userns, the filter takes its place (when there is one).
bool needsFilter(const Bubblewrap& bubblewrap) {
  return !bubblewrap.has("--disable-userns") && !userNamespaceFilter().empty();
}

Bubblewrap askBubblewrap(const std::string& path) {
  Bubblewrap bubblewrap;
  bubblewrap.path = path;
  Limits limits;
  limits.wallSeconds = 30;
  const auto ask = [&](const std::string& option) {
    return runProcess({{path, option}, {}, {"PATH=/usr/bin:/bin", "LANG=C.UTF-8"}, false}, limits);
  };
  const Result version = ask("--version");
  const std::string said = firstLine(version.error.empty() ? version.output : version.error);
  const std::string prefix = "bubblewrap ";
  if (!version.exitedWith(0) || said.compare(0, prefix.size(), prefix) != 0) {
    bubblewrap.error = "its --version said '" + said + "', not 'bubblewrap' and a version";
    return bubblewrap;
  }
  bubblewrap.version = said.substr(prefix.size());
  // Each option of --help starts a line, after spaces: "    --size BYTES    Set size of ...".
  const Result help = ask("--help");
  std::istringstream lines(help.output);
  for (std::string line; std::getline(lines, line);) {
    const auto start = line.find_first_not_of(' ');
    if (start == 0 || start == std::string::npos || line.compare(start, 2, "--") != 0) continue;
    bubblewrap.options.insert(line.substr(start, line.find_first_of(" \t", start) - start));
  }
  if (!help.exitedWith(0) || bubblewrap.options.empty())
    bubblewrap.error = "its --help listed no options";
  return bubblewrap;
}

// A classic-BPF program with named places to jump to: each jump is written with the place it
// goes to, and counted out (forward, in instructions) once every place is known.
class FilterProgram {
 public:
  enum Place { wrongArchitecture, checkFlags, refuse, noSuchCall, placeCount };

  void load(std::uint32_t offset) { add(BPF_LD | BPF_W | BPF_ABS, offset); }
  void giveBack(std::uint32_t action) { add(BPF_RET | BPF_K, action); }
  /// Jumps to `to` when the loaded word passes `test` (BPF_JEQ, BPF_JGE, BPF_JSET) with `k`.
  void jumpIf(std::uint16_t test, std::uint32_t k, Place to) { jump(test, k, to, true); }
  void jumpUnless(std::uint16_t test, std::uint32_t k, Place to) { jump(test, k, to, false); }
  void place(Place p) { at_[p] = code_.size(); }

  /// The program as bubblewrap reads it.
  std::string bytes() const {
    std::vector<sock_filter> code = code_;
    for (const Jump& j : jumps_) {
      const std::size_t offset = at_[j.to] - (j.from + 1);
      if (offset > 255) return std::string();  // out of a jump's reach: no filter
      (j.whenTrue ? code[j.from].jt : code[j.from].jf) = static_cast<std::uint8_t>(offset);
    }
    return std::string(reinterpret_cast<const char*>(code.data()), code.size() * sizeof code[0]);
  }

 private:
  struct Jump {
    std::size_t from;
    Place to;
    bool whenTrue;
  };
  void add(std::uint16_t op, std::uint32_t k) { code_.push_back(sock_filter{op, 0, 0, k}); }
  void jump(std::uint16_t test, std::uint32_t k, Place to, bool whenTrue) {
    jumps_.push_back({code_.size(), to, whenTrue});
    add(static_cast<std::uint16_t>(BPF_JMP | test | BPF_K), k);
  }
  std::vector<sock_filter> code_;
  std::vector<Jump> jumps_;
  std::size_t at_[placeCount] = {};
};

std::string compileUserNamespaceFilter() {
#if (defined(__x86_64__) || defined(__aarch64__)) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#if defined(__x86_64__)
  const std::uint32_t architecture = AUDIT_ARCH_X86_64;
#else
  const std::uint32_t architecture = AUDIT_ARCH_AARCH64;
#endif
#ifdef __NR_clone3
  const std::uint32_t clone3 = __NR_clone3;
#else
  const std::uint32_t clone3 = 435;  // the same on every architecture
#endif
  using P = FilterProgram;
  P program;
  // A call of another architecture (int 0x80 on x86_64, 32-bit Arm on aarch64) has other
  // numbers: none is allowed.
  program.load(offsetof(seccomp_data, arch));
  program.jumpUnless(BPF_JEQ, architecture, P::wrongArchitecture);
  program.load(offsetof(seccomp_data, nr));
#if defined(__x86_64__)
  program.jumpIf(BPF_JGE, __X32_SYSCALL_BIT, P::noSuchCall);  // x32's: the same calls again
#endif
  program.jumpIf(BPF_JEQ, clone3, P::noSuchCall);  // its flags are in memory, out of sight
  program.jumpIf(BPF_JEQ, __NR_setns, P::refuse);
  program.jumpIf(BPF_JEQ, __NR_unshare, P::checkFlags);
  program.jumpIf(BPF_JEQ, __NR_clone, P::checkFlags);
  program.giveBack(SECCOMP_RET_ALLOW);
  // unshare's and clone's flags: the first argument, whose low half holds CLONE_NEWUSER.
  program.place(P::checkFlags);
  program.load(offsetof(seccomp_data, args));
  program.jumpIf(BPF_JSET, CLONE_NEWUSER, P::refuse);
  program.giveBack(SECCOMP_RET_ALLOW);
  program.place(P::refuse);
  program.giveBack(SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA));
  program.place(P::wrongArchitecture);
  program.place(P::noSuchCall);
  program.giveBack(SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA));
  return program.bytes();
#else
  return std::string();
#endif
}

// The filter in a pipe for bubblewrap to read to its end: the read end, or none.
Fd filterPipe(std::string& error) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    error = std::string("cannot make a pipe: ") + std::strerror(errno);
    return Fd();
  }
  Fd readEnd(fds[0]);
  const Fd writeEnd(fds[1]);
  const std::string& filter = userNamespaceFilter();  // far less than a pipe holds
  for (std::size_t done = 0; done < filter.size();) {
    const ssize_t n = ::write(writeEnd.get(), filter.data() + done, filter.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = std::string("cannot write the seccomp filter: ") + std::strerror(errno);
      return Fd();
    }
    done += static_cast<std::size_t>(n);
  }
  return readEnd;
}

std::string readSetting(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string value;
  in >> value;
  return value;
}

// The "Seccomp:" line of /proc/self/status: 2 when a filter (a container's) holds mazekit.
bool underSeccompFilter() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("Seccomp:", 0) == 0) return line.find('2') != std::string::npos;
  }
  return false;
}

// What the options told us of the bubblewrap at `path`, before it is tried: empty when it may
// make mazekit's sandbox. `withoutOne` ends every answer (how to grade without one).
std::string installedProblem(const std::string& path, const std::string& withoutOne) {
  if (!std::filesystem::path(path).is_absolute()) {
    return "MAZEKIT_BUBBLEWRAP is '" + path + "', not an absolute path: give bubblewrap's, like " +
           defaultBubblewrap + withoutOne;
  }
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    return (path == defaultBubblewrap ? "bubblewrap is not installed (no " + path + ")"
                                      : "bubblewrap is not installed at " + named(path)) +
           ": install it (apt-get install bubblewrap, or scripts/install-deps.sh), or name "
           "where it is with MAZEKIT_BUBBLEWRAP" +
           withoutOne;
  }
  if (!S_ISREG(info.st_mode) || ::access(path.c_str(), X_OK) != 0)
    return named(path) + " is not a program mazekit can run" + withoutOne;
  const Bubblewrap& bubblewrap = bubblewrapAt(path);
  if (!bubblewrap.error.empty())
    return named(path) + " is not bubblewrap: " + bubblewrap.error + withoutOne;
  for (const char* option : neededOptions) {
    if (!bubblewrap.has(option)) {
      return "bubblewrap " + bubblewrap.version + " at " + named(path) + " has no " + option +
             ", which mazekit's sandbox needs: install bubblewrap 0.5.0 or newer" + withoutOne;
    }
  }
  if (needsFilter(bubblewrap) && !bubblewrap.has("--seccomp")) {
    return "bubblewrap " + bubblewrap.version + " at " + named(path) +
           " has neither --disable-userns nor --seccomp, one of which mazekit's sandbox needs: "
           "install bubblewrap 0.5.0 or newer" +
           withoutOne;
  }
  return std::string();
}

std::string findProblem(const std::string& path) {
  const std::string withoutOne =
      "; or grade without a sandbox (mazekit grade --no-sandbox, mazekit grade-one --isolation "
      "user; see docs/instructor-guide.md)";
  if (std::string problem = installedProblem(path, withoutOne); !problem.empty()) return problem;

  // Then a sandbox tried: what it says when it cannot be made names the cause.
  Sandbox trial;
  trial.mounts.push_back({Mount::Kind::tmpfs, "", "/work", 1u << 20});
  trial.cwd = "/work";
  trial.bubblewrap = path;
  Limits limits;
  limits.wallSeconds = 20;
  const Result r = runSandboxed(trial, {"/bin/sh", "-c", "echo sandboxed > /work/x && cat /work/x"},
                                false, limits);
  if (r.exitedWith(0) && r.output == "sandboxed\n") return std::string();
  const std::string said = firstLine(r.error.empty() ? r.output : r.error);
  const std::string bwrap = "bubblewrap " + bubblewrapAt(path).version + " at " + named(path);
  if (said.find("Unknown option") != std::string::npos) {
    return bwrap + " refused an option mazekit gave it (" + said +
           "): mazekit should have asked it first; please report this" + withoutOne;
  }
  if (const std::string refused = userNamespacesRefused("/proc/sys", ::geteuid() == 0);
      !refused.empty()) {
    return bwrap + " cannot make a sandbox: " + refused + withoutOne;
  }
  return bwrap +
         " cannot make a sandbox on this machine (it said: " + (said.empty() ? "nothing" : said) +
         ")" +
         (underSeccompFilter()
              ? "; mazekit runs under a seccomp filter here, as in a container, whose rules may "
                "refuse the user namespaces bubblewrap needs"
              : "") +
         withoutOne;
}

}  // namespace

const std::string& bubblewrapPath() {
  static const std::string path = [] {
    const char* set = std::getenv("MAZEKIT_BUBBLEWRAP");
    return set != nullptr && *set != '\0' ? std::string(set) : std::string(defaultBubblewrap);
  }();
  return path;
}

const Bubblewrap& bubblewrapAt(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, Bubblewrap> asked;  // a map's elements never move
  const std::lock_guard<std::mutex> lock(mutex);
  auto found = asked.find(path);
  if (found == asked.end()) found = asked.emplace(path, askBubblewrap(path)).first;
  return found->second;
}

const std::string& userNamespaceFilter() {
  static const std::string filter = compileUserNamespaceFilter();
  return filter;
}

// bubblewrap's arguments for one run: long because the sandbox is that list (namespaces, the
// read-only system and kit, the work folder, the limits), which reads best top to bottom.
std::vector<std::string> bubblewrapCommand(const Sandbox& sandbox,
                                           const std::vector<std::string>& argv, int seccompFd) {
  const std::string& path = sandbox.bubblewrap.empty() ? bubblewrapPath() : sandbox.bubblewrap;
  const Bubblewrap& bubblewrap = bubblewrapAt(path);
  std::vector<std::string> cmd{path,
                               "--unshare-all",
                               "--unshare-user",
                               "--uid",
                               "65534",
                               "--gid",
                               "65534",
                               "--cap-drop",
                               "ALL",
                               "--die-with-parent",
                               "--new-session",
                               "--hostname",
                               "mazekit",
                               "--clearenv"};
  // No new user namespace inside, where a program would have every capability again.
  if (bubblewrap.has("--disable-userns")) {
    cmd.push_back("--disable-userns");
  } else if (seccompFd >= 0) {
    cmd.insert(cmd.end(), {"--seccomp", std::to_string(seccompFd)});
  }
  cmd.insert(cmd.end(), {"--setenv", "PATH", "/usr/bin:/bin", "--setenv", "LANG", "C.UTF-8",
                         "--setenv", "HOME", sandbox.cwd, "--ro-bind", "/usr", "/usr"});
  // /bin, /lib, ... as the host has them: links into /usr (merged /usr), or folders.
  for (const std::string top : {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
    std::string target;
    if (isSymlink(top, target)) {
      cmd.insert(cmd.end(), {"--symlink", target, top});
    } else if (std::filesystem::is_directory(top)) {
      cmd.insert(cmd.end(), {"--ro-bind", top, top});
    }
  }
  // What the dynamic loader, the compiler's alternatives and fontconfig read from /etc.
  for (const std::string etc : {"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d",
                                "/etc/alternatives", "/etc/fonts"}) {
    cmd.insert(cmd.end(), {"--ro-bind-try", etc, etc});
  }
  cmd.insert(cmd.end(), {"--proc", "/proc", "--dev", "/dev"});
  for (const std::string& e : sandbox.environment) {
    const auto eq = e.find('=');
    cmd.insert(cmd.end(),
               {"--setenv", e.substr(0, eq), eq == std::string::npos ? "" : e.substr(eq + 1)});
  }
  for (const Mount& m : sandbox.mounts) {
    switch (m.kind) {
      case Mount::Kind::readOnly:
        cmd.insert(cmd.end(), {"--ro-bind", m.source, m.target});
        break;
      case Mount::Kind::writable:
        cmd.insert(cmd.end(), {"--bind", m.source, m.target});
        break;
      case Mount::Kind::tmpfs:
        cmd.insert(cmd.end(), {"--perms", "0700"});
        // Without --size the tmpfs has the kernel's default size; its pages are charged to
        // the memory cgroup, where there is one.
        if (bubblewrap.has("--size"))
          cmd.insert(cmd.end(), {"--size", std::to_string(m.tmpfsBytes)});
        cmd.insert(cmd.end(), {"--tmpfs", m.target});
        break;
    }
  }
  // The sandbox's own root is read-only too: the only writable places are the ones listed.
  cmd.insert(cmd.end(), {"--remount-ro", "/", "--chdir", sandbox.cwd, "--"});
  cmd.insert(cmd.end(), argv.begin(), argv.end());
  return cmd;
}

const std::string& sandboxProblem() { return sandboxProblem(bubblewrapPath()); }

const std::string& sandboxProblem(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, std::string> found;  // a map's elements never move
  const std::lock_guard<std::mutex> lock(mutex);
  auto known = found.find(path);
  if (known == found.end()) known = found.emplace(path, findProblem(path)).first;
  return known->second;
}

std::string sandboxProtections() { return sandboxProtections(bubblewrapPath()); }

std::string sandboxProtections(const std::string& path) {
  if (!sandboxProblem(path).empty()) return std::string();
  const Bubblewrap& bubblewrap = bubblewrapAt(path);
  std::string line = "bubblewrap " + bubblewrap.version +
                     ": new namespaces, no network, as nobody, no capabilities; ";
  if (bubblewrap.has("--disable-userns")) {
    line += "new user namespaces refused (--disable-userns)";
  } else if (needsFilter(bubblewrap)) {
    line += "new user namespaces refused by a seccomp filter (no --disable-userns)";
  } else {
    utsname machine{};
    ::uname(&machine);
    line += std::string(
                "new user namespaces NOT refused (no --disable-userns, and no seccomp "
                "filter for ") +
            machine.machine + ")";
  }
  if (bubblewrap.has("--size")) {
    line += "; tmpfs with a size limit (--size)";
  } else if (cgroupSupport().memory) {
    line += "; tmpfs without a size limit (no --size; the memory cgroup bounds it)";
  } else {
    line += "; tmpfs without a size limit (no --size, and no memory cgroup to bound it)";
  }
  return line;
}

std::string userNamespacesRefused(const std::filesystem::path& procSys, bool root) {
  if (readSetting(procSys / "user/max_user_namespaces") == "0") {
    return "user namespaces are turned off (user.max_user_namespaces is 0): allow them with "
           "sysctl user.max_user_namespaces=10000";
  }
  // Both settings below hold only for a process without CAP_SYS_ADMIN: not for root.
  if (root) return std::string();
  if (readSetting(procSys / "kernel/unprivileged_userns_clone") == "0") {
    return "unprivileged user namespaces are turned off (kernel.unprivileged_userns_clone is 0): "
           "allow them with sysctl kernel.unprivileged_userns_clone=1";
  }
  if (readSetting(procSys / "kernel/apparmor_restrict_unprivileged_userns") == "1") {
    return "AppArmor restricts unprivileged user namespaces "
           "(kernel.apparmor_restrict_unprivileged_userns is 1, as on Ubuntu 24.04): allow them "
           "with sysctl kernel.apparmor_restrict_unprivileged_userns=0, or give bwrap an "
           "AppArmor profile that allows userns";
  }
  return std::string();
}

Result runSandboxed(const Sandbox& sandbox, const std::vector<std::string>& argv,
                    bool reportChannel, const Limits& limits,
                    const volatile std::sig_atomic_t* stop) {
  Command command;
  command.environment = {"PATH=/usr/bin:/bin", "LANG=C.UTF-8"};
  command.reportChannel = reportChannel;
  const std::string& path = sandbox.bubblewrap.empty() ? bubblewrapPath() : sandbox.bubblewrap;
  Fd filter;  // open until the program has ended: bubblewrap reads it as it starts
  if (needsFilter(bubblewrapAt(path))) {
    Result failed;
    filter = filterPipe(failed.error);
    if (!filter) return failed;
    command.passedFds = {filter.get()};
  }
  command.argv = bubblewrapCommand(sandbox, argv, filter ? command.passedFdNumber(0) : -1);
  Result result = runProcess(command, limits, stop);
  // bubblewrap exits with 128 + N when a signal N ended the program inside.
  if (result.started && result.signal == 0 && result.exitCode > 128 && result.exitCode < 128 + 65) {
    result.signal = result.exitCode - 128;
    result.exitCode = -1;
    if (result.signal == SIGXCPU) result.timedOut = true;
  }
  return result;
}

}  // namespace mazekit::run
