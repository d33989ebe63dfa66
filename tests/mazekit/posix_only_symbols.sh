#!/bin/sh
# The student's path on macOS, checked on Linux: a mazekit built with MAZEKIT_POSIX_ONLY
# (common/platform.hpp), and the programs it runs for the student (lesson 7's game), must call
# nothing from the C library that only Linux has. Lists the functions each program imports
# (nm -D --undefined-only) and fails naming each Linux-only one found. Fails too when a list
# holds no write or close: then nm read nothing and the check would prove nothing.
#
#   tests/mazekit/posix_only_symbols.sh build/posix/mazekit/mazekit build/posix/lessons/lesson07_sol_play
# Needs nm (binutils, or llvm-nm with the same options).
set -eu

if [ "$#" -lt 1 ]; then
  echo "usage: $0 PROGRAM...   (mazekit and others built with -DMAZEKIT_POSIX_ONLY=ON)" >&2
  exit 2
fi
for program in "$@"; do
  if [ ! -f "$program" ]; then
    echo "$0: there is no program $program: build it first (cmake --build)" >&2
    exit 2
  fi
done
nm=nm
command -v "$nm" >/dev/null 2>&1 || nm=llvm-nm
if ! command -v "$nm" >/dev/null 2>&1; then
  echo "$0: nm is missing (Debian: apt-get install binutils)" >&2
  exit 2
fi

# Linux's own calls (and glibc's GNU extensions), none of which macOS has. Each has a POSIX
# stand-in in the student's path: see common/platform.hpp.
linux_only="
pipe2 dup3 accept4 close_range
inotify_init inotify_init1 inotify_add_watch inotify_rm_watch
statfs statfs64 fstatfs fstatfs64
prctl getrandom memfd_create syscall
ppoll sigtimedwait signalfd eventfd timerfd_create timerfd_settime
epoll_create epoll_create1 epoll_ctl epoll_wait epoll_pwait
prlimit prlimit64 sendfile sendfile64 copy_file_range splice tee vmsplice
execvpe program_invocation_name program_invocation_short_name
sigabbrev_np sigdescr_np strerrorname_np strerrordesc_np
unshare setns clone clone3 pidfd_open pidfd_send_signal
sched_getaffinity sched_setaffinity get_nprocs get_nprocs_conf
mkostemp mkostemps secure_getenv gettid renameat2 openat2 name_to_handle_at
dl_iterate_phdr
"

status=0
for program in "$@"; do
  imports=$("$nm" -D --undefined-only "$program" | awk '{ print $NF }' | sed 's/@.*//' | sort -u)
  for needed in write close; do
    if ! printf '%s\n' "$imports" | grep -qx "$needed"; then
      echo "$0: $program imports no '$needed': nm did not read its imports, so nothing was checked" >&2
      exit 1
    fi
  done
  found=""
  for name in $linux_only; do
    if printf '%s\n' "$imports" | grep -qx "$name"; then found="$found $name"; fi
  done
  if [ -n "$found" ]; then
    echo "$0: $program calls what only Linux has:$found" >&2
    echo "  Give each a POSIX stand-in under #if MAZEKIT_LINUX (common/platform.hpp)." >&2
    status=1
  else
    echo "$program: $(printf '%s\n' "$imports" | wc -l) imports, none of them Linux-only"
  fi
done
exit "$status"
