#!/bin/sh
# bubblewrap 0.6.1 (Ubuntu 22.04's, Gradescope's default image), as far as mazekit can tell:
# it says that version, lists 0.6.1's options in --help, refuses any other option as 0.6.1
# does ("Unknown option", exit 1), and otherwise runs the real /usr/bin/bwrap with the same
# arguments. tests/mazekit/sandbox_test.cpp makes mazekit's sandbox with it.
options="--help --version --args --unshare-all --share-net --unshare-user --unshare-user-try \
--unshare-ipc --unshare-pid --unshare-net --unshare-uts --unshare-cgroup --unshare-cgroup-try \
--userns --userns2 --pidns --uid --gid --hostname --chdir --clearenv --setenv --unsetenv \
--lock-file --sync-fd --bind --bind-try --dev-bind --dev-bind-try --ro-bind --ro-bind-try \
--remount-ro --exec-label --file-label --proc --dev --tmpfs --mqueue --dir --file --bind-data \
--ro-bind-data --symlink --seccomp --add-seccomp-fd --block-fd --userns-block-fd --info-fd \
--json-status-fd --new-session --die-with-parent --as-pid-1 --cap-add --cap-drop --perms \
--chmod"

case "${1:-}" in
  --version)
    echo "bubblewrap 0.6.1"
    exit 0
    ;;
  --help)
    echo "usage: bwrap [OPTIONS...] [--] COMMAND [ARGS...]"
    echo
    for option in $options; do
      printf '    %-28s %s\n' "$option" "(bubblewrap 0.6.1's option)"
    done
    exit 0
    ;;
esac

# The options, up to the command after "--" (mazekit always gives one).
for arg in "$@"; do
  case "$arg" in
    --) break ;;
    --*)
      case " $options " in
        *" $arg "*) ;;
        *)
          echo "bwrap: Unknown option $arg" >&2
          exit 1
          ;;
      esac
      ;;
  esac
done
exec /usr/bin/bwrap "$@"
