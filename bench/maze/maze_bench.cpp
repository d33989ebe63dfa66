// maze_bench: how fast the maze library is, printed as Markdown tables for docs/performance.md.
//
//   maze_bench            everything: backtracker up to 10000², every generator at 1000²,
//                         breadth-first and A* solves, PNG of a 10000² maze
//   maze_bench --quick    smaller sizes and fewer runs, to check that it works
//
// Two Python recursive backtrackers, timed beside the kit's in the same run when they are given
// (they are not part of the kit; without them the benchmark says so and skips them):
//   --python-iterative SCRIPT   a backtracker with an explicit stack that prints the maze with
//                               '#' blocks; run as `python3 SCRIPT WIDTH HEIGHT CELLSIZE SEED`
//   --python-recursive SCRIPT   a recursive backtracker that keeps its visited cells in a list
//                               and prints '█' blocks; run as `python3 SCRIPT COLUMNS ROWS SEED`,
//                               the sizes in characters (2·cells + 1)
//
// Each figure is the median of several runs. Bytes per cell is the peak of heap memory in use
// while generating (the grid plus the generator's own bookkeeping), counted by the global
// operator new below, divided by the number of cells.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <new>
#include <string>
#include <vector>

#include "bench_timing.hpp"
#include "maze/generators.hpp"
#include "maze/picture.hpp"
#include "maze/solvers.hpp"
#include "maze/text_format.hpp"

// --- Counting heap memory ---------------------------------------------------------------------
namespace {
std::size_t heapInUse = 0;
std::size_t heapPeak = 0;
constexpr std::size_t header = alignof(std::max_align_t);
}  // namespace

void* operator new(std::size_t size) {
  auto* block = static_cast<unsigned char*>(std::malloc(size + header));
  if (block == nullptr) throw std::bad_alloc();
  *reinterpret_cast<std::size_t*>(block) = size;
  heapInUse += size;
  heapPeak = std::max(heapPeak, heapInUse);
  return block + header;
}
void operator delete(void* p) noexcept {
  if (p == nullptr) return;
  auto* block = static_cast<unsigned char*>(p) - header;
  heapInUse -= *reinterpret_cast<std::size_t*>(block);
  std::free(block);
}
void* operator new[](std::size_t size) { return operator new(size); }
void operator delete[](void* p) noexcept { operator delete(p); }
void operator delete(void* p, std::size_t) noexcept { operator delete(p); }
void operator delete[](void* p, std::size_t) noexcept { operator delete(p); }

namespace {

using bench::median;
using bench::medianSeconds;
using bench::seconds;

struct Generation {
  double seconds;
  double bytesPerCell;
};

Generation timeGenerator(maze::Algorithm a, int side, int runs) {
  std::vector<double> times;
  double bytesPerCell = 0;
  for (int i = 0; i < runs; ++i) {
    const std::size_t before = heapInUse;
    heapPeak = heapInUse;
    double t = 0;
    {
      maze::Grid grid(side, side);
      maze::Random random(static_cast<std::uint64_t>(i) + 1);
      t = seconds([&] { maze::generate(a, grid, random); });
    }
    times.push_back(t);
    bytesPerCell = static_cast<double>(heapPeak - before) / (static_cast<double>(side) * side);
  }
  return {median(times), bytesPerCell};
}

std::string millions(double cells, double secs) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", cells / secs / 1e6);
  return b;
}

/// Runs a Python peer `runs` times, its output thrown away, and returns the median wall time;
/// a negative number if python3 fails.
double timePython(const std::string& script, const std::string& args, int runs) {
  const std::string command = "python3 " + script + " " + args + " > /dev/null";
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) {
    int status = 0;
    times.push_back(seconds([&] { status = std::system(command.c_str()); }));
    if (status != 0) return -1;
  }
  return median(times);
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  std::string iterativePeer;
  std::string recursivePeer;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--quick") {
      quick = true;
    } else if ((arg == "--python-iterative" || arg == "--python-recursive") && i + 1 < argc) {
      (arg == "--python-iterative" ? iterativePeer : recursivePeer) = argv[++i];
    } else {
      std::fprintf(stderr,
                   "maze_bench: unknown argument '%s'; expected --quick, --python-iterative "
                   "SCRIPT or --python-recursive SCRIPT\n",
                   arg.c_str());
      return 2;
    }
  }

  std::printf("## Recursive backtracker\n\n");
  std::printf("| cells | median time | million cells/s | bytes per cell (peak heap) | runs |\n");
  std::printf("|---|---|---|---|---|\n");
  const std::vector<int> sides =
      quick ? std::vector<int>{1000, 2000} : std::vector<int>{1000, 4000, 10000};
  for (int side : sides) {
    const int runs = side >= 4000 ? 3 : 7;
    const Generation g =
        timeGenerator(maze::Algorithm::recursiveBacktracker, side, quick ? 3 : runs);
    const double cells = static_cast<double>(side) * side;
    std::printf("| %d² | %.3f s | %s | %.3f | %d |\n", side, g.seconds,
                millions(cells, g.seconds).c_str(), g.bytesPerCell, quick ? 3 : runs);
    std::fflush(stdout);
  }

  std::printf("\n## Every generator at 1000² cells (median of %d runs)\n\n", quick ? 1 : 5);
  std::printf("| algorithm | median time | million cells/s | bytes per cell (peak heap) |\n");
  std::printf("|---|---|---|---|\n");
  for (maze::Algorithm a : maze::allAlgorithms()) {
    const int side = quick ? 300 : 1000;
    const Generation g = timeGenerator(a, side, quick ? 1 : 5);
    std::printf("| %s | %.3f s | %s | %.2f |\n", maze::algorithmName(a).c_str(), g.seconds,
                millions(static_cast<double>(side) * side, g.seconds).c_str(), g.bytesPerCell);
    std::fflush(stdout);
  }

  std::printf("\n## Solving and pictures\n\n");
  std::printf("| task | median time | runs |\n|---|---|---|\n");
  {
    const int side = 1000;
    const maze::Grid grid = maze::generate(maze::Algorithm::recursiveBacktracker, side, side, 1);
    const double bfs = medianSeconds(5, [&] {
      maze::breadthFirst(grid, {0, 0}, {side - 1, side - 1});
    });
    std::printf("| breadth-first solve, 1000² backtracker maze, corner to corner | %.3f s | 5 |\n",
                bfs);
    const double astar = medianSeconds(5, [&] { maze::aStar(grid, {0, 0}, {side - 1, side - 1}); });
    std::printf("| A* solve, same maze | %.3f s | 5 |\n", astar);
    std::fflush(stdout);
  }
  {
    const int side = quick ? 2000 : 10000;
    const maze::Grid grid = maze::generate(maze::Algorithm::recursiveBacktracker, side, side, 1);
    maze::PictureOptions options;
    options.squarePixels = 1;
    std::size_t bytes = 0;
    const double png = medianSeconds(3, [&] { bytes = maze::toPng(grid, options).size(); });
    std::printf("| PNG of a %d² maze (%d×%d pixels, %.1f MB) | %.2f s | 3 |\n", side, 2 * side + 1,
                2 * side + 1, static_cast<double>(bytes) / 1e6, png);
    std::fflush(stdout);
  }

  std::printf("\n## Beside two Python recursive backtrackers (same run, same sizes)\n\n");
  struct Peer {
    const char* label;
    std::string script;
    int side;
    std::string args;
  };
  const int sideIterative = quick ? 300 : 1000;
  const int sideRecursive = quick ? 40 : 100;
  const Peer peersToRun[] = {
      {"Python, explicit stack, a list for the field", iterativePeer, sideIterative,
       std::to_string(sideIterative) + " " + std::to_string(sideIterative) + " 1 1"},
      {"Python, recursive, a list of visited cells (quadratic)", recursivePeer, sideRecursive,
       std::to_string(2 * sideRecursive + 1) + " " + std::to_string(2 * sideRecursive + 1) + " 1"},
  };
  bool headerPrinted = false;
  for (const Peer& p : peersToRun) {
    if (p.script.empty() || !std::ifstream(p.script)) {
      std::printf("(skipped: %s — %s)\n", p.label,
                  p.script.empty() ? "no script given; see the options at the top of maze_bench.cpp"
                                   : ("no file " + p.script).c_str());
      continue;
    }
    if (!headerPrinted) {
      std::printf(
          "| generator | cells | Python median | kit median (generate + text) | kit faster by |\n");
      std::printf("|---|---|---|---|---|\n");
      headerPrinted = true;
    }
    const double python = timePython(p.script, p.args, 3);
    const double kit = medianSeconds(5, [&] {
      const maze::Grid grid =
          maze::generate(maze::Algorithm::recursiveBacktracker, p.side, p.side, 1);
      std::fwrite(maze::toText(grid, maze::TextFormat::hash).data(), 1, 0, stdout);
    });
    if (python < 0) {
      std::printf("| %s | %d² | (python3 failed on %s) | %.4f s | – |\n", p.label, p.side,
                  p.script.c_str(), kit);
    } else {
      std::printf("| %s | %d² | %.2f s | %.4f s | %.0f× |\n", p.label, p.side, python, kit,
                  python / kit);
    }
    std::fflush(stdout);
  }
  return 0;
}
