// The sandbox on the bubblewraps graders have: the one installed here, and bubblewrap 0.6.1
// (Ubuntu 22.04's), which has no --disable-userns and no --size. With 0.6.1 a seccomp filter
// refuses new user namespaces instead: the program inside cannot make one, and everything
// else (a shell, g++, threads, fork) runs as before. Also what mazekit says when no sandbox
// can be made, and the line that says which protections applied.
#include <catch2/catch.hpp>

#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "grade/grading.hpp"
#include "run/cgroup.hpp"
#include "run/process.hpp"
#include "run/sandbox.hpp"
#include "shell.hpp"

namespace fs = std::filesystem;
using namespace mazekit;

namespace {

// tests/mazekit/bwrap-0.6.1.sh: says it is 0.6.1, refuses what 0.6.1 does not have, and runs
// the real bubblewrap otherwise.
const std::string bubblewrap061 = KIT_SOURCE_DIR "/tests/mazekit/bwrap-0.6.1.sh";
const std::string realBubblewrap = "/usr/bin/bwrap";

fs::path scratch(const std::string& name) {
  return kit_test::scratchFolder("mazekit-sandbox-test", name);
}

// A shell script in a sandbox made by `bubblewrap`, with a writable /work and /tmp.
run::Result inSandbox(const std::string& bubblewrap, const std::string& script,
                      const std::vector<run::Mount>& mounts = {}) {
  run::Sandbox sandbox;
  sandbox.bubblewrap = bubblewrap;
  sandbox.mounts = mounts;
  sandbox.mounts.push_back({run::Mount::Kind::tmpfs, "", "/work", std::size_t(64) << 20});
  sandbox.mounts.push_back({run::Mount::Kind::tmpfs, "", "/tmp", std::size_t(64) << 20});
  sandbox.cwd = "/work";
  run::Limits limits;  // no timing in these tests: time enough for g++ on a busy machine
  limits.wallSeconds = 600;
  limits.cpuSeconds = 600;
  return run::runSandboxed(sandbox, {"/bin/sh", "-c", script}, false, limits);
}

// A program that tries to make a user namespace, and starts a thread and a process as a
// compiler does: what each call gave.
const char* const probeSource = R"(#include <sched.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <thread>

int main() {
  std::cout << "hello from g++\n";
  std::cout << "unshare(CLONE_NEWUSER): " << (::unshare(CLONE_NEWUSER) == 0 ? "made" : std::strerror(errno)) << "\n";
  bool ran = false;
  std::thread thread([&] { ran = true; });
  thread.join();
  std::cout << "a thread: " << (ran ? "ran" : "did not run") << "\n";
  const pid_t child = ::fork();
  if (child == 0) ::_exit(7);
  int status = 0;
  ::waitpid(child, &status, 0);
  std::cout << "a process: exited " << WEXITSTATUS(status) << "\n";
}
)";

// What each call gives in a child with userNamespaceFilter() installed, one line each.
std::string callsUnderFilter() {
  const std::string& filter = run::userNamespaceFilter();
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::close(fds[0]);
    std::string said;
    const auto say = [&](const std::string& call, long got) {
      said += call + ": " + (got == -1 ? std::strerror(errno) : "allowed") + "\n";
    };
    std::vector<sock_filter> code(filter.size() / sizeof(sock_filter));
    std::memcpy(code.data(), filter.data(), code.size() * sizeof(sock_filter));
    sock_fprog program{static_cast<unsigned short>(code.size()), code.data()};
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
        ::syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) != 0) {
      said = std::string("cannot install the filter: ") + std::strerror(errno);
    } else {
      say("unshare(CLONE_NEWUSER)", ::unshare(CLONE_NEWUSER));
      say("unshare(CLONE_NEWUSER | CLONE_NEWNS)", ::unshare(CLONE_NEWUSER | CLONE_NEWNS));
      say("clone(CLONE_NEWUSER)", ::syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0));
      say("clone3", ::syscall(SYS_clone3, nullptr, 0));
      say("setns", ::syscall(SYS_setns, -1, 0));
      say("unshare(0)", ::unshare(0));
      const pid_t grandchild = ::fork();  // clone without CLONE_NEWUSER
      if (grandchild == 0) ::_exit(0);
      say("fork", grandchild);
      if (grandchild > 0) ::waitpid(grandchild, nullptr, 0);
#if defined(__x86_64__)
      say("x32 getpid", ::syscall(__X32_SYSCALL_BIT | SYS_getpid));
      // i386's getpid (20) through int 0x80, another architecture's call. A kernel without
      // 32-bit calls ends the caller instead: refused either way.
      const pid_t i386 = ::fork();
      if (i386 == 0) {
        long got = 20;
        asm volatile("int $0x80" : "+a"(got) : : "memory", "r8", "r9", "r10", "r11");
        ::_exit(got == -ENOSYS ? 0 : 1);
      }
      int status = 0;
      ::waitpid(i386, &status, 0);
      said += std::string("i386 getpid: ") +
              (WIFEXITED(status) && WEXITSTATUS(status) == 1 ? "allowed" : "refused") + "\n";
#endif
    }
    const ssize_t written = ::write(fds[1], said.data(), said.size());
    ::_exit(written == static_cast<ssize_t>(said.size()) ? 0 : 1);
  }
  ::close(fds[1]);
  std::string said;
  char buffer[4096];
  for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) said.append(buffer, n);
  ::close(fds[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  CHECK(WIFEXITED(status));
  return said;
}

}  // namespace

TEST_CASE("bubblewrap is asked once what it can do", "[mazekit][sandbox]") {
  const run::Bubblewrap& old = run::bubblewrapAt(bubblewrap061);
  INFO(old.error);
  CHECK(old.error.empty());
  CHECK(old.version == "0.6.1");
  CHECK(old.options.size() == 56);
  CHECK(old.has("--seccomp"));
  CHECK(old.has("--perms"));
  CHECK_FALSE(old.has("--disable-userns"));
  CHECK_FALSE(old.has("--size"));
  CHECK(&run::bubblewrapAt(bubblewrap061) == &old);  // remembered

  const run::Bubblewrap& installed = run::bubblewrapAt(realBubblewrap);
  CHECK(installed.error.empty());
  CHECK_FALSE(installed.version.empty());
  CHECK(installed.has("--unshare-all"));
}

TEST_CASE("the installed bubblewrap's sandbox refuses a new user namespace", "[mazekit][sandbox]") {
  INFO(run::sandboxProblem(realBubblewrap));
  REQUIRE(run::sandboxProblem(realBubblewrap).empty());
  const run::Result r = inSandbox(realBubblewrap, "unshare --user true; echo status $?");
  INFO(r.output);
  CHECK(r.exitedWith(0));
  CHECK(r.output.find("unshare failed") != std::string::npos);
  CHECK(r.output.find("status 0") == std::string::npos);
  const std::string protections = run::sandboxProtections(realBubblewrap);
  CHECK(protections.rfind("bubblewrap " + run::bubblewrapAt(realBubblewrap).version + ": ", 0) ==
        0);
  CHECK(protections.find("new user namespaces refused") != std::string::npos);
}

TEST_CASE("bubblewrap 0.6.1 makes the sandbox, and a seccomp filter refuses new user namespaces",
          "[mazekit][sandbox]") {
  INFO(run::sandboxProblem(bubblewrap061));
  REQUIRE(run::sandboxProblem(bubblewrap061).empty());

  SECTION("a user namespace cannot be made inside") {
    const run::Result r = inSandbox(bubblewrap061, "unshare --user true; echo status $?");
    INFO(r.output);
    CHECK(r.exitedWith(0));
    CHECK(r.output.find("unshare failed: Operation not permitted") != std::string::npos);
    CHECK(r.output.find("status 0") == std::string::npos);
  }

  SECTION("an ordinary program runs as in any sandbox") {
    const run::Result r = inSandbox(bubblewrap061, "echo ok; id -u; echo written > /work/f; cat f");
    INFO(r.output);
    CHECK(r.exitedWith(0));
    CHECK(r.output == "ok\n65534\nwritten\n");
  }

  SECTION("a tmpfs without a size is bounded by the memory cgroup, where there is one") {
    if (!run::cgroupSupport().memory) {
      CHECK(run::sandboxProtections(bubblewrap061).find("no memory cgroup to bound it") !=
            std::string::npos);
      return;
    }
    run::Sandbox sandbox;
    sandbox.bubblewrap = bubblewrap061;
    sandbox.mounts.push_back({run::Mount::Kind::tmpfs, "", "/work", std::size_t(1) << 20});
    sandbox.cwd = "/work";
    run::Limits limits;
    limits.wallSeconds = 600;
    limits.memoryBytes = std::size_t(64) << 20;
    limits.fileBytes = std::size_t(1) << 30;
    const run::Result r = run::runSandboxed(
        sandbox, {"/bin/sh", "-c", "head -c 268435456 /dev/zero > /work/big"}, false, limits);
    CHECK(r.outOfMemory);
  }

  SECTION("the protections line says the seccomp filter stands in for --disable-userns") {
    const std::string protections = run::sandboxProtections(bubblewrap061);
    CHECK(protections.rfind("bubblewrap 0.6.1: new namespaces, no network, as nobody, no "
                            "capabilities; new user namespaces refused by a seccomp filter (no "
                            "--disable-userns); tmpfs without a size limit (no --size",
                            0) == 0);
    CHECK(protections.find(run::cgroupSupport().memory ? "the memory cgroup bounds it"
                                                       : "no memory cgroup") != std::string::npos);
  }
}

TEST_CASE("with bubblewrap 0.6.1 g++ compiles a program that starts a thread and a process",
          "[mazekit][sandbox]") {
  REQUIRE(run::sandboxProblem(bubblewrap061).empty());
  const fs::path source = scratch("probe");
  std::ofstream(source / "probe.cpp") << probeSource;
  const run::Result r = inSandbox(
      bubblewrap061, "g++ -std=c++17 -pthread -o /work/probe /source/probe.cpp && ./probe",
      {{run::Mount::Kind::readOnly, source.string(), "/source"}});
  INFO(r.output);
  CHECK(r.exitedWith(0));
  CHECK(r.output ==
        "hello from g++\n"
        "unshare(CLONE_NEWUSER): Operation not permitted\n"
        "a thread: ran\n"
        "a process: exited 7\n");
  fs::remove_all(source.parent_path());
}

TEST_CASE(
    "the seccomp filter refuses user namespaces, clone3, setns and other ABIs, and allows the rest",
    "[mazekit][sandbox]") {
#if defined(__x86_64__) || defined(__aarch64__)
  REQUIRE_FALSE(run::userNamespaceFilter().empty());
  std::string expected =
      "unshare(CLONE_NEWUSER): Operation not permitted\n"
      "unshare(CLONE_NEWUSER | CLONE_NEWNS): Operation not permitted\n"
      "clone(CLONE_NEWUSER): Operation not permitted\n"
      "clone3: Function not implemented\n"
      "setns: Operation not permitted\n"
      "unshare(0): allowed\n"
      "fork: allowed\n";
#if defined(__x86_64__)
  expected += "x32 getpid: Function not implemented\ni386 getpid: refused\n";
#endif
  CHECK(callsUnderFilter() == expected);
#else
  CHECK(run::userNamespaceFilter().empty());
#endif
}

TEST_CASE("no sandbox is made where bubblewrap is missing, is not bubblewrap, or lacks an option",
          "[mazekit][sandbox]") {
  const std::string missing = "/nonexistent/mazekit-sandbox-test/bwrap";
  CHECK(run::sandboxProblem(missing).rfind(
            "bubblewrap is not installed at " + missing + " (MAZEKIT_BUBBLEWRAP): install it", 0) ==
        0);
  CHECK(run::sandboxProtections(missing).empty());
  CHECK(run::sandboxProblem("bwrap").rfind(
            "MAZEKIT_BUBBLEWRAP is 'bwrap', not an absolute path: give bubblewrap's, like "
            "/usr/bin/bwrap; or grade without a sandbox (mazekit grade --no-sandbox",
            0) == 0);
  CHECK(run::sandboxProblem("/bin/true")
            .rfind("/bin/true (MAZEKIT_BUBBLEWRAP) is not bubblewrap", 0) == 0);

  const fs::path dir = scratch("other-bwraps");
  // A bubblewrap of `version` whose --help prints what `help` does, and that does `otherwise`
  // when asked to make a sandbox.
  const auto fakeBubblewrap = [&](const std::string& name, const std::string& version,
                                  const std::string& help, const std::string& otherwise) {
    const fs::path path = dir / name;
    std::ofstream(path) << "#!/bin/sh\n"
                        << "case $1 in\n"
                        << "  --version) echo bubblewrap " << version << " ;;\n"
                        << "  --help) " << help << " ;;\n"
                        << "  *) " << otherwise << " ;;\n"
                        << "esac\n";
    fs::permissions(path, fs::perms::owner_all);
    return path.string();
  };
  SECTION("one without an option the sandbox needs is named with it") {
    const std::string old = fakeBubblewrap(
        "old", "0.3.0", "echo '    --unshare-all   Unshare every namespace'", "exit 1");
    CHECK(run::sandboxProblem(old).rfind("bubblewrap 0.3.0 at " + old +
                                             " (MAZEKIT_BUBBLEWRAP) has no --unshare-user, which "
                                             "mazekit's sandbox needs: install bubblewrap 0.5.0 or "
                                             "newer",
                                         0) == 0);
  }
  SECTION("one that fails is quoted, unless a setting of the kernel explains it") {
    const std::string failing =
        fakeBubblewrap("failing", "0.8.0", "/usr/bin/bwrap --help",
                       "echo 'bwrap: setting up uid map: Permission denied' >&2; exit 1");
    const std::string problem = run::sandboxProblem(failing);
    const std::string refused = run::userNamespacesRefused("/proc/sys", ::geteuid() == 0);
    CHECK(problem.rfind(
              "bubblewrap 0.8.0 at " + failing + " (MAZEKIT_BUBBLEWRAP) cannot make a sandbox",
              0) == 0);
    CHECK(problem.find(refused.empty() ? "(it said: bwrap: setting up uid map: Permission denied)"
                                       : refused) != std::string::npos);
    CHECK(problem.find("--no-sandbox") != std::string::npos);
  }
  fs::remove_all(dir.parent_path());
}

TEST_CASE("user namespaces turned off are named with the sysctl that allows them",
          "[mazekit][sandbox]") {
  const fs::path procSys = scratch("proc-sys");
  fs::create_directories(procSys / "user");
  fs::create_directories(procSys / "kernel");
  const auto set = [&](const std::string& name, const std::string& value) {
    std::ofstream(procSys / name) << value << "\n";
  };
  set("user/max_user_namespaces", "15000");
  set("kernel/unprivileged_userns_clone", "1");
  set("kernel/apparmor_restrict_unprivileged_userns", "0");
  CHECK(run::userNamespacesRefused(procSys, false).empty());

  set("kernel/apparmor_restrict_unprivileged_userns", "1");
  CHECK(run::userNamespacesRefused(procSys, false)
            .find("sysctl kernel.apparmor_restrict_unprivileged_userns=0") != std::string::npos);
  CHECK(run::userNamespacesRefused(procSys, true).empty());  // root is not restricted

  set("kernel/unprivileged_userns_clone", "0");
  CHECK(run::userNamespacesRefused(procSys, false)
            .find("sysctl kernel.unprivileged_userns_clone=1") != std::string::npos);
  CHECK(run::userNamespacesRefused(procSys, true).empty());

  set("user/max_user_namespaces", "0");
  CHECK(run::userNamespacesRefused(procSys, true).find("sysctl user.max_user_namespaces=") !=
        std::string::npos);
  fs::remove_all(procSys.parent_path());
}

TEST_CASE("the reports say which protections the sandbox gave", "[mazekit][sandbox]") {
  Lesson lesson;
  lesson.number = 1;
  lesson.id = "01-turtle-warmup";
  Step step;
  step.number = 1;
  step.id = "01-a-screen";
  step.points = 1;
  lesson.steps.push_back(step);
  grade::StudentResult student;
  student.name = "ada";
  student.slug = "ada";
  student.steps.resize(1);
  grade::RunInfo info;
  info.limits = "each step: 5 s";
  info.protections = run::sandboxProtections(bubblewrap061);
  REQUIRE_FALSE(info.protections.empty());

  CHECK(grade::formatTable(lesson, {student}, info)
            .find("\nSandboxed by " + info.protections + "; limits: each step: 5 s\n") !=
        std::string::npos);
  const fs::path out = scratch("reports");
  grade::writeReports(lesson, {student}, info, out);
  CHECK(kit_test::readFile(out / "report.html").find("Graded in a sandbox by bubblewrap 0.6.1: ") !=
        std::string::npos);
  CHECK(kit_test::readFile(out / "ada" / "junit.xml")
            .find("<property name=\"sandbox protections\" value=\"bubblewrap 0.6.1: ") !=
        std::string::npos);
  fs::remove_all(out.parent_path());
}
