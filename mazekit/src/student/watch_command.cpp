// mazekit watch: check again on every save, move on when a step turns green.
//
// The step the student works on is checked first and its verdict shown at once. The earlier
// steps that passed against other files are then checked again in the background, in a child
// process (all in one program: Checker::checkTogether); the screen changes only if one of them
// broke. A save stops that re-check (it is out of date) and it starts again after the next
// verdict, so it never keeps a save waiting.
//
// Saves are seen through inotify where its events arrive. Where they may not (the exercise
// folder on a file system that another machine writes to: a folder shared into a container or
// a VM from a macOS or Windows host, a network drive), or where inotify cannot be used, mazekit
// polls instead: every interval it compares the size, modification time and contents of each
// file in the folder. `--poll SECONDS` polls always. Where there is no inotify (macOS:
// common/platform.hpp's MAZEKIT_LINUX is 0), mazekit always polls.
#include "common/platform.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#if MAZEKIT_LINUX
#include <sys/inotify.h>
#include <sys/vfs.h>
#endif

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "common/files.hpp"
#include "student/live_view.hpp"
#include "student/session.hpp"

namespace mazekit::student {
namespace {
namespace fs = std::filesystem;

// How often mazekit polls when it polls by itself (docs/student-guide.md).
constexpr double defaultPollSeconds = 1.0;

// A save that matters: not an editor's swap or backup file.
bool relevant(const std::string& name) {
  if (name.empty() || name[0] == '.' || name.back() == '~' || name == "4913") return false;
  const auto dot = name.rfind('.');
  const std::string ext = dot == std::string::npos ? "" : name.substr(dot);
  return ext != ".swp" && ext != ".swx" && ext != ".tmp";
}

// What ended a wait: a save, the background re-check's verdicts, or Ctrl-C.
enum class Event { saved, rechecked, interrupted };

#if MAZEKIT_LINUX
// Waits for a save in the folder inotify watches, or for `background` (a descriptor, or -1) to
// become readable.
Event waitForSave(int fd, int background) {
  char buffer[4096] __attribute__((aligned(__alignof__(inotify_event))));
  bool seen = false;
  while (!interrupted) {
    pollfd p[2] = {{fd, POLLIN, 0}, {background, POLLIN, 0}};
    // Once a save is seen, wait a moment for the rest of it (editors write in several steps).
    const int ready = ::poll(p, seen || background < 0 ? 1 : 2, seen ? 150 : -1);
    if (ready < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("watching for saves failed: " + std::string(std::strerror(errno)));
    }
    if (ready == 0) return Event::saved;
    if ((p[0].revents & POLLIN) == 0) {
      if (!seen && (p[1].revents & (POLLIN | POLLHUP)) != 0) return Event::rechecked;
      continue;
    }
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n <= 0) continue;
    for (ssize_t at = 0; at < n;) {
      inotify_event event{};
      std::memcpy(&event, buffer + at, sizeof event);
      const std::string name =
          event.len > 0 ? std::string(buffer + at + sizeof event) : std::string();
      if (relevant(name)) seen = true;
      at += static_cast<ssize_t>(sizeof event + event.len);
    }
  }
  return Event::interrupted;
}
#endif

// What polling compares: for each file that matters, its size, modification time and a hash of
// its contents (a modification time may be as coarse as a second on a shared folder).
using Snapshot = std::map<fs::path, std::tuple<std::uintmax_t, fs::file_time_type, std::string>>;

Snapshot snapshot(const fs::path& folder) {
  Snapshot files;
  for (const fs::path& file : studentFiles(folder)) {
    if (!relevant(file.filename().string())) continue;
    std::error_code ec;
    const fs::path path = folder / file;
    const std::uintmax_t size = fs::file_size(path, ec);
    const fs::file_time_type time = fs::last_write_time(path, ec);
    files[file] = {ec ? 0 : size, time, hex(fnv1a(common::readFileOrEmpty(path)))};
  }
  return files;
}

// Sleeps `seconds`, waking at once on Ctrl-C (Event::interrupted) or when `background` (a
// descriptor, or -1) becomes readable (Event::rechecked); else Event::saved, meaning "go on".
Event sleepFor(double seconds, int background = -1) {
  using Clock = std::chrono::steady_clock;
  const auto until = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(std::max(seconds, 0.0)));
  while (!interrupted) {
    const Clock::duration left = until - Clock::now();
    if (left <= Clock::duration::zero()) return Event::saved;
    const auto slice = std::min<Clock::duration>(left, std::chrono::milliseconds(50));
    pollfd p{background, POLLIN, 0};
    const int ready = ::poll(
        &p, 1, static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(slice).count()));
    if (ready > 0 && (p.revents & (POLLIN | POLLHUP)) != 0) return Event::rechecked;
  }
  return Event::interrupted;
}

// Polls the folder until a file in it changes (and stays unchanged for 150 ms, as an editor's
// save may come in several writes), or until `background` becomes readable.
Event pollForSave(const fs::path& folder, const Snapshot& before, double seconds, int background) {
  while (true) {
    const Event slept = sleepFor(seconds, background);
    if (slept != Event::saved) return slept;
    Snapshot now = snapshot(folder);
    if (now == before) continue;
    while (true) {
      const Event settling = sleepFor(0.15);
      if (settling != Event::saved) return settling;
      Snapshot settled = snapshot(folder);
      if (settled == now) return Event::saved;
      now = std::move(settled);
    }
  }
}

#if MAZEKIT_LINUX
// Why inotify may not see saves to `folder`: its file system is one that another machine
// writes to, so changes made there are not signalled here. Empty when inotify can be trusted.
std::string remoteFileSystem(const fs::path& folder) {
  struct statfs info {};
  if (::statfs(folder.c_str(), &info) != 0) return "";
  switch (static_cast<unsigned long>(info.f_type)) {
    case 0x65735546UL:  // FUSE: Docker Desktop's and virtiofs's shared folders, sshfs
      return "a shared (FUSE) folder";
    case 0x01021997UL:  // 9p: WSL 2's Windows drives, VM shared folders
      return "a 9p shared folder";
    case 0x6969UL:  // NFS
      return "an NFS folder";
    case 0x517BUL:      // SMB
    case 0xFF534D42UL:  // CIFS
    case 0xFE534D42UL:  // SMB2
      return "a Windows (SMB) shared folder";
    case 0x786f4256UL:  // VirtualBox shared folder (vboxsf)
      return "a VirtualBox shared folder";
    default:
      return "";
  }
}
#endif

// A step's verdict through the pipe from the background re-check.
nlohmann::json toJson(const StepResult& r) {
  return {{"outcome", static_cast<int>(r.outcome)},
          {"green", r.green},
          {"interrupted", r.interrupted},
          {"summary", r.summary},
          {"detail", r.detail},
          {"explanation", r.explanation}};
}

StepResult stepResultFrom(const nlohmann::json& json) {
  StepResult r;
  r.outcome = static_cast<run::Outcome>(json.at("outcome").get<int>());
  r.green = json.at("green").get<bool>();
  r.interrupted = json.at("interrupted").get<bool>();
  r.summary = json.at("summary").get<std::string>();
  r.detail = json.at("detail").get<std::vector<std::string>>();
  r.explanation = json.at("explanation").get<std::string>();
  return r;
}

// Steps of a lesson to check again.
struct Recheck {
  const Lesson* lesson = nullptr;
  std::vector<const Step*> steps;
};

// The re-check of earlier steps, in a child process: the student's next save stops it at once
// (SIGTERM sets the child's stop flag, which stops its compiler or step program), and nothing
// is shared with the watch but a pipe that brings the verdicts back as JSON.
class Background {
 public:
  Background() = default;
  Background(const Background&) = delete;
  Background& operator=(const Background&) = delete;
  ~Background() {
    stop();
    // A child still finishing (a precompiled header is built without a stop flag) is waited
    // for a moment, then ended.
    for (const pid_t pid : stopping_) {
      for (int i = 0; i < 40 && ::waitpid(pid, nullptr, WNOHANG) == 0; ++i) ::usleep(25000);
      if (::waitpid(pid, nullptr, WNOHANG) == 0) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
      }
    }
  }

  // Starts checking each job's steps again, against the files as they are now.
  void start(Session& s, std::vector<Recheck> jobs) {
    stop();
    jobs.erase(std::remove_if(jobs.begin(), jobs.end(),
                              [](const Recheck& job) { return job.steps.empty(); }),
               jobs.end());
    if (jobs.empty()) return;
    jobs_ = std::move(jobs);
    hashes_.clear();
    for (const Recheck& job : jobs_) {
      hashes_.emplace_back();
      for (const Step* step : job.steps) hashes_.back().push_back(stepHash(*job.lesson, *step));
    }
    int ends[2];
#if MAZEKIT_LINUX
    if (::pipe2(ends, O_CLOEXEC) != 0) return;  // no re-check now; the next save tries again
#else
    if (::pipe(ends) != 0) return;  // no re-check now; the next save tries again
    ::fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    ::fcntl(ends[1], F_SETFD, FD_CLOEXEC);
#endif
    std::cout << std::flush;  // nothing buffered is written twice
    const pid_t pid = ::fork();
    if (pid < 0) {
      ::close(ends[0]);
      ::close(ends[1]);
      return;
    }
    if (pid == 0) {
      ::close(ends[0]);
      struct sigaction action {};
      action.sa_handler = onInterrupt;
      sigemptyset(&action.sa_mask);
      ::sigaction(SIGTERM, &action, nullptr);
      nlohmann::json out;
      try {
        nlohmann::json results = nlohmann::json::array();
        for (const Recheck& job : jobs_) {
          nlohmann::json verdicts = nlohmann::json::array();
          for (const StepResult& r : s.checker.checkTogether(*job.lesson, job.steps, &interrupted))
            verdicts.push_back(toJson(r));
          results.push_back(verdicts);
        }
        out["results"] = results;
      } catch (const std::exception& error) {
        out["error"] = error.what();
      }
      const std::string text = out.dump();
      for (std::size_t at = 0; at < text.size();) {
        const ssize_t n = ::write(ends[1], text.data() + at, text.size() - at);
        if (n <= 0 && errno != EINTR) break;
        if (n > 0) at += static_cast<std::size_t>(n);
      }
      ::_exit(0);  // not exit(): the watch's buffers and files are the parent's
    }
    ::close(ends[1]);
    pid_ = pid;
    fd_ = ends[0];
  }

  // The descriptor that becomes readable when the verdicts are there, or -1.
  int fd() const { return fd_; }

  // Stops a re-check still running: its verdicts are for files that have changed.
  void stop() {
    if (pid_ <= 0) return;
    ::close(fd_);
    fd_ = -1;
    ::kill(pid_, SIGTERM);
    for (int i = 0; i < 20 && ::waitpid(pid_, nullptr, WNOHANG) == 0; ++i) ::usleep(5000);
    if (::waitpid(pid_, nullptr, WNOHANG) == 0) stopping_.push_back(pid_);
    pid_ = -1;
    reap();
  }

  // Reads the verdicts (once fd() is readable), records them in the progress file and returns
  // the steps that broke. Throws std::runtime_error when the re-check itself failed.
  std::vector<Broken> finish(Session& s) {
    std::string text;
    char buffer[4096];
    while (true) {
      const ssize_t n = ::read(fd_, buffer, sizeof buffer);
      if (n > 0) {
        text.append(buffer, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        break;
      }
    }
    ::close(fd_);
    fd_ = -1;
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
    reap();
    std::vector<std::vector<StepResult>> results;
    try {
      const nlohmann::json json = nlohmann::json::parse(text);
      if (json.contains("error")) {
        throw std::runtime_error(json.at("error").get<std::string>());
      }
      for (const nlohmann::json& job : json.at("results")) {
        results.emplace_back();
        for (const nlohmann::json& r : job) results.back().push_back(stepResultFrom(r));
      }
    } catch (const nlohmann::json::exception& error) {
      throw std::runtime_error("the re-check of the earlier steps ended without its verdicts (" +
                               std::string(error.what()) + ")");
    }
    std::vector<Broken> broken;
    for (std::size_t i = 0; i < jobs_.size() && i < results.size(); ++i) {
      std::vector<Broken> found =
          recordRecheck(s, *jobs_[i].lesson, jobs_[i].steps, hashes_[i], results[i]);
      broken.insert(broken.end(), found.begin(), found.end());
    }
    return broken;
  }

 private:
  void reap() {
    stopping_.erase(std::remove_if(stopping_.begin(), stopping_.end(),
                                   [](pid_t pid) { return ::waitpid(pid, nullptr, WNOHANG) != 0; }),
                    stopping_.end());
  }

  pid_t pid_ = -1;
  int fd_ = -1;
  std::vector<Recheck> jobs_;
  std::vector<std::vector<std::string>> hashes_;
  std::vector<pid_t> stopping_;
};

struct WatchOptions {
  std::string lesson;
  bool pollGiven = false;  // --poll SECONDS: always poll
  double poll = 0;
  bool view = false;  // --view: the live page
  bool portGiven = false;
  int port = 8765;  // --port: the live page's port
};

// What the live page shows: what the terminal shows, with the picture's bytes.
ViewState viewOf(const Session& s, const Lesson& lesson, const Step& step, const StepResult& result,
                 const std::vector<Broken>& broken) {
  ViewState view;
  const int total = static_cast<int>(lesson.steps.size());
  view.lesson = "Lesson " + std::to_string(lesson.number) + " of " +
                std::to_string(s.lessons.back().number) + ": " + lesson.title;
  view.step =
      "Step " + std::to_string(step.number) + " of " + std::to_string(total) + ": " + step.title;
  std::vector<Broken> others = broken;
  const std::vector<int> stopped = stoppedByTheSameError(result, lesson, others);
  const std::string progress = progressLine(s, lesson, result, static_cast<int>(stopped.size()));
  view.progress = progress.substr(progress.find("] ") + 2);  // the page draws its own bar
  view.green = result.green;
  view.verdict = result.summary;
  view.detail = result.detail;
  if (!stopped.empty())
    view.detail.push_back("This error also stops " + stepsNamed(stopped) +
                          ", which passed before: they pass again once it is fixed.");
  view.explanation = result.explanation;
  for (const Broken& b : others)
    view.broken.push_back("BROKE  " + brokenLine(b, b.lesson != &lesson));
  fs::path picture = result.picture;
  if (picture.empty() && result.cached) picture = s.checker.picture(lesson, step);
  const auto bytesOf = common::readFileOrEmpty;
  if (!picture.empty()) view.picture = bytesOf(picture);
  if (!view.picture.empty()) {
    view.drawing = bytesOf(fs::path(picture).replace_extension(".svg"));
    view.pictureNote = s.shown(picture);
    if (result.pictureStopped)
      view.pictureNote += " (your screen as it stood when the test stopped)";
  } else if (result.outcome == run::Outcome::doesNotCompile) {
    view.pictureNote = "the step must compile and run first.";
  } else {
    view.pictureNote = "the test stopped before it drew it.";
  }
  view.expected = bytesOf(Checker::expectedPicture(lesson, step));
  if (!result.comparison.empty()) {
    view.comparison = bytesOf(result.comparison);
    view.comparisonNote = s.shown(result.comparison);
  }
  return view;
}

// How saves are waited for: through inotify, or by polling every `seconds` (and why).
struct Watcher {
  int fd = -1;
  int wd = -1;
  fs::path folder;
  bool polling = false;
  double seconds = defaultPollSeconds;
  std::string why;  // why polling, for the student

  Watcher() = default;
  Watcher(const Watcher&) = delete;  // it owns the inotify descriptor
  Watcher& operator=(const Watcher&) = delete;
  ~Watcher() {
    if (fd >= 0) ::close(fd);
  }

  void watch(const fs::path& exercise, bool forced) {
    if (exercise == folder) return;
    folder = exercise;
    if (forced) return;
#if MAZEKIT_LINUX
    const std::string remote = remoteFileSystem(folder);
    if (!remote.empty()) {
      usePolling("your folder is " + remote + ", where saves from outside are not signalled");
      return;
    }
    if (fd < 0) {
      fd = ::inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
      if (fd < 0) {
        usePolling("inotify is not available: " + std::string(std::strerror(errno)));
        return;
      }
    }
    if (wd >= 0) ::inotify_rm_watch(fd, wd);
    wd = ::inotify_add_watch(fd, folder.c_str(),
                             IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE);
    if (wd < 0) usePolling("inotify cannot watch it: " + std::string(std::strerror(errno)));
#else
    usePolling("this system has no inotify");
#endif
  }

  void usePolling(std::string reason) {
    polling = true;
    why = std::move(reason);
  }

  std::string line(const std::string& shown) const {
    std::ostringstream out;
    out << "Watching " << shown << "/ for your saves";
    if (polling) out << ", checking every " << seconds << " s (" << why << ")";
    out << ". Ctrl-C to stop.";
    return out.str();
  }
};

void checkOptions(const WatchOptions& o) {
  if (o.pollGiven && !(std::isfinite(o.poll) && o.poll >= 0.05 && o.poll <= 3600)) {
    std::ostringstream value;
    value << o.poll;
    throw UsageError(
        "--poll takes the seconds between two looks at your folder, from 0.05 to "
        "3600; got " +
        value.str());
  }
  if (o.portGiven && !o.view) throw UsageError("--port is the live view's: give --view with it");
  if (o.portGiven && (o.port < 0 || o.port > 65535)) {
    throw UsageError(
        "--port takes the live view's port, from 1 to 65535 (or 0 for any free one); got " +
        std::to_string(o.port));
  }
  if (::isatty(0) == 0 || ::isatty(1) == 0) {
    throw UsageError(
        "mazekit watch redraws a terminal and waits for your saves: run it in a terminal "
        "(for one check, use mazekit status)");
  }
}

// Ctrl-C sets `interrupted` while watch runs, without SA_RESTART (poll returns at once); the
// handler before is put back when watch ends, however it ends.
class InterruptHandler {
 public:
  InterruptHandler() {
    struct sigaction action {};
    action.sa_handler = onInterrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    ::sigaction(SIGINT, &action, &previous_);
  }
  InterruptHandler(const InterruptHandler&) = delete;
  InterruptHandler& operator=(const InterruptHandler&) = delete;
  ~InterruptHandler() { ::sigaction(SIGINT, &previous_, nullptr); }

 private:
  struct sigaction previous_ {};
};

// The live view, with --view: on the port asked for; the usual one, or any free one when that
// one is taken (another watch, another program). `line` says where to open it.
std::unique_ptr<LiveView> startLiveView(const WatchOptions& o, std::string& line) {
  if (!o.view) return nullptr;
  std::unique_ptr<LiveView> view;
  try {
    view = std::make_unique<LiveView>(o.port);
  } catch (const std::runtime_error& error) {
    if (o.portGiven) throw UsageError(error.what());
    view = std::make_unique<LiveView>(0);
  }
  line = "Live view: " + view->url() + " (open it in your browser; it redraws on every save)";
  // In a codespace the browser is on the student's computer: it reaches the page through
  // GitHub's forwarded address, which needs the key too.
  const std::string forwarded = view->codespacesUrl();
  if (!forwarded.empty()) line += "\nIn this codespace, open it at " + forwarded;
  return view;
}

// What a finished re-check found, with what broke before in steps it did not look at (a lesson
// left). True when that differs from `broken`, which becomes it.
bool takeRecheck(std::vector<Broken> found, const std::vector<Recheck>& jobs,
                 std::vector<Broken>& broken) {
  for (const Broken& b : broken) {
    const bool looked = std::any_of(jobs.begin(), jobs.end(), [&b](const Recheck& job) {
      return std::find(job.steps.begin(), job.steps.end(), b.step) != job.steps.end();
    });
    if (!looked) found.insert(found.begin(), b);
  }
  const bool same = std::equal(found.begin(), found.end(), broken.begin(), broken.end(),
                               [](const Broken& x, const Broken& y) {
                                 return x.step == y.step && x.result.detail == y.result.detail;
                               });
  broken = std::move(found);
  return !same;
}

// Waits for a save, a Ctrl-C, or the end of the earlier steps' re-check (shown again, with
// `show`, when it changes what broke); returns the save or the Ctrl-C.
Event waitForSaveWhileRechecking(Session& s, const Watcher& watcher, const Snapshot& before,
                                 Background& background, const std::vector<Recheck>& jobs,
                                 std::vector<Broken>& broken, std::vector<const Lesson*>& left,
                                 const std::function<void()>& show) {
  Event event = Event::interrupted;
  while (!interrupted) {
#if MAZEKIT_LINUX
    event = watcher.polling ? pollForSave(watcher.folder, before, watcher.seconds, background.fd())
                            : waitForSave(watcher.fd, background.fd());
#else
    event = pollForSave(watcher.folder, before, watcher.seconds, background.fd());
#endif
    if (event != Event::rechecked) return event;
    try {
      std::vector<Broken> found = background.finish(s);
      left.clear();  // checked: what broke there is in `found`
      if (takeRecheck(std::move(found), jobs, broken)) {
        std::cout << "\033[H\033[2J";
        show();
      }
    } catch (const std::runtime_error& error) {
      std::cout << "mazekit: could not check the earlier steps again: " << error.what() << "\n"
                << std::flush;
    }
  }
  return event;
}

// The re-checks of the earlier steps to run while the student reads the verdict at `p`: those of
// each lesson just left, and those before p's step.
std::vector<Recheck> recheckJobs(Session& s, const Position& p,
                                 const std::vector<const Lesson*>& left) {
  std::vector<Recheck> jobs;
  for (const Lesson* earlier : left)
    jobs.push_back({earlier, toRecheck(s, *earlier, static_cast<int>(earlier->steps.size()) + 1)});
  jobs.push_back({p.lesson, toRecheck(s, *p.lesson, p.step->number)});
  return jobs;
}

// One verdict a loop: checks up to the first RED step, shows it, re-checks the earlier steps
// in the background, and waits for the next save (polling compares against the files as they
// were before the check, so a save during the check is checked at once after it). One loop of
// some 70 lines: what it keeps from one save to the next (the lesson, what broke, the lessons
// left) is its own locals.
void watch(const WatchOptions& o) {
  checkOptions(o);
  Session s;
  const bool oneLesson = !o.lesson.empty();
  std::size_t first =
      oneLesson ? s.lessonIndex(findLesson(s.lessons, o.lesson)) : s.currentLessonIndex();
  s.checker.requireBuildTree();
  const InterruptHandler ctrlC;
  std::string viewLine;
  const std::unique_ptr<LiveView> view = startLiveView(o, viewLine);

  Watcher watcher;
  const bool forced = o.pollGiven;
  if (forced) {
    watcher.seconds = o.poll;
    watcher.usePolling("--poll");
  }
  watcher.watch(s.lessons[first].exercise, forced);
  Background background;
  std::vector<Broken> broken;       // earlier steps that the last re-check found broken
  std::vector<const Lesson*> left;  // lessons left whose steps are still to be checked again
  while (!interrupted) {
    fs::path polled = s.lessons[first].exercise;
    Snapshot before = watcher.polling ? snapshot(polled) : Snapshot{};
    background.stop();  // a save: what it was checking has changed
    std::cout << "\033[H\033[2J" << std::flush;
    std::cout << "Checking...\n" << std::flush;
    if (view) view->checking();
    const Position p = advance(s, first, oneLesson, &std::cout, false);
    if (p.interrupted) break;
    std::cout << "\033[H\033[2J";
    if (p.allDone) {
      printAllDone(s, *p.lesson, oneLesson);
      break;
    }
    left.insert(left.end(), p.left.begin(), p.left.end());
    // What the last re-check found stays on the screen, while it still fails, until the
    // next re-check says otherwise.
    broken.erase(std::remove_if(broken.begin(), broken.end(),
                                [&](const Broken& b) {
                                  return s.state.passedEver(b.lesson->id, b.step->id) ||
                                         (b.lesson == p.lesson && b.step->number >= p.step->number);
                                }),
                 broken.end());
    first = s.lessonIndex(*p.lesson);
    watcher.watch(p.lesson->exercise, forced);
    if (watcher.polling && polled != watcher.folder) {
      polled = watcher.folder;
      before = snapshot(polled);
    }
    const std::function<void()> show = [&] {
      printStep(s, *p.lesson, *p.step, p.result, broken);
      std::cout << "\n" << watcher.line(s.shown(watcher.folder)) << "\n";
      if (view) {
        std::cout << viewLine << "\n";
        view->show(viewOf(s, *p.lesson, *p.step, p.result, broken));
      }
      std::cout << std::flush;
    };
    show();
    // The verdict is on the screen: now the earlier steps, while the student reads it.
    const std::vector<Recheck> jobs = recheckJobs(s, p, left);
    const bool nothingToCheck =
        std::all_of(jobs.begin(), jobs.end(), [](const Recheck& job) { return job.steps.empty(); });
    if (nothingToCheck && !broken.empty()) {
      broken.clear();
      std::cout << "\033[H\033[2J";
      show();
    }
    background.start(s, jobs);
    const Event event =
        waitForSaveWhileRechecking(s, watcher, before, background, jobs, broken, left, show);
    if (event != Event::saved) break;
  }
  if (interrupted)
    std::cout << "\nStopped watching. Your progress is saved: run mazekit to see where you are.\n";
}

}  // namespace

void addWatchCommand(CLI::App& app) {
  auto options = std::make_shared<WatchOptions>();
  auto* cmd = app.add_subcommand(
      "watch", "Check again on every save of your code; move on by itself when a step turns green");
  cmd->add_option("--lesson", options->lesson, "Work on this lesson (number or name)");
  auto* poll = cmd->add_option(
      "--poll", options->poll,
      "Look for saves by comparing your files every SECONDS (e.g. 1) rather than "
      "through inotify; mazekit polls by itself on shared folders (docs/student-guide.md)");
  cmd->add_flag("--view", options->view,
                "Show your picture and the verdict in your browser too, on a page served on "
                "127.0.0.1 that redraws on every save");
  auto* port = cmd->add_option("--port", options->port,
                               "The live view's port (default 8765, or a free one if that is "
                               "taken; 0: any free one)");
  cmd->callback([options, poll, port] {
    options->pollGiven = poll->count() > 0;
    options->portGiven = port->count() > 0;
    watch(*options);
  });
}

}  // namespace mazekit::student
