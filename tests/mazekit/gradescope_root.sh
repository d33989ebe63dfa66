# A root laid out as Gradescope lays out its containers, on this machine (sourced by
# tests/mazekit/gradescope_test.sh and bench/autograder_bench.sh):
#
#   gradescope_root ZIP ROOT        unpacks the autograder zip into ROOT/autograder/source,
#                                   copies run_autograder to ROOT/autograder/, and /etc to
#                                   ROOT/etc (setup.sh adds a user: to the copy, never here)
#   in_gradescope ROOT CWD CMD...   runs CMD in it with bubblewrap: the machine's programs
#                                   read-only, ROOT's /autograder, /etc and /tmp (mode 1777,
#                                   shared by every user, as a container's is). Like
#                                   Gradescope's containers, it refuses nested user namespaces,
#                                   so mazekit cannot make its own sandbox inside.
#   fresh_submission ROOT           an empty /autograder/submission and /autograder/results

gradescope_root() {
  local zip=$1 root=$2
  mkdir -p "$root/autograder/source" "$root/tmp"
  chmod 1777 "$root/tmp" # a container's /tmp: every user may write there
  (cd "$root/autograder/source" && cmake -E tar xf "$zip")
  cp "$root/autograder/source/run_autograder" "$root/autograder/run_autograder"
  cp -a /etc "$root/etc"
}

in_gradescope() {
  local root=$1 cwd=$2
  shift 2
  bwrap --die-with-parent \
    --ro-bind /usr /usr --symlink usr/bin /bin --symlink usr/sbin /sbin \
    --symlink usr/lib /lib --symlink usr/lib64 /lib64 \
    --bind "$root/etc" /etc --ro-bind /var/lib/dpkg /var/lib/dpkg \
    --bind "$root/autograder" /autograder --bind "$root/tmp" /tmp \
    --dev /dev --proc /proc --bind /sys /sys \
    --clearenv --setenv PATH /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --setenv HOME /root --setenv LANG C.UTF-8 \
    --chdir "$cwd" -- "$@"
}

fresh_submission() {
  local root=$1
  rm -rf "$root/autograder/submission" "$root/autograder/results"
  mkdir -p "$root/autograder/submission" "$root/autograder/results"
}
