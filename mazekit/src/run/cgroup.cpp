// Control groups on v1 or v2 (see cgroup.hpp). Every file write is checked: a controller that
// cannot be written is treated as absent, and mazekit says which limits applied.
#include "run/cgroup.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "common/files.hpp"

namespace mazekit::run {
namespace {

struct Controller {
  std::string name;  // "memory", "pids", "cpu"; "" for v2's one group
  std::string base;  // the folder our own group is in, where ours are made
};

struct Layout {
  int version = 0;
  std::vector<Controller> controllers;  // v1: one per controller; v2: one with name ""
};

bool writeSmallFile(const std::string& path, const std::string& value) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const ssize_t n = ::write(fd, value.data(), value.size());
  ::close(fd);
  return n == static_cast<ssize_t>(value.size());
}

bool exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

std::vector<std::string> split(const std::string& s, char by) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(s);
  while (std::getline(in, part, by)) parts.push_back(part);
  return parts;
}

// Where each controller is mounted and which group this process is in.
Layout findLayout() {
  std::vector<std::pair<std::string, std::string>> v1Mounts;  // (super options, mount point)
  std::string v2Mount;
  std::istringstream mountinfo(common::readFileOrEmpty("/proc/self/mountinfo"));
  for (std::string line; std::getline(mountinfo, line);) {
    // "36 35 0:31 / /sys/fs/cgroup/memory rw,... - cgroup cgroup rw,memory"
    const auto dash = line.find(" - ");
    if (dash == std::string::npos) continue;
    const auto before = split(line.substr(0, dash), ' ');
    const auto after = split(line.substr(dash + 3), ' ');
    if (before.size() < 5 || after.size() < 3) continue;
    if (after[0] == "cgroup") v1Mounts.emplace_back(after[2], before[4]);
    if (after[0] == "cgroup2" && v2Mount.empty()) v2Mount = before[4];
  }
  std::map<std::string, std::string> v1Paths;
  std::string v2Path;
  std::istringstream groups(common::readFileOrEmpty("/proc/self/cgroup"));
  for (std::string line; std::getline(groups, line);) {
    const auto first = line.find(':');
    const auto second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string names = line.substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    if (names.empty()) v2Path = path;
    for (const auto& name : split(names, ',')) v1Paths[name] = path;
  }
  Layout layout;
  for (const std::string name : {"memory", "pids", "cpu"}) {
    for (const auto& [options, point] : v1Mounts) {
      const auto opts = split(options, ',');
      if (std::find(opts.begin(), opts.end(), name) == opts.end()) continue;
      const auto path = v1Paths.find(name);
      if (path == v1Paths.end()) continue;
      layout.controllers.push_back({name, point + (path->second == "/" ? "" : path->second)});
      break;
    }
  }
  if (!layout.controllers.empty()) {
    layout.version = 1;
  } else if (!v2Mount.empty()) {
    layout.version = 2;
    layout.controllers.push_back({"", v2Mount + (v2Path == "/" ? "" : v2Path)});
  }
  return layout;
}

const Layout& layout() {
  static const Layout found = findLayout();
  return found;
}

std::string newGroupName() {
  static std::atomic<unsigned> counter{0};
  return "mazekit-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

void removeGroup(const std::string& dir) {
  // A group is removed once its last process has been reaped, which can take a moment.
  for (int attempt = 0; attempt < 200; ++attempt) {
    if (::rmdir(dir.c_str()) == 0 || errno == ENOENT) return;
    std::istringstream procs(common::readFileOrEmpty(dir + "/cgroup.procs"));
    for (long pid = 0; procs >> pid;) ::kill(static_cast<pid_t>(pid), SIGKILL);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

CgroupSupport detect() {
  CgroupSupport support;
  const Layout& l = layout();
  for (const Controller& c : l.controllers) {
    const std::string dir = c.base + "/" + newGroupName();
    if (::mkdir(dir.c_str(), 0755) != 0) continue;
    if (l.version == 1) {
      if (c.name == "memory" && exists(dir + "/memory.limit_in_bytes")) support.memory = true;
      if (c.name == "pids" && exists(dir + "/pids.max")) support.pids = true;
      if (c.name == "cpu" && exists(dir + "/cpu.cfs_quota_us")) support.cpu = true;
    } else {
      support.memory = exists(dir + "/memory.max");
      support.pids = exists(dir + "/pids.max");
      support.cpu = exists(dir + "/cpu.max");
    }
    removeGroup(dir);
  }
  if (support.memory || support.pids || support.cpu) support.version = l.version;
  return support;
}

}  // namespace

std::string CgroupSupport::describe() const {
  if (version == 0) return "no cgroup mazekit may write (per-process rlimits only)";
  std::string names;
  for (const auto& [on, name] :
       {std::pair{memory, "memory"}, {pids, "processes"}, {cpu, "CPU share"}}) {
    if (on) names += (names.empty() ? "" : ", ") + std::string(name);
  }
  return "cgroup v" + std::to_string(version) + " (" + names + ")";
}

const CgroupSupport& cgroupSupport() {
  static const CgroupSupport support = detect();
  return support;
}

std::optional<Cgroup> Cgroup::create(std::size_t memoryBytes, int processes, double cpus) {
  const CgroupSupport& support = cgroupSupport();
  if (support.version == 0) return std::nullopt;
  Cgroup group;
  group.version_ = support.version;
  const std::string name = newGroupName();
  for (const Controller& c : layout().controllers) {
    const bool wanted = support.version == 2 ||
                        (c.name == "memory" && support.memory && memoryBytes > 0) ||
                        (c.name == "pids" && support.pids && processes > 0) ||
                        (c.name == "cpu" && support.cpu && cpus > 0);
    if (!wanted) continue;
    const std::string dir = c.base + "/" + name;
    if (::mkdir(dir.c_str(), 0755) != 0) continue;
    group.dirs_.push_back(dir);
    const bool v1 = support.version == 1;
    if ((c.name == "memory" || !v1) && support.memory && memoryBytes > 0) {
      const std::string bytes = std::to_string(memoryBytes);
      writeSmallFile(dir + (v1 ? "/memory.limit_in_bytes" : "/memory.max"), bytes);
      // Swap must not be a way round the limit.
      writeSmallFile(dir + (v1 ? "/memory.memsw.limit_in_bytes" : "/memory.swap.max"),
                     v1 ? bytes : "0");
      group.memoryDir_ = dir;
    }
    if ((c.name == "pids" || !v1) && support.pids && processes > 0) {
      writeSmallFile(dir + "/pids.max", std::to_string(processes));
    }
    if ((c.name == "cpu" || !v1) && support.cpu && cpus > 0) {
      const long quota = static_cast<long>(cpus * 100000);
      if (v1) {
        writeSmallFile(dir + "/cpu.cfs_period_us", "100000");
        writeSmallFile(dir + "/cpu.cfs_quota_us", std::to_string(quota));
      } else {
        writeSmallFile(dir + "/cpu.max", std::to_string(quota) + " 100000");
      }
    }
    const int fd = ::open((dir + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC);
    if (fd >= 0) group.procsFds_.push_back(fd);
  }
  if (group.dirs_.empty()) return std::nullopt;
  return group;
}

Cgroup::Cgroup(Cgroup&& other) noexcept
    : dirs_(std::move(other.dirs_)),
      procsFds_(std::move(other.procsFds_)),
      memoryDir_(std::move(other.memoryDir_)),
      version_(other.version_) {
  other.dirs_.clear();
  other.procsFds_.clear();
}

void Cgroup::killAll() {
  for (const std::string& dir : dirs_) {
    if (version_ == 2) writeSmallFile(dir + "/cgroup.kill", "1");
    for (int round = 0; round < 50; ++round) {
      std::istringstream procs(common::readFileOrEmpty(dir + "/cgroup.procs"));
      bool any = false;
      for (long pid = 0; procs >> pid;) {
        ::kill(static_cast<pid_t>(pid), SIGKILL);
        any = true;
      }
      if (!any) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
}

bool Cgroup::outOfMemory() const {
  if (memoryDir_.empty()) return false;
  const std::string text = common::readFileOrEmpty(
      memoryDir_ + (version_ == 1 ? "/memory.oom_control" : "/memory.events"));
  const auto at = text.find("oom_kill ");
  return at != std::string::npos && std::atol(text.c_str() + at + 9) > 0;
}

Cgroup::~Cgroup() {
  for (const int fd : procsFds_) ::close(fd);
  if (dirs_.empty()) return;
  killAll();
  for (const std::string& dir : dirs_) removeGroup(dir);
}

}  // namespace mazekit::run
