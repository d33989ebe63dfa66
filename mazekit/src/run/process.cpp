// Running a program we do not trust (see process.hpp): fork, a cgroup joined before exec,
// rlimits, poll on its output and report pipes with a deadline and a stop flag, and every
// process of the tree killed at the end.
#include "run/process.hpp"

#include "common/platform.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#if MAZEKIT_LINUX
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#endif

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>

#include "run/cgroup.hpp"

extern char** environ;

namespace mazekit::run {
namespace {

std::mutex forkMutex;  // see holdForks()

using Clock = std::chrono::steady_clock;

void setLimit(int resource, rlim_t soft, rlim_t hard) {
  const rlimit r{soft, hard};
  ::setrlimit(resource, &r);
}

struct Pipe {
  Fd read;
  Fd write;
};

std::optional<Pipe> makePipe(std::string& error) {
  int fds[2];
#if MAZEKIT_LINUX
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    error = std::string("cannot make a pipe: ") + std::strerror(errno);
    return std::nullopt;
  }
#else
  // pipe, then close-on-exec on each end: no fork of runProcess comes in between (it forks
  // only while forkMutex is free), so no child of another thread inherits the ends.
  const std::lock_guard<std::mutex> noFork(forkMutex);
  if (::pipe(fds) != 0) {
    error = std::string("cannot make a pipe: ") + std::strerror(errno);
    return std::nullopt;
  }
  ::fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  ::fcntl(fds[1], F_SETFD, FD_CLOEXEC);
#endif
  return Pipe{Fd(fds[0]), Fd(fds[1])};
}

// Reads what is there now; false at the end of the stream.
bool drain(int fd, std::string& into, std::size_t cap, bool& truncated) {
  char buffer[16384];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n == 0) return false;
    if (n < 0) return errno == EAGAIN || errno == EINTR;
    const std::size_t room = cap - std::min(cap, into.size());
    into.append(buffer, std::min(room, static_cast<std::size_t>(n)));
    if (static_cast<std::size_t>(n) > room) truncated = true;
  }
}

// A program out of time is asked where it is (Command::askWhereBeforeKill): SIGUSR1, then
// what it writes on the report channel until a line ends there, for at most 1.5 s.
void askWhere(pid_t pid, Pipe& report, const Limits& limits, Result& result) {
  if (::kill(pid, SIGUSR1) != 0) return;
  const std::size_t before = result.report.size();
  const auto until = Clock::now() + std::chrono::milliseconds(1500);
  bool open = true;
  while (open && Clock::now() < until) {
    pollfd fd{report.read.get(), POLLIN, 0};
    ::poll(&fd, 1, 10);
    open = drain(report.read.get(), result.report, limits.reportBytes, result.reportTruncated);
    if (result.report.size() > before && result.report.back() == '\n') break;
  }
}

}  // namespace

std::vector<std::string> inheritedEnvironment(const std::vector<std::string>& overrides) {
  const auto name = [](const std::string& entry) { return entry.substr(0, entry.find('=')); };
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry = *e;
    const bool replaced = std::any_of(overrides.begin(), overrides.end(),
                                      [&](const std::string& o) { return name(o) == name(entry); });
    if (!replaced) env.push_back(entry);
  }
  env.insert(env.end(), overrides.begin(), overrides.end());
  return env;
}

#if !MAZEKIT_LINUX
namespace {
// The signals a program may end by, named and described as glibc's sigabbrev_np and
// sigdescr_np do on Linux (which other systems lack): a verdict reads the same everywhere.
struct SignalName {
  int number;
  const char* abbrev;
  const char* text;
};
const SignalName* signalName(int signal) {
  static const SignalName names[] = {{SIGABRT, "ABRT", "Aborted"},
                                     {SIGALRM, "ALRM", "Alarm clock"},
                                     {SIGBUS, "BUS", "Bus error"},
                                     {SIGFPE, "FPE", "Floating point exception"},
                                     {SIGHUP, "HUP", "Hangup"},
                                     {SIGILL, "ILL", "Illegal instruction"},
                                     {SIGINT, "INT", "Interrupt"},
                                     {SIGKILL, "KILL", "Killed"},
                                     {SIGPIPE, "PIPE", "Broken pipe"},
                                     {SIGQUIT, "QUIT", "Quit"},
                                     {SIGSEGV, "SEGV", "Segmentation fault"},
                                     {SIGTERM, "TERM", "Terminated"},
                                     {SIGTRAP, "TRAP", "Trace/breakpoint trap"},
                                     {SIGUSR1, "USR1", "User defined signal 1"},
                                     {SIGUSR2, "USR2", "User defined signal 2"},
                                     {SIGXCPU, "XCPU", "CPU time limit exceeded"},
                                     {SIGXFSZ, "XFSZ", "File size limit exceeded"},
                                     {SIGSYS, "SYS", "Bad system call"}};
  for (const SignalName& name : names) {
    if (name.number == signal) return &name;
  }
  return nullptr;
}
}  // namespace
#endif

std::string describeSignal(int signal) {
#if MAZEKIT_LINUX
  const char* abbrev = sigabbrev_np(signal);
  const char* text = sigdescr_np(signal);
#else
  const SignalName* known = signalName(signal);
  const char* abbrev = known != nullptr ? known->abbrev : nullptr;
  const char* text = known != nullptr ? known->text : nullptr;
#endif
  std::string name =
      abbrev != nullptr ? std::string("SIG") + abbrev : "signal " + std::to_string(signal);
  return text != nullptr ? name + " (" + text + ")" : name;
}

std::string describeLimits() {
  const CgroupSupport& cg = cgroupSupport();
  std::string text = cg.version == 0
                         ? "memory per process (RLIMIT_AS), processes not limited"
                         : std::string("memory") +
                               (cg.memory ? " for the whole step" : " per process (RLIMIT_AS)") +
                               (cg.pids ? ", processes" : ", processes not limited") +
                               (cg.cpu ? ", CPU share" : "") + " through " + cg.describe();
  return text + "; wall time, CPU time per process, file size and output per step";
}

#if MAZEKIT_LINUX
// Whether a process of the user `uid` is alive (a zombie is not: it runs nothing).
bool userHasProcesses(unsigned uid) {
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return false;
  bool found = false;
  while (const dirent* entry = ::readdir(proc)) {
    const std::string name = entry->d_name;
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    struct stat info {};
    if (::stat(("/proc/" + name).c_str(), &info) != 0 || info.st_uid != uid) continue;
    std::ifstream stat("/proc/" + name + "/stat");
    std::string line;
    std::getline(stat, line);
    const auto paren = line.rfind(')');
    if (paren != std::string::npos && paren + 2 < line.size() && line[paren + 2] == 'Z') continue;
    found = true;
    break;
  }
  ::closedir(proc);
  return found;
}

void killUser(unsigned uid) {
  if (uid == 0) return;
  // kill(-1) as that user reaches every process of the user but the killer itself; a process
  // forked meanwhile is caught on a later round.
  for (int round = 0; round < 100 && userHasProcesses(uid); ++round) {
    std::unique_lock<std::mutex> forking(forkMutex);
    const pid_t killer = ::fork();
    if (killer == 0) {
      if (::setuid(uid) != 0) ::_exit(1);
      ::kill(-1, SIGKILL);
      ::_exit(0);
    }
    forking.unlock();
    if (killer < 0) return;
    int status = 0;
    while (::waitpid(killer, &status, 0) < 0 && errno == EINTR) {
    }
    if (round > 0) {
      const timespec pause{0, 2'000'000};
      ::nanosleep(&pause, nullptr);
    }
  }
}

void clearUserLeftovers(unsigned uid) {
  if (uid == 0) return;
  namespace fs = std::filesystem;
  for (const char* shared : {"/tmp", "/var/tmp", "/dev/shm"}) {
    std::error_code ec;
    for (fs::directory_iterator it(shared, ec), end; !ec && it != end; it.increment(ec)) {
      struct stat st {};
      if (::lstat(it->path().c_str(), &st) == 0 && st.st_uid == uid) {
        std::error_code ignored;
        fs::remove_all(it->path(), ignored);
      }
    }
  }
  // System V objects, by the kernel's own index (SHM_STAT and its kin take one).
  shm_info shmInfo{};
  const int lastShm = ::shmctl(0, SHM_INFO, reinterpret_cast<shmid_ds*>(&shmInfo));
  for (int i = 0; i <= lastShm; ++i) {
    shmid_ds ds{};
    const int id = ::shmctl(i, SHM_STAT, &ds);
    if (id >= 0 && ds.shm_perm.uid == uid) ::shmctl(id, IPC_RMID, nullptr);
  }
  msginfo msgInfo{};
  const int lastMsg = ::msgctl(0, MSG_INFO, reinterpret_cast<msqid_ds*>(&msgInfo));
  for (int i = 0; i <= lastMsg; ++i) {
    msqid_ds ds{};
    const int id = ::msgctl(i, MSG_STAT, &ds);
    if (id >= 0 && ds.msg_perm.uid == uid) ::msgctl(id, IPC_RMID, nullptr);
  }
  seminfo semInfo{};
  {
    union {  // semctl's fourth argument, which the caller declares
      int value;
      semid_ds* ds;
      unsigned short* array;
      seminfo* info;
    } arg{};
    arg.info = &semInfo;
    const int lastSem = ::semctl(0, 0, SEM_INFO, arg);
    for (int i = 0; i <= lastSem; ++i) {
      semid_ds ds{};
      arg.ds = &ds;
      const int id = ::semctl(i, 0, SEM_STAT, arg);
      if (id >= 0 && ds.sem_perm.uid == uid) ::semctl(id, 0, IPC_RMID);
    }
  }
}

#else
// Running as another user is grading's (autograder_command.cpp), which is Linux's: runProcess
// refuses a Command with runAsUid, so there is nothing of such a user to kill or clear.
void killUser(unsigned) {}
void clearUserLeftovers(unsigned) {}
#endif

std::unique_lock<std::mutex> holdForks() { return std::unique_lock<std::mutex>(forkMutex); }

namespace {

// What a child needs after fork, made before it: after fork only async-signal-safe calls.
struct ChildPlan {
  std::vector<char*> args;
  std::vector<char*> env;
  std::string dir;
  std::vector<int> joinFds;  ///< the cgroup's cgroup.procs, each written "0" to join it
  int devNull = -1;
  int output = -1;          ///< becomes fds 1 and 2
  int report = -1;          ///< becomes fd 3, or -1
  std::vector<int> passed;  ///< become command.passedFdNumber(k)
  int exec = -1;            ///< written errno when execve fails
  int firstClosed = 0;      ///< every descriptor from here up is closed on exec
  int openMax = 256;
  bool treeMemory = false;     ///< the cgroup limits the memory: no RLIMIT_AS
  bool treeProcesses = false;  ///< the cgroup limits the processes: no RLIMIT_NPROC
};

// The child: joins the cgroup, takes its descriptors and limits, drops to its user, runs.
[[noreturn]] void runChild(const ChildPlan& plan, const Command& command, const Limits& limits) {
  for (const int fd : plan.joinFds) {
    if (::write(fd, "0", 1) != 1) ::_exit(126);
  }
  ::setpgid(0, 0);
  if (plan.devNull >= 0) ::dup2(plan.devNull, 0);
  ::dup2(plan.output, 1);
  ::dup2(plan.output, 2);
  if (plan.report >= 0) ::dup2(plan.report, 3);  // dup2 clears close-on-exec: fd 3 stays open
  for (std::size_t k = 0; k < plan.passed.size(); ++k) {
    if (::dup2(plan.passed[k], command.passedFdNumber(k)) < 0) ::_exit(126);
  }
#if MAZEKIT_LINUX
  if (::close_range(static_cast<unsigned>(plan.firstClosed), ~0U, CLOSE_RANGE_CLOEXEC) != 0) {
    for (int fd = plan.firstClosed; fd < plan.openMax; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
  }
#else
  for (int fd = plan.firstClosed; fd < plan.openMax; ++fd) ::fcntl(fd, F_SETFD, FD_CLOEXEC);
#endif
  if (!plan.dir.empty() && ::chdir(plan.dir.c_str()) != 0) ::_exit(126);
  const auto cpu = static_cast<rlim_t>(std::max(1.0, limits.cpuSeconds + 0.5));
  setLimit(RLIMIT_CPU, cpu, cpu + 1);
  if (limits.memoryBytes > 0 && !plan.treeMemory)
    setLimit(RLIMIT_AS, limits.memoryBytes, limits.memoryBytes);
  const auto processes = static_cast<rlim_t>(limits.processes);
  if (limits.processes > 0 && !plan.treeProcesses) setLimit(RLIMIT_NPROC, processes, processes);
  setLimit(RLIMIT_FSIZE, limits.fileBytes, limits.fileBytes);
  setLimit(RLIMIT_CORE, 0, 0);
#if MAZEKIT_LINUX
  if (command.runAsUid != 0) {
    // RLIMIT_NPROC counts the user's processes: the whole tree's, as a pids cgroup would.
    if (limits.processes > 0) setLimit(RLIMIT_NPROC, processes, processes);
    if (::setgroups(0, nullptr) != 0 || ::setgid(command.runAsGid) != 0 ||
        ::setuid(command.runAsUid) != 0 || ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
      ::_exit(126);
    }
  }
#endif
  ::signal(SIGPIPE, SIG_DFL);
  ::signal(SIGINT, SIG_DFL);
  ::signal(SIGTERM, SIG_DFL);
  ::execve(plan.args[0], plan.args.data(), plan.env.data());
  const int error = errno;
  ssize_t written = ::write(plan.exec, &error, sizeof error);
  (void)written;
  ::_exit(127);
}

// A descriptor that polls readable when the child `pid` has ended (Linux 5.3's pidfd, always
// close-on-exec), or none where the kernel or the system has none: then the child's end is
// noticed by asking, every 2 ms once its pipes have closed.
Fd exitNotice([[maybe_unused]] pid_t pid) {
#if MAZEKIT_LINUX && defined(SYS_pidfd_open)
  return Fd(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
#else
  return Fd();
#endif
}

// Reads its output and report until it has exited and they have ended, the stop flag is set
// or the wall time is up (then, when asked for, where it is). `status` gets how it ended.
// Its end wakes the poll at once (exitNotice), so that a check of four programs does not wait
// a poll's timeout after each of them.
void watchChild(pid_t pid, Pipe& output, std::optional<Pipe>& report, const Command& command,
                const Limits& limits, Clock::time_point start,
                const volatile std::sig_atomic_t* stop, Result& result, int& status, bool& exited) {
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(limits.wallSeconds));
  bool outputOpen = true;
  bool reportOpen = report.has_value();
  const auto drainBoth = [&] {
    if (outputOpen)
      outputOpen =
          drain(output.read.get(), result.output, limits.outputBytes, result.outputTruncated);
    if (reportOpen)
      reportOpen =
          drain(report->read.get(), result.report, limits.reportBytes, result.reportTruncated);
  };
  Fd ended = exitNotice(pid);
  for (;;) {
    pollfd fds[3];
    nfds_t n = 0;
    if (outputOpen) fds[n++] = {output.read.get(), POLLIN, 0};
    if (reportOpen) fds[n++] = {report->read.get(), POLLIN, 0};
    const nfds_t endedAt = n;
    if (ended.get() >= 0) fds[n++] = {ended.get(), POLLIN, 0};
    if (n > 0) {
      ::poll(fds, n, 20);
    } else {
      ::poll(nullptr, 0, 2);
    }
    drainBoth();
    if (!exited && ::waitpid(pid, &status, WNOHANG) == pid) exited = true;
    // Said ended, yet not there to reap: asking, as without a pidfd, keeps the loop from
    // spinning on a descriptor that stays readable.
    if (!exited && ended.get() >= 0 && (fds[endedAt].revents & POLLIN) != 0) ended.reset();
    // Done when it has exited and its output has ended; a descendant that holds the pipes
    // open gets a moment's grace, and is killed after.
    if (exited) {
      const auto exitSeen = Clock::now();
      while ((outputOpen || reportOpen) &&
             Clock::now() - exitSeen < std::chrono::milliseconds(200)) {
        ::poll(nullptr, 0, 5);
        drainBoth();
      }
      return;
    }
    if (stop != nullptr && *stop != 0) {
      result.interrupted = true;
      return;
    }
    if (Clock::now() >= deadline) {
      result.timedOut = true;
      if (command.askWhereBeforeKill && reportOpen) askWhere(pid, *report, limits, result);
      return;
    }
  }
}

// Whatever the program left behind goes too: its process group, everything in its cgroup,
// and, run as a user of its own, every process and shared object of that user.
void endTree(pid_t pid, bool exited, int& status, std::optional<Cgroup>& group,
             const Command& command, Result& result) {
  ::kill(-pid, SIGKILL);
  if (!exited) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  }
  if (group) {
    group->killAll();
    result.outOfMemory = group->outOfMemory();
  }
  if (command.runAsUid != 0) {
    killUser(command.runAsUid);
    clearUserLeftovers(command.runAsUid);
  }
}

// Whether execve failed in the child (it writes its errno on the exec pipe, which closes
// unread when the program starts): then `result.error` says why, and the child is reaped.
bool execFailed(int execRead, pid_t pid, const Command& command, Result& result) {
  int execError = 0;
  ssize_t got = 0;
  do {
    got = ::read(execRead, &execError, sizeof execError);
  } while (got < 0 && errno == EINTR);
  if (got != static_cast<ssize_t>(sizeof execError)) return false;
  int status = 0;
  ::waitpid(pid, &status, 0);
  result.error = "cannot run '" + command.argv[0] + "': " + std::strerror(execError);
  return true;
}

// How the program ended, from waitpid's status.
void endedBy(int status, Result& result) {
  if (WIFEXITED(status)) {
    result.exitCode = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.signal = WTERMSIG(status);
  }
  // RLIMIT_CPU ends a program with SIGXCPU (then SIGKILL): that is a timeout.
  if (result.signal == SIGXCPU) result.timedOut = true;
}

}  // namespace

// One function from the pipes to the end, past 60 lines: it owns every descriptor and the
// cgroup of the run, which must stay open from before the fork until the program has ended.
Result runProcess(const Command& command, const Limits& limits,
                  const volatile std::sig_atomic_t* stop) {
  Result result;
  if (command.argv.empty()) {
    result.error = "no program to run";
    return result;
  }
#if !MAZEKIT_LINUX
  if (command.runAsUid != 0) {
    result.error = "cannot run '" + command.argv[0] +
                   "' as another user: that is grading's, which runs on Linux only";
    return result;
  }
#endif
  ChildPlan plan;
  for (const auto& a : command.argv) plan.args.push_back(const_cast<char*>(a.c_str()));
  plan.args.push_back(nullptr);
  for (const auto& e : command.environment) plan.env.push_back(const_cast<char*>(e.c_str()));
  plan.env.push_back(nullptr);
  plan.dir = command.cwd.string();

  auto output = makePipe(result.error);
  if (!output) return result;
  std::optional<Pipe> report;
  if (command.reportChannel) {
    report = makePipe(result.error);
    if (!report) return result;
  }
  auto exec = makePipe(result.error);  // tells the parent why exec failed
  if (!exec) return result;
  // The descriptors the child writes after its dup2s (exec's) and the ones it passes on, at
  // 10 or above: no dup2 onto 3 to 9 below can close one of them before it is used.
  constexpr int aboveGiven = 10;
  if (command.passedFds.size() > 6) {
    result.error = "at most 6 descriptors can be passed to a program";
    return result;
  }
  const auto copyAbove = [&](int fd) {
    Fd copy(::fcntl(fd, F_DUPFD_CLOEXEC, aboveGiven));
    if (!copy) result.error = std::string("cannot copy a descriptor: ") + std::strerror(errno);
    return copy;
  };
  exec->write = copyAbove(exec->write.get());
  if (!exec->write) return result;
  std::vector<Fd> passed;
  for (const int fd : command.passedFds) {
    passed.push_back(copyAbove(fd));
    if (!passed.back()) return result;
    plan.passed.push_back(passed.back().get());
  }
  std::optional<Cgroup> group = Cgroup::create(limits.memoryBytes, limits.processes, limits.cpus);
  plan.treeMemory = group && cgroupSupport().memory;
  plan.treeProcesses = group.has_value();
  if (group) plan.joinFds = group->joinFds();
  Fd devNull(::open("/dev/null", O_RDONLY | O_CLOEXEC));
  plan.devNull = devNull.get();
  plan.output = output->write.get();
  plan.report = report ? report->write.get() : -1;
  plan.exec = exec->write.get();
  // A child gets only fds 0-2, the report channel and the passed descriptors: the files other
  // threads have open (a classmate's results, a program being keyed) close when it starts its
  // program.
  plan.firstClosed = command.passedFdNumber(passed.size());
  plan.openMax = static_cast<int>(std::clamp(::sysconf(_SC_OPEN_MAX), 256L, 65536L));

  const auto start = Clock::now();
  std::unique_lock<std::mutex> forking(forkMutex);
  const pid_t pid = ::fork();
  if (pid < 0) {
    forking.unlock();
    result.error = std::string("cannot fork: ") + std::strerror(errno);
    return result;
  }
  if (pid == 0) runChild(plan, command, limits);
  forking.unlock();
  devNull = Fd();
  ::setpgid(pid, pid);  // as the child does: whichever runs first
  output->write = Fd();
  if (report) report->write = Fd();
  exec->write = Fd();
  if (execFailed(exec->read.get(), pid, command, result)) return result;
  result.started = true;
  ::fcntl(output->read.get(), F_SETFL, O_NONBLOCK);
  if (report) ::fcntl(report->read.get(), F_SETFL, O_NONBLOCK);

  int status = 0;
  bool exited = false;
  watchChild(pid, *output, report, command, limits, start, stop, result, status, exited);
  endTree(pid, exited, status, group, command, result);
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!result.timedOut && !result.interrupted) endedBy(status, result);
  return result;
}

}  // namespace mazekit::run
