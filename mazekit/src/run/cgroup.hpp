#pragma once
// Control groups: the limits that hold for a whole tree of processes (memory, number of
// processes, CPU share), on cgroup v1 or v2, whichever this machine has and lets mazekit
// write. Where neither does, mazekit falls back to per-process rlimits and says so.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace mazekit::run {

/// Which controllers mazekit can use here. Detected once, from /proc/self/cgroup and
/// /proc/self/mountinfo, by making and removing a trial group.
struct CgroupSupport {
  int version = 0;  ///< 1, 2, or 0 for none
  bool memory = false;
  bool pids = false;
  bool cpu = false;
  /// "cgroup v1 (memory, pids, cpu)" or "no cgroup mazekit may write (per-process rlimits)"
  std::string describe() const;
};
const CgroupSupport& cgroupSupport();

/// One group for one run of a program: made with its limits, joined by the child before it
/// execs, emptied (every process killed) and removed when it goes out of scope.
class Cgroup {
 public:
  /// A new group with the limits the machine supports (0 = no limit); nothing when the
  /// machine has no usable controller.
  static std::optional<Cgroup> create(std::size_t memoryBytes, int processes, double cpus);
  Cgroup(Cgroup&& other) noexcept;
  Cgroup& operator=(Cgroup&&) = delete;
  Cgroup(const Cgroup&) = delete;
  Cgroup& operator=(const Cgroup&) = delete;
  ~Cgroup();

  /// Open file descriptors of each controller's cgroup.procs: the child writes "0" to each
  /// (async-signal-safe) to join the group before it execs.
  const std::vector<int>& joinFds() const { return procsFds_; }
  /// Kills every process in the group (again and again, until it is empty).
  void killAll();
  /// The memory controller killed a process of the group for want of memory.
  bool outOfMemory() const;

 private:
  Cgroup() = default;
  std::vector<std::string> dirs_;  ///< one per controller (v1) or one (v2)
  std::vector<int> procsFds_;
  std::string memoryDir_;
  int version_ = 0;
};

}  // namespace mazekit::run
