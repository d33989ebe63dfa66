#pragma once
// Which platform code the kit compiles: the one place that says it.
//
// MAZEKIT_LINUX is 1 on Linux, where mazekit uses what only Linux has (inotify, statfs, pipe2,
// close_range, prctl, getrandom, /proc) and grades (bubblewrap's sandbox, its seccomp filter,
// cgroups). It is 0 elsewhere (macOS), and on Linux too when CMake's option MAZEKIT_POSIX_ONLY
// is ON (the clang-libcxx CI stage: the proxy for a Mac build): the student's path then uses
// POSIX calls alone (watch polls; pipe and fcntl; descriptors closed one by one; getentropy), and
// the grading commands say that grading runs on Linux only.
#if defined(__linux__) && !(defined(MAZEKIT_POSIX_ONLY) && MAZEKIT_POSIX_ONLY)
#define MAZEKIT_LINUX 1
#else
#define MAZEKIT_LINUX 0
#endif
