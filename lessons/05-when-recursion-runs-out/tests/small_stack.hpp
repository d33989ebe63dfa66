#pragma once
// Running code on a stack of a known size, where running out of it is a failed check and not a
// crash of the test program. Shared by lesson 5's tests.
//
// A program's stack holds one frame for every call not yet returned: a function that calls
// itself 100,000 times deep needs 100,000 frames at once. When the stack is full the program is
// stopped with a segmentation fault. So the code runs in a child process (fork), on a thread
// whose stack is `bytes` long with a guard page below it; touching the guard page is what
// running out of stack looks like, and the child then counts the calls on its stack and tells
// the test.

#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <execinfo.h>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>

namespace lesson {

// What happened to code run on a small stack.
struct StackRun {
  bool overflowed = false;  // it ran out of stack
  long depth = 0;           // then: the calls on the stack when it did, counted
  bool crashed = false;     // it died some other way
  std::string said;         // what the code returned, or how it died
};

namespace small_stack_detail {

inline int& reportFd() {
  static int fd = -1;
  return fd;
}
inline char*& guardLow() {
  static char* p = nullptr;
  return p;
}
inline std::size_t& guardSize() {
  static std::size_t n = 0;
  return n;
}
inline void** frames() {
  static void* buffer[1 << 18];
  return buffer;
}

inline void writeAll(int fd, const char* text, std::size_t n) {
  while (n > 0) {
    const ssize_t written = ::write(fd, text, n);
    if (written <= 0) return;
    text += written;
    n -= static_cast<std::size_t>(written);
  }
}

// On the alternate stack: a fault in the guard page is the stack running out.
inline void onFault(int, siginfo_t* info, void*) {
  char* address = static_cast<char*>(info->si_addr);
  char line[64];
  if (address >= guardLow() && address < guardLow() + guardSize()) {
    const int depth = ::backtrace(frames(), 1 << 18);
    const int n = std::snprintf(line, sizeof line, "overflow %d\n", depth);
    writeAll(reportFd(), line, static_cast<std::size_t>(n));
    ::_exit(3);
  }
  const int n = std::snprintf(line, sizeof line, "crash segmentation fault\n");
  writeAll(reportFd(), line, static_cast<std::size_t>(n));
  ::_exit(4);
}

struct ThreadWork {
  std::function<std::string()> work;
  std::string result;
  std::string error;
};

inline void* runThread(void* argument) {
  auto* job = static_cast<ThreadWork*>(argument);
  // The fault handler needs a stack of its own: the thread's is full when it runs.
  static char alternate[1 << 16];
  stack_t stack{};
  stack.ss_sp = alternate;
  stack.ss_size = sizeof alternate;
  stack_t before{};
  ::sigaltstack(&stack, &before);
  try {
    job->result = job->work();
  } catch (const std::exception& e) {
    job->error = e.what();
  }
  // Give the thread back the alternate stack it had: a sanitizer frees its own when the thread
  // ends, and must not find this one there.
  ::sigaltstack(&before, nullptr);
  return nullptr;
}

}  // namespace small_stack_detail

// Runs `work` (a function returning a string, e.g. a summary of a maze it made) on a stack of
// `bytes`, in a child process. A Linux program's main stack is usually 8 MiB; a thread's on
// Windows 1 MiB.
inline StackRun runOnStackOf(std::size_t bytes, const std::function<std::string()>& work) {
  namespace d = small_stack_detail;
  int pipeFds[2];
  if (::pipe(pipeFds) != 0) throw std::runtime_error("runOnStackOf: pipe failed");
  std::fflush(nullptr);  // what the test printed so far is printed once, by the parent
  const pid_t child = ::fork();
  if (child < 0)
    throw std::runtime_error(std::string("runOnStackOf: fork failed: ") + std::strerror(errno));
  if (child == 0) {
    ::close(pipeFds[0]);
    d::reportFd() = pipeFds[1];
    ::backtrace(d::frames(), 1);  // loads what backtrace needs now, not in the fault handler
    const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const std::size_t size = (bytes + page - 1) / page * page;
    void* memory =
        ::mmap(nullptr, size + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) ::_exit(5);
    ::mprotect(memory, page, PROT_NONE);  // the guard page, below the stack
    d::guardLow() = static_cast<char*>(memory);
    d::guardSize() = page;
    struct sigaction action {};
    action.sa_sigaction = d::onFault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGSEGV, &action, nullptr);
    ::sigaction(SIGBUS, &action, nullptr);

    d::ThreadWork job{work, {}, {}};
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstack(&attributes, static_cast<char*>(memory) + page, size);
    pthread_t thread;
    if (pthread_create(&thread, &attributes, d::runThread, &job) != 0) ::_exit(5);
    pthread_join(thread, nullptr);
    const std::string line =
        job.error.empty() ? "done " + job.result + "\n" : "threw " + job.error + "\n";
    d::writeAll(pipeFds[1], line.data(), line.size());
    ::_exit(0);
  }
  ::close(pipeFds[1]);
  std::string text;
  char buffer[4096];
  ssize_t n;
  while ((n = ::read(pipeFds[0], buffer, sizeof buffer)) > 0)
    text.append(buffer, static_cast<std::size_t>(n));
  ::close(pipeFds[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  if (!text.empty() && text.back() == '\n') text.pop_back();

  StackRun run;
  if (text.rfind("overflow ", 0) == 0) {
    run.overflowed = true;
    run.depth = std::stol(text.substr(9));
    run.said = "ran out of stack";
  } else if (text.rfind("done ", 0) == 0) {
    run.said = text.substr(5);
  } else if (text.rfind("threw ", 0) == 0) {
    run.crashed = true;
    run.said = "threw an exception: " + text.substr(6);
  } else if (WIFSIGNALED(status)) {
    run.crashed = true;
    run.said = std::string("was stopped by signal ") + std::to_string(WTERMSIG(status)) + " (" +
               ::strsignal(WTERMSIG(status)) + ")";
  } else {
    run.crashed = true;
    run.said = text.empty() ? "ended without a word (exit status " +
                                  std::to_string(WEXITSTATUS(status)) + ")"
                            : text;
  }
  return run;
}

}  // namespace lesson
