// The stacks the harness notes for the student's own file and line (see trace.hpp). Apart
// from catch_main.cpp: this file defines __cxa_throw, which must not meet <cxxabi.h>'s
// declaration of it.
#include "trace.hpp"

#include <dlfcn.h>
#if __has_include(<link.h>)
#include <link.h>  // ELF (Linux): dl_iterate_phdr finds the program's code
#define MAZEKIT_TRACE_ELF 1
#else
#define MAZEKIT_TRACE_ELF 0  // Mach-O (macOS): no stacks noted, the verdicts are the same
#endif
#include <signal.h>
#include <unistd.h>
#include <unwind.h>

#include <cerrno>
#include <cstdint>

namespace {

constexpr int maxFrames = 48;

// The program's own code, where the student's is: [codeBegin, codeEnd), and what to subtract
// from an address in it to get the address addr2line reads in the file.
std::uintptr_t loadBias = 0;
std::uintptr_t codeBegin = 0;
std::uintptr_t codeEnd = 0;
int reportFd = -1;

struct Frames {
  std::uintptr_t at[maxFrames];
  int count = 0;
};

_Unwind_Reason_Code noteFrame(_Unwind_Context* context, void* into) {
  auto* frames = static_cast<Frames*>(into);
  int beforeInstruction = 0;
  std::uintptr_t ip = _Unwind_GetIPInfo(context, &beforeInstruction);
  // A return address is the instruction after the call: the call is the one before it. An
  // interrupted frame (a signal's) is at the instruction itself.
  if (beforeInstruction == 0 && ip != 0) --ip;
  if (ip >= codeBegin && ip < codeEnd) frames->at[frames->count++] = ip - loadBias;
  return frames->count == maxFrames ? _URC_NORMAL_STOP : _URC_NO_REASON;
}

void capture(Frames& frames) {
  frames.count = 0;
  if (codeEnd == 0) return;
  _Unwind_Backtrace(noteFrame, &frames);
}

// "1a2b 1c40", without allocating (a signal handler writes it): `out` holds at least
// maxFrames * 17 characters.
std::size_t format(const Frames& frames, char* out) {
  std::size_t n = 0;
  for (int i = 0; i < frames.count; ++i) {
    if (i > 0) out[n++] = ' ';
    char digits[16];
    int d = 0;
    std::uintptr_t v = frames.at[i];
    do {
      digits[d++] = "0123456789abcdef"[v & 15];
      v >>= 4;
    } while (v != 0 && d < 16);
    while (d > 0) out[n++] = digits[--d];
  }
  return n;
}

std::string text(const Frames& frames) {
  char buffer[maxFrames * 17 + 1];
  return std::string(buffer, format(frames, buffer));
}

thread_local Frames lastThrow;

#if MAZEKIT_TRACE_ELF
int findProgram(dl_phdr_info* info, std::size_t, void*) {
  // The first object is the program itself.
  loadBias = info->dlpi_addr;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& segment = info->dlpi_phdr[i];
    if (segment.p_type != PT_LOAD || (segment.p_flags & PF_X) == 0) continue;
    const std::uintptr_t begin = info->dlpi_addr + segment.p_vaddr;
    if (codeEnd == 0 || begin < codeBegin) codeBegin = begin;
    if (begin + segment.p_memsz > codeEnd) codeEnd = begin + segment.p_memsz;
  }
  return 1;
}
#endif

void writeAll(const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(reportFd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

// mazekit is about to kill the program for taking too long: where is it?
void stopping(int) {
  const int saved = errno;
  static Frames frames;
  capture(frames);
  static char line[32 + maxFrames * 17];
  static const char prefix[] = "mazekit-trace stopped ";
  std::size_t n = sizeof prefix - 1;
  for (std::size_t i = 0; i < n; ++i) line[i] = prefix[i];
  n += format(frames, line + n);
  line[n++] = '\n';
  writeAll(line, n);
  errno = saved;
}

}  // namespace

namespace mazekit::harness {

void startTracing(int fd) {
#if MAZEKIT_TRACE_ELF
  dl_iterate_phdr(findProgram, nullptr);
#endif
  reportFd = fd;
  // The unwinder loads and sets itself up on its first use: not in a signal handler.
  Frames warm;
  capture(warm);
  if (fd < 0) return;
  struct sigaction action {};
  action.sa_handler = stopping;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  ::sigaction(SIGUSR1, &action, nullptr);
}

std::string lastThrowTrace() { return text(lastThrow); }

std::string traceHere() {
  Frames frames;
  capture(frames);
  return text(frames);
}

}  // namespace mazekit::harness

// Every exception thrown in the program, the standard library's included, passes here first:
// its stack is noted, and the C++ runtime's own __cxa_throw throws it.
extern "C" [[noreturn]] void __cxa_throw(void* thrown, void* type, void (*destroy)(void*)) {
  capture(lastThrow);
  mazekit::harness::thrown(static_cast<const std::type_info*>(type));
  using Throw = void (*)(void*, void*, void (*)(void*));
  static const Throw next = reinterpret_cast<Throw>(::dlsym(RTLD_NEXT, "__cxa_throw"));
  next(thrown, type, destroy);
  __builtin_unreachable();
}
