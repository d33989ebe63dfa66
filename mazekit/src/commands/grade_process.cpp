// Running untrusted step programs: fork, a new process group, setrlimit, poll with a deadline.
#include "grade/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

extern char** environ;

namespace mazekit::grade {
namespace {

void limit(int resource, rlim_t value) {
  rlimit r{value, value};
  setrlimit(resource, &r);
}

}  // namespace

std::string describeSignal(int signal) {
  const char* abbrev = sigabbrev_np(signal);
  const char* text = sigdescr_np(signal);
  std::string name = abbrev != nullptr ? std::string("SIG") + abbrev : "signal " + std::to_string(signal);
  return text != nullptr ? name + " (" + text + ")" : name;
}

ProcessResult runProcess(const std::vector<std::string>& argv, const std::filesystem::path& cwd,
                         const std::vector<std::string>& extraEnvironment, const Limits& limits) {
  ProcessResult result;
  // Everything the child needs is prepared before fork: after it, only async-signal-safe calls.
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  std::vector<std::string> envStrings;
  for (char** e = environ; *e != nullptr; ++e) envStrings.emplace_back(*e);
  for (const auto& e : extraEnvironment) envStrings.push_back(e);
  std::vector<char*> env;
  for (auto& e : envStrings) env.push_back(e.data());
  env.push_back(nullptr);
  const std::string dir = cwd.string();

  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    result.error = std::string("cannot make a pipe: ") + std::strerror(errno);
    return result;
  }
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    result.error = std::string("cannot fork: ") + std::strerror(errno);
    close(fds[0]);
    close(fds[1]);
    return result;
  }
  if (pid == 0) {
    setpgid(0, 0);
    const int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0) dup2(devnull, 0);
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    if (chdir(dir.c_str()) != 0) _exit(126);
    limit(RLIMIT_CPU, static_cast<rlim_t>(limits.cpuSeconds));
    if (limits.addressSpaceBytes > 0) limit(RLIMIT_AS, limits.addressSpaceBytes);
    limit(RLIMIT_FSIZE, limits.fileBytes);
    limit(RLIMIT_CORE, 0);
    signal(SIGPIPE, SIG_DFL);
    execve(args[0], args.data(), env.data());
    _exit(127);
  }
  setpgid(pid, pid);  // as the child does: whichever runs first
  close(fds[1]);
  fcntl(fds[0], F_SETFL, O_NONBLOCK);
  result.started = true;

  const auto deadline = start + std::chrono::duration<double>(limits.wallSeconds);
  int status = 0;
  bool exited = false;
  bool outputEnded = false;
  char buffer[8192];
  auto drain = [&] {
    for (;;) {
      const ssize_t n = read(fds[0], buffer, sizeof buffer);
      if (n <= 0) return n == 0;  // true at end of output
      const std::size_t room = limits.outputBytes - std::min(limits.outputBytes, result.output.size());
      result.output.append(buffer, std::min<std::size_t>(room, static_cast<std::size_t>(n)));
      if (static_cast<std::size_t>(n) > room) result.outputTruncated = true;
    }
  };
  for (;;) {
    pollfd p{fds[0], POLLIN, 0};
    if (outputEnded) {
      poll(nullptr, 0, 20);  // it closed its output but still runs: just wait
    } else {
      poll(&p, 1, 20);
      outputEnded = drain();
    }
    const pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid) {
      exited = true;
      if (!outputEnded) drain();
      break;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      result.timedOut = true;
      break;
    }
  }
  // Whatever it left behind in its group goes too.
  kill(-pid, SIGKILL);
  if (!exited) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
  }
  close(fds[0]);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!result.timedOut) {
    if (WIFEXITED(status)) {
      result.exitCode = WEXITSTATUS(status);
      if (result.exitCode == 127 && result.output.empty()) result.error = "could not start " + argv[0];
    } else if (WIFSIGNALED(status)) {
      result.signal = WTERMSIG(status);
      // RLIMIT_CPU ends a program with SIGXCPU (then SIGKILL): that is a timeout too.
      if (result.signal == SIGXCPU) result.timedOut = true;
    }
  }
  return result;
}

}  // namespace mazekit::grade
