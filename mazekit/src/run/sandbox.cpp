// The bubblewrap sandbox (see sandbox.hpp).
#include "run/sandbox.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>

namespace mazekit::run {
namespace {

constexpr const char* bubblewrap = "/usr/bin/bwrap";

bool isSymlink(const std::string& path, std::string& target) {
  std::error_code ec;
  if (!std::filesystem::is_symlink(path, ec)) return false;
  target = std::filesystem::read_symlink(path, ec).string();
  return !ec;
}

}  // namespace

std::vector<std::string> bubblewrapCommand(const Sandbox& sandbox,
                                           const std::vector<std::string>& argv) {
  std::vector<std::string> cmd{bubblewrap,
                               "--unshare-all",
                               "--unshare-user",
                               "--uid",
                               "65534",
                               "--gid",
                               "65534",
                               "--cap-drop",
                               "ALL",
                               "--disable-userns",
                               "--die-with-parent",
                               "--new-session",
                               "--hostname",
                               "mazekit",
                               "--clearenv",
                               "--setenv",
                               "PATH",
                               "/usr/bin:/bin",
                               "--setenv",
                               "LANG",
                               "C.UTF-8",
                               "--setenv",
                               "HOME",
                               sandbox.cwd,
                               "--ro-bind",
                               "/usr",
                               "/usr"};
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
        cmd.insert(cmd.end(), {"--perms", "0700", "--size", std::to_string(m.tmpfsBytes), "--tmpfs",
                               m.target});
        break;
    }
  }
  // The sandbox's own root is read-only too: the only writable places are the ones listed.
  cmd.insert(cmd.end(), {"--remount-ro", "/", "--chdir", sandbox.cwd, "--"});
  cmd.insert(cmd.end(), argv.begin(), argv.end());
  return cmd;
}

const std::string& sandboxProblem() {
  static const std::string problem = [] {
    const std::string fix =
        "; mazekit grade runs every student in a bubblewrap sandbox: install it (apt-get install "
        "bubblewrap, "
        "or scripts/install-deps.sh) and allow unprivileged user namespaces "
        "(sysctl kernel.unprivileged_userns_clone=1), or grade without a sandbox with --no-sandbox";
    if (::access(bubblewrap, X_OK) != 0)
      return std::string("bubblewrap is not installed (no ") + bubblewrap + ")" + fix;
    Sandbox trial;
    trial.mounts.push_back({Mount::Kind::tmpfs, "", "/work", 1u << 20});
    trial.cwd = "/work";
    Limits limits;
    limits.wallSeconds = 20;
    const Result r = runSandboxed(
        trial, {"/bin/sh", "-c", "echo sandboxed > /work/x && cat /work/x"}, false, limits);
    if (r.exitedWith(0) && r.output == "sandboxed\n") return std::string();
    std::string why = r.error.empty() ? r.output : r.error;
    if (const auto nl = why.find('\n'); nl != std::string::npos) why.resize(nl);
    return "bubblewrap cannot make a sandbox on this machine (" +
           (why.empty() ? "it failed" : why) + ")" + fix;
  }();
  return problem;
}

Result runSandboxed(const Sandbox& sandbox, const std::vector<std::string>& argv,
                    bool reportChannel, const Limits& limits,
                    const volatile std::sig_atomic_t* stop) {
  Command command;
  command.argv = bubblewrapCommand(sandbox, argv);
  command.environment = {"PATH=/usr/bin:/bin", "LANG=C.UTF-8"};
  command.reportChannel = reportChannel;
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
