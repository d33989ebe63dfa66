// Building and running a student's step (see student/runner.hpp).
#include <poll.h>
#include <sys/file.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "student/runner.hpp"
#include "student/student.hpp"

namespace mazekit::student {
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

void killGroup(pid_t pid) {
  ::kill(-pid, SIGKILL);
  ::kill(pid, SIGKILL);
}

}  // namespace

std::string signalName(int signal) {
  switch (signal) {
    case SIGSEGV: return "SIGSEGV, a bad memory access";
    case SIGABRT: return "SIGABRT, the program aborted";
    case SIGFPE: return "SIGFPE, a division by zero or bad arithmetic";
    case SIGILL: return "SIGILL";
    case SIGBUS: return "SIGBUS, a bad memory access";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    default: return "signal " + std::to_string(signal);
  }
}

ProcessResult runProcess(const std::vector<std::string>& argv,
                         const std::vector<std::pair<std::string, std::string>>& env,
                         double timeoutSeconds, std::size_t maxOutput,
                         const volatile std::sig_atomic_t* stop) {
  if (argv.empty()) throw std::invalid_argument("runProcess: no program");
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    throw std::system_error(errno, std::generic_category(), "cannot make a pipe");
  }
  // A second pipe tells the parent whether exec failed.
  int execFds[2];
  if (::pipe2(execFds, O_CLOEXEC) != 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    throw std::system_error(errno, std::generic_category(), "cannot make a pipe");
  }
  std::vector<std::vector<char>> storage;
  for (const std::string& a : argv) storage.emplace_back(a.begin(), a.end()), storage.back().push_back('\0');
  std::vector<char*> args;
  for (auto& s : storage) args.push_back(s.data());
  args.push_back(nullptr);

  const pid_t pid = ::fork();
  if (pid < 0) {
    const int error = errno;
    for (const int fd : {fds[0], fds[1], execFds[0], execFds[1]}) ::close(fd);
    throw std::system_error(error, std::generic_category(), "cannot start '" + argv[0] + "'");
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    const int devNull = ::open("/dev/null", O_RDONLY);
    if (devNull >= 0) ::dup2(devNull, 0);
    ::dup2(fds[1], 1);
    ::dup2(fds[1], 2);
    for (const auto& [name, value] : env) ::setenv(name.c_str(), value.c_str(), 1);
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGPIPE, SIG_DFL);
    ::execvp(args[0], args.data());
    const int error = errno;
    ssize_t written = ::write(execFds[1], &error, sizeof error);
    (void)written;
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also from here, so that killing the group works at once
  ::close(fds[1]);
  ::close(execFds[1]);
  int execError = 0;
  ssize_t got = 0;
  do {
    got = ::read(execFds[0], &execError, sizeof execError);
  } while (got < 0 && errno == EINTR);
  ::close(execFds[0]);
  if (got == static_cast<ssize_t>(sizeof execError)) {
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    throw std::runtime_error("cannot run '" + argv[0] + "': " + std::strerror(execError));
  }

  ProcessResult result;
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeoutSeconds));
  char buffer[65536];
  bool open = true;
  while (open) {
    if (stop != nullptr && *stop != 0) {
      result.interrupted = true;
      killGroup(pid);
      break;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      result.timedOut = true;
      killGroup(pid);
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 200)));
    if (ready < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (ready == 0) continue;
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      break;
    }
    if (n == 0) {
      open = false;
      break;
    }
    const std::size_t room = maxOutput > result.output.size() ? maxOutput - result.output.size() : 0;
    const std::size_t keep = std::min(room, static_cast<std::size_t>(n));
    result.output.append(buffer, keep);
    if (keep < static_cast<std::size_t>(n)) result.truncated = true;
  }
  ::close(fds[0]);
  int status = 0;
  // The output is closed: the program has ended or is ending. Wait, within the time limit.
  while (true) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) break;
    if (!result.timedOut && !result.interrupted && Clock::now() >= deadline) {
      result.timedOut = true;
      killGroup(pid);
    }
    if (!result.interrupted && stop != nullptr && *stop != 0) {
      result.interrupted = true;
      killGroup(pid);
    }
    ::usleep(5000);
  }
  if (result.timedOut || result.interrupted) return result;
  if (WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  return result;
}

Checker::Checker(Kit kit, fs::path pictures, double timeLimitSeconds)
    : kit_(std::move(kit)), pictures_(std::move(pictures)), timeLimit_(timeLimitSeconds) {}

void Checker::requireBuildTree() const {
  if (!fs::exists(kit_.build / "CMakeCache.txt")) {
    throw std::runtime_error("the kit is not built yet (no build tree at '" + kit_.build.string() +
                             "'): build it once with `cmake --preset dev && cmake --build build/dev` "
                             "in '" + kit_.source.string() + "', then run mazekit again");
  }
}

fs::path Checker::picture(const Lesson& lesson, const Step& step) const {
  return pictures_ / lesson.id / (step.id + ".png");
}

std::string Checker::shown(const fs::path& path) const {
  return relativeTo(path.lexically_normal().string(), {kit_.source});
}

namespace {

// One mazekit at a time builds in a build tree (two ninjas in one tree spoil its logs): a
// second `mazekit` (a watch in another terminal) waits for the first.
class BuildLock {
 public:
  explicit BuildLock(const fs::path& build) {
    fd_ = ::open((build / ".mazekit-student.lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ >= 0) {
      while (::flock(fd_, LOCK_EX) != 0 && errno == EINTR) {
      }
    }
  }
  ~BuildLock() {
    if (fd_ >= 0) ::close(fd_);
  }
  BuildLock(const BuildLock&) = delete;
  BuildLock& operator=(const BuildLock&) = delete;

 private:
  int fd_ = -1;
};

std::vector<std::pair<std::string, std::string>> plainLocale() {
  return {{"LC_ALL", "C"}, {"LANG", "C"}, {"GCC_COLORS", ""}, {"CLICOLOR_FORCE", "0"}};
}

}  // namespace

bool Checker::buildAll(const Lesson& lesson, const std::vector<const Step*>& steps,
                       const volatile std::sig_atomic_t* stop) const {
  requireBuildTree();
  const BuildLock lock(kit_.build);
  std::vector<std::string> argv = {kit_.cmake, "--build", kit_.build.string(), "--target"};
  for (const Step* step : steps) argv.push_back(lesson.exerciseTarget(*step));
  return runProcess(argv, plainLocale(), 900.0, 1 << 20, stop).ok();
}

StepResult Checker::check(const Lesson& lesson, const Step& step,
                          const volatile std::sig_atomic_t* stop) const {
  requireBuildTree();
  const std::vector<fs::path> roots = {kit_.source, kit_.build};
  const std::string target = lesson.exerciseTarget(step);
  StepResult result;
  const BuildLock lock(kit_.build);

  // Build only this step's program: ninja rebuilds nothing that is up to date.
  const ProcessResult build = runProcess(
      {kit_.cmake, "--build", kit_.build.string(), "--target", target}, plainLocale(), 900.0,
      1 << 20, stop);
  if (build.interrupted) {
    result.interrupted = true;
    result.summary = "interrupted";
    return result;
  }
  if (build.timedOut) {
    result.summary = "the build took longer than 15 minutes";
    return result;
  }
  if (!build.ok()) {
    if (build.output.find("unknown target") != std::string::npos) {
      throw std::runtime_error("the build tree '" + kit_.build.string() + "' has no target '" +
                               target + "': configure it again with `cmake --preset dev` in '" +
                               kit_.source.string() + "'");
    }
    result.summary = "does not compile";
    if (const auto error = firstBuildError(build.output, roots)) {
      result.detail.push_back(error->text());
    } else {
      result.detail.push_back(shorten(build.output.substr(build.output.size() > 400 ? build.output.size() - 400 : 0), 200));
    }
    return result;
  }

  // Run it: the test draws the student's picture when MAZEKIT_PICTURES is set. An old
  // picture is removed first, so that the picture shown is this run's.
  const fs::path png = picture(lesson, step);
  std::error_code ec;
  for (const char* ext : {".png", ".svg", ".log"}) fs::remove(fs::path(png).replace_extension(ext), ec);
  const fs::path program = kit_.build / "lessons" / target;
  auto env = plainLocale();
  env.emplace_back("MAZEKIT_PICTURES", pictures_.string());
  const ProcessResult run =
      runProcess({program.string(), "--use-colour", "no"}, env, timeLimit_, 1 << 20, stop);
  if (fs::exists(png, ec)) result.picture = png;
  if (run.interrupted) {
    result.interrupted = true;
    result.summary = "interrupted";
    return result;
  }
  if (run.timedOut) {
    std::ostringstream limit;
    limit << timeLimit_;
    result.summary = "timed out";
    result.detail.push_back("the test did not finish within " + limit.str() +
                            " s: look for a loop that never ends");
    return result;
  }
  const auto failed = firstFailedCheck(run.output, roots);
  if (run.signal != 0) {
    result.summary = "crashed (signal " + std::to_string(run.signal) + ", " + signalName(run.signal) + ")";
    if (failed) result.detail = failed->lines();
    return result;
  }
  if (run.exitCode == 0 && allTestsPassed(run.output)) {
    result.green = true;
    result.summary = "passes";
    return result;
  }
  if (failed) {
    result.summary = "a check failed";
    result.detail = failed->lines();
  } else if (run.exitCode == 0) {
    result.summary = "the test stopped before it finished";
    result.detail.push_back("the program ended without Catch2's \"All tests passed\": does your code call exit()?");
  } else {
    result.summary = "the test failed (exit status " + std::to_string(run.exitCode) + ")";
    std::string tail = run.output.substr(run.output.size() > 300 ? run.output.size() - 300 : 0);
    result.detail.push_back(shorten(tail, 200));
  }
  return result;
}

}  // namespace mazekit::student
