// The sandbox and the cgroups where mazekit is built without grading (common/platform.hpp:
// MAZEKIT_LINUX is 0, as on macOS): bubblewrap, its seccomp filter, user namespaces and cgroups
// are Linux's, so no sandbox can be made (every way in says so: gradingLinuxOnly) and no cgroup
// either (runProcess limits each process with rlimits alone). The grading commands refuse
// before they get here; the student's own steps never run in a sandbox (student/runner.cpp).
#include "run/cgroup.hpp"
#include "run/sandbox.hpp"

#include <stdexcept>
#include <utility>

namespace mazekit::run {
namespace {

const std::string& problem() {
  static const std::string text = gradingLinuxOnly("grade");
  return text;
}

}  // namespace

const std::string& bubblewrapPath() {
  static const std::string none;
  return none;
}

const Bubblewrap& bubblewrapAt(const std::string& path) {
  static const Bubblewrap none{path, "", {}, problem()};
  return none;
}

const std::string& userNamespaceFilter() {
  static const std::string none;
  return none;
}

std::vector<std::string> bubblewrapCommand(const Sandbox&, const std::vector<std::string>&, int) {
  throw std::runtime_error(problem());
}

const std::string& sandboxProblem() { return problem(); }
const std::string& sandboxProblem(const std::string&) { return problem(); }

std::string sandboxProtections() { return ""; }
std::string sandboxProtections(const std::string&) { return ""; }

std::string userNamespacesRefused(const std::filesystem::path&, bool) { return problem(); }

Result runSandboxed(const Sandbox&, const std::vector<std::string>&, bool, const Limits&,
                    const volatile std::sig_atomic_t*) {
  Result result;
  result.error = problem();
  return result;
}

std::string CgroupSupport::describe() const {
  return "no cgroups on this system (per-process rlimits only)";
}

const CgroupSupport& cgroupSupport() {
  static const CgroupSupport none;
  return none;
}

std::optional<Cgroup> Cgroup::create(std::size_t, int, double) { return std::nullopt; }
// Never made (create has nothing to return), but moved as on Linux.
Cgroup::Cgroup(Cgroup&& other) noexcept
    : dirs_(std::move(other.dirs_)),
      procsFds_(std::move(other.procsFds_)),
      memoryDir_(std::move(other.memoryDir_)),
      version_(other.version_) {}
Cgroup::~Cgroup() = default;
void Cgroup::killAll() {}
bool Cgroup::outOfMemory() const { return false; }

}  // namespace mazekit::run
