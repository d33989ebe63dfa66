// The one way mazekit runs untrusted code: the process runner's limits, the bubblewrap
// sandbox (what a student's program can and cannot see), and the signed report that tells
// the harness's results from a forgery.
#include <catch2/catch.hpp>

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "common/platform.hpp"
#include "grade/build.hpp"
#include "run/cgroup.hpp"
#include "run/process.hpp"
#include "run/report.hpp"
#include "run/sandbox.hpp"
#include "run/trace.hpp"
#include "shell.hpp"

namespace fs = std::filesystem;
using namespace mazekit;

namespace {

run::Result shell(const std::string& script, const run::Limits& limits = {}) {
  run::Command command{{"/bin/sh", "-c", script}, {}, {"PATH=/usr/bin:/bin"}, true};
  return run::runProcess(command, limits);
}

#if MAZEKIT_LINUX
run::Result inSandbox(const std::string& script, const run::Limits& limits = {}) {
  run::Sandbox sandbox;
  sandbox.mounts.push_back({run::Mount::Kind::tmpfs, "", "/work", 1u << 20});
  sandbox.cwd = "/work";
  sandbox.environment = {"MAZEKIT_REPORT_FD=3"};
  return run::runSandboxed(sandbox, {"/bin/sh", "-c", script}, true, limits);
}

// Processes alive now whose command line holds `text`.
int processesWith(const std::string& text) {
  int n = 0;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    std::string cmdline = kit_test::readFile(entry.path() / "cmdline");
    std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
    if (cmdline.find(text) != std::string::npos && cmdline.find("/bin/sh") == std::string::npos)
      ++n;
  }
  return n;
}
#endif

fs::path scratch(const std::string& name) {
  return kit_test::scratchFolder("mazekit-run-test", name);
}

}  // namespace

TEST_CASE("the runner captures output, exit status and the report channel", "[mazekit][run]") {
  const run::Result r = shell("echo out; echo err >&2; printf report >&3; exit 7");
  CHECK(r.started);
  CHECK(r.exitCode == 7);
  CHECK(r.output == "out\nerr\n");
  CHECK(r.report == "report");
  CHECK_FALSE(r.timedOut);
}

TEST_CASE("a program gets no file mazekit has open, only its output and report channel",
          "[mazekit][run]") {
  // As a grading thread writing a classmate's results or keying a program would have it:
  // open for writing, and inheritable.
  const fs::path dir = scratch("fds");
  const int first = ::open((dir / "classmate.json").c_str(), O_WRONLY | O_CREAT, 0644);
  const int open = ::fcntl(first, F_DUPFD, 10);  // above the fds a child is given
  ::close(first);
  REQUIRE(open >= 10);
  // The shell's own descriptors, read by ls while the shell waits for it: no pipeline, whose
  // pipes the shell holds for a moment, and "; true" so the shell does not become ls.
  const run::Result r = shell("ls -v /proc/$$/fd; true");
  ::close(open);
  CHECK(r.output == "0\n1\n2\n3\n");  // 3: the report channel
  CHECK(r.output.find(std::to_string(open) + "\n") == std::string::npos);
}

TEST_CASE("the runner stops a program at its wall-time limit and keeps only the output cap",
          "[mazekit][run]") {
  run::Limits limits;
  limits.wallSeconds = 0.5;
  limits.outputBytes = 1000;
  const auto start = std::chrono::steady_clock::now();
  const run::Result r = shell("yes loop", limits);
  CHECK(r.timedOut);
  CHECK(r.output.size() == 1000);
  CHECK(r.outputTruncated);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
}

TEST_CASE("the runner's stop flag ends a program at once", "[mazekit][run]") {
  volatile std::sig_atomic_t stop = 0;
  std::thread setter([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    stop = 1;
  });
  run::Command command{{"/bin/sh", "-c", "sleep 30"}, {}, {"PATH=/usr/bin:/bin"}, false};
  const run::Result r = run::runProcess(command, run::Limits{}, &stop);
  setter.join();
  CHECK(r.interrupted);
  CHECK(r.seconds < 5);
}

// The sandbox and running as a user of its own: grading's, on Linux (common/platform.hpp).
#if MAZEKIT_LINUX
TEST_CASE("bubblewrap can make a sandbox on this machine", "[mazekit][sandbox]") {
  INFO(run::sandboxProblem());
  REQUIRE(run::sandboxProblem().empty());
}

TEST_CASE("a sandboxed program sees no kit, no secrets, no network and a cleared environment",
          "[mazekit][sandbox]") {
  ::setenv("MAZEKIT_TEST_SECRET", "do-not-show", 1);
  const run::Result r = inSandbox(
      "ls /work/main /root /home /etc/shadow /etc/passwd 2>&1; env; cat /proc/net/dev; id -u; "
      "touch /usr/x 2>&1; touch /x 2>&1; echo written > /work/file && cat /work/file");
  INFO(r.output);
  CHECK(r.exitedWith(0));
  CHECK(r.output.find("do-not-show") == std::string::npos);
  CHECK(r.output.find("ls: cannot access '/work/main'") != std::string::npos);
  CHECK(r.output.find("ls: cannot access '/etc/shadow'") != std::string::npos);
  CHECK(r.output.find("MAZEKIT_REPORT_FD=3") != std::string::npos);
  CHECK(r.output.find("eth0") == std::string::npos);
  CHECK(r.output.find("65534") != std::string::npos);
  CHECK(r.output.find("touch: cannot touch '/usr/x': Read-only file system") != std::string::npos);
  CHECK(r.output.find("touch: cannot touch '/x'") != std::string::npos);
  CHECK(r.output.find("written") != std::string::npos);
}

TEST_CASE("a sandboxed program's tmpfs is as small as asked and its signal is reported",
          "[mazekit][sandbox]") {
  const run::Result full = inSandbox("head -c 2000000 /dev/zero > /work/big; echo status $?");
  CHECK(full.output.find("No space left on device") != std::string::npos);
  const run::Result killed = inSandbox("kill -SEGV $$");
  CHECK(killed.signal == SIGSEGV);
}

TEST_CASE("nothing a sandboxed program starts outlives it, not even a daemon in a new session",
          "[mazekit][sandbox]") {
  const run::Result r = inSandbox("setsid sleep 31.4159 & sleep 0.2; echo started");
  CHECK(r.output.find("started") != std::string::npos);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(processesWith("sleep 31.4159") == 0);
}

TEST_CASE("a program run as a user of its own cannot write the grader's files or outlive its run",
          "[mazekit][run]") {
  // Where no sandbox can be made (a Docker container's seccomp profile), mazekit grade-one
  // runs the student's code as a user of its own: this is what that user can and cannot do.
  const fs::path dir = scratch("as-user");  // mazekit's folder: the user may read, not write
  std::ofstream(dir / "grades.csv") << "alice,10\n";
  run::Command command{{"/bin/sh", "-c",
                        "echo forged > grades.csv; echo forged > new.txt; "
                        "setsid sleep 27.1828 & sleep 0.2; id -u"},
                       dir,
                       {"PATH=/usr/bin:/bin"},
                       false};
  command.runAsUid = 65534;  // nobody
  command.runAsGid = 65534;
  run::Limits limits;  // no cgroup: the user's processes are killed by user, not by group
  limits.wallSeconds = 5;
  const run::Result r = run::runProcess(command, limits);
  if (::geteuid() != 0) {
    // Only root may run a program as another user: the child says so by exiting with 126.
    CHECK(r.exitedWith(126));
    return;
  }
  CHECK(r.exitedWith(0));
  CHECK(r.output.find("65534") != std::string::npos);
  CHECK(r.output.find("Permission denied") != std::string::npos);
  CHECK(kit_test::readFile(dir / "grades.csv") == "alice,10\n");
  CHECK_FALSE(fs::exists(dir / "new.txt"));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(processesWith("sleep 27.1828") == 0);
}

TEST_CASE("a fork bomb in the sandbox meets the process limit", "[mazekit][sandbox]") {
  if (!run::cgroupSupport().pids) {
    WARN("no pids cgroup here: " << run::cgroupSupport().describe());
    CHECK(run::describeLimits().find("processes not limited") != std::string::npos);
    return;
  }
  run::Limits limits;
  limits.processes = 16;
  limits.wallSeconds = 3;
  const run::Result r = inSandbox("for i in $(seq 40); do sleep 2.71828 & done 2>&1; wait", limits);
  CHECK(r.output.find("fork") != std::string::npos);
  CHECK(processesWith("sleep 2.71828") == 0);  // a number no other program on the machine sleeps
}
#else
TEST_CASE(
    "without grading (macOS's build), no sandbox is made and no program runs as another user, "
    "each saying that grading runs on Linux only",
    "[mazekit][sandbox]") {
  CHECK(run::sandboxProblem().find("runs on Linux only") != std::string::npos);
  CHECK(run::sandboxProtections().empty());
  run::Sandbox sandbox;
  const run::Result sandboxed = run::runSandboxed(sandbox, {"/bin/sh", "-c", "exit 0"}, false, {});
  CHECK(!sandboxed.started);
  CHECK(sandboxed.error.find("runs on Linux only") != std::string::npos);
  run::Command command{{"/bin/sh", "-c", "exit 0"}, {}, {"PATH=/usr/bin:/bin"}, false};
  command.runAsUid = 65534;
  command.runAsGid = 65534;
  const run::Result asNobody = run::runProcess(command, {});
  CHECK(!asNobody.started);
  CHECK(asNobody.error.find("as another user") != std::string::npos);
  CHECK(asNobody.error.find("Linux only") != std::string::npos);
  CHECK(run::describeLimits().find("memory per process (RLIMIT_AS), processes not limited") == 0);
}
#endif

TEST_CASE("a step program's report is accepted with its own key only", "[mazekit][run][report]") {
  const fs::path dir = scratch("keys");
  const run::Key key = grade::newKey();
  grade::writeKeyedProgram(STEP_PROGRAM, dir / "keyed", key);
  run::Command command{{(dir / "keyed").string(), "-r", "mazekit", "-#", "[#step22_the_end]"},
                       dir,
                       {"MAZEKIT_REPORT_FD=3"},
                       true};
  const run::Result ran = run::runProcess(command, run::Limits{});
  REQUIRE(ran.exitedWith(0));

  const run::HarnessReport good = run::readHarnessReport(ran.report, key);
  REQUIRE(good.state == run::HarnessReport::State::read);
  REQUIRE(good.testCases.size() == 1);
  CHECK(good.testCases[0].name == "makeMaze makes the bottom-right cell the yellow END");
  CHECK(good.testCases[0].assertions > 0);
  CHECK(good.picture.substr(1, 3) == "PNG");

  run::StepExpectation expected;
  expected.testCases = {"makeMaze makes the bottom-right cell the yellow END"};
  CHECK(run::stepVerdict(ran, good, expected).outcome == run::Outcome::passed);
  expected.testCases = {"another test case"};
  CHECK(run::stepVerdict(ran, good, expected).outcome == run::Outcome::wrongTests);

  run::Key other = key;
  other[0] ^= 1;
  const run::HarnessReport forged = run::readHarnessReport(ran.report, other);
  CHECK(forged.state == run::HarnessReport::State::forged);
  CHECK(run::stepVerdict(ran, forged, expected).outcome == run::Outcome::tampered);

  // The marker that finds the key slot is gone from the keyed program.
  const std::string bytes = kit_test::readFile(dir / "keyed");
  CHECK(bytes.find("mazekit-harness-key-slot-v1") == std::string::npos);
  // A report with anything else on the channel is not the harness's.
  CHECK(run::readHarnessReport(ran.report + ran.report, key).state ==
        run::HarnessReport::State::forged);
  CHECK(run::readHarnessReport("{\"report\":\"{}\",\"mac\":\"00\"}\n", key).state ==
        run::HarnessReport::State::forged);
  // The harness's unsigned line of where a program was stopped is set aside, and only it: the
  // signed report is still the one other thing the channel may hold, and a location is never
  // a verdict.
  const std::string stopped = "mazekit-trace stopped 1a2b 3c4d\n";
  const run::HarnessReport withTrace = run::readHarnessReport(stopped + ran.report, key);
  CHECK(withTrace.state == run::HarnessReport::State::read);
  CHECK(withTrace.stoppedAt == "1a2b 3c4d");
  expected.testCases = {"makeMaze makes the bottom-right cell the yellow END"};
  CHECK(run::stepVerdict(ran, withTrace, expected).outcome == run::Outcome::passed);
  CHECK(run::readHarnessReport(stopped + ran.report + ran.report, key).state ==
        run::HarnessReport::State::forged);
  CHECK(run::readHarnessReport(stopped + "mazekit-trace stopped 1a2b", key).state ==
        run::HarnessReport::State::forged);  // not a whole line: not the harness's
  fs::remove_all(dir.parent_path());
}

TEST_CASE("a step that ends before reporting, crashes or times out gets that verdict",
          "[mazekit][run][report]") {
  run::StepExpectation expected;
  expected.testCases = {"x"};
  expected.timeoutSeconds = 1;
  run::Result ended;
  ended.started = true;
  ended.exitCode = 0;
  CHECK(run::stepVerdict(ended, {}, expected).outcome == run::Outcome::endedEarly);
  run::Result crashed = ended;
  crashed.signal = SIGSEGV;
  const run::Verdict v = run::stepVerdict(crashed, {}, expected);
  CHECK(v.outcome == run::Outcome::crashed);
  CHECK(v.reason.find("SIGSEGV") != std::string::npos);
  run::Result slow = ended;
  slow.timedOut = true;
  CHECK(run::stepVerdict(slow, {}, expected).reason ==
        "timed out: still running after 1 s (a loop that never ends?)");
}

TEST_CASE("the inherited environment takes each override in place of the variable it names",
          "[mazekit][run]") {
  ::setenv("MAZEKIT_ENV_TEST", "old", 1);
  const auto env = run::inheritedEnvironment({"MAZEKIT_ENV_TEST=new", "MAZEKIT_ENV_ADDED=1"});
  CHECK(std::count(env.begin(), env.end(), "MAZEKIT_ENV_TEST=new") == 1);
  CHECK(std::count(env.begin(), env.end(), "MAZEKIT_ENV_TEST=old") == 0);
  CHECK(std::count(env.begin(), env.end(), "MAZEKIT_ENV_ADDED=1") == 1);
  CHECK(run::inheritedEnvironment().size() + 1 == env.size());
  ::unsetenv("MAZEKIT_ENV_TEST");
}

TEST_CASE("the student's frame is the innermost in the student's folder, or none, never another's",
          "[mazekit][run][trace]") {
  const auto frame = [](std::string file, int line) {
    run::SourceFrame f;
    f.function = "f()";
    f.file = std::move(file);
    f.line = line;
    return f;
  };
  const fs::path folder = "/kit/exercises/02-maze";
  // The standard library's and the test's frames come first; the student's is named.
  std::vector<run::SourceFrame> frames = {frame("/usr/include/c++/12/bits/stl_vector.h", 1153),
                                          frame("/kit/exercises/02-maze/maze.hpp", 50),
                                          frame("/kit/exercises/02-maze/maze.hpp", 80),
                                          frame("/kit/lessons/02-maze/tests/step07.cpp", 12)};
  auto found = run::studentFrame(frames, folder);
  REQUIRE(found);
  CHECK(found->line == 50);
  CHECK(found->repeats == 1);
  // A folder whose name only begins with the student's, or none of theirs: nothing.
  CHECK_FALSE(run::studentFrame({frame("/kit/exercises/02-maze-old/maze.hpp", 3),
                                 frame("/kit/lessons/02-maze/tests/step07.cpp", 12)},
                                folder));
  CHECK_FALSE(run::studentFrame({}, folder));
  // One line of theirs on the stack again and again: a recursion, named by that line.
  frames = {frame("/kit/exercises/02-maze/maze.hpp", 57)};
  for (int i = 0; i < run::calledItself; ++i) {
    frames.push_back(frame("/kit/exercises/02-maze/maze.hpp", 50));
  }
  found = run::studentFrame(frames, folder);
  REQUIRE(found);
  CHECK(found->line == 50);
  CHECK(found->repeats == run::calledItself);
  // Offsets addr2line cannot read, or none at all: nothing, rather than a wrong line.
  CHECK_FALSE(run::studentFrameOf(STEP_PROGRAM, "", folder));
  CHECK(run::sourceFrames(STEP_PROGRAM, "not hex at all").empty());
}
