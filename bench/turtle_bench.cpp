// turtle_bench: how fast the turtle library records, renders and saves, beside Python's
// turtle when it can run here.
//
//     turtle_bench [--quick]
//
// Prints medians of several runs. The figures and the command are kept in
// docs/performance.md. Never a test: a slow machine is not a failure.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <turtle/turtle.hpp>

#include "bench_timing.hpp"

namespace {

using bench::median;
using bench::seconds;

// The maze lesson's drawing: squares stamped on the 20×20 grid, white and yellow in turn.
void stampGrid(turtle::Turtle& t, int stamps) {
  for (int i = 0; i < stamps; ++i) {
    t.goTo(-190 + 20 * (i % 20), 190 - 20 * ((i / 20) % 20));
    t.color(i % 2 == 1 ? "white" : "yellow");
    t.stamp();
  }
}

struct Drawing {
  turtle::Screen screen;
  turtle::Turtle t{screen};
  explicit Drawing(int stamps) {
    screen.bgcolor("blue");
    t.penup();
    t.shape("square");
    t.hideturtle();
    stampGrid(t, stamps);
  }
};

// Stamps per second, recording them and rendering the result to a 400×400 raster.
double stampRate(int stamps, int runs) {
  std::vector<double> rates;
  for (int run = 0; run < runs; ++run) {
    const double elapsed = seconds([stamps] {
      Drawing drawing(stamps);
      if (drawing.screen.colorAt(0, 0) == "black") std::abort();  // renders the raster
    });
    rates.push_back(stamps / elapsed);
  }
  return median(rates);
}

double medianMs(int runs, const std::function<void()>& work) {
  return bench::medianSeconds(runs, work) * 1000;
}

// Runs Python's turtle under a virtual display; 0 when it cannot run here.
double pythonStampRate(int stamps, int runs, std::string& why) {
  if (std::system("command -v xvfb-run >/dev/null 2>&1") != 0) {
    why = "xvfb-run not found (apt-get install xvfb python3-tk)";
    return 0;
  }
  const std::string command = "xvfb-run -a python3 " KIT_PYTHON_PEER " " + std::to_string(stamps) +
                              " " + std::to_string(runs) + " 2>&1";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) {
    why = "could not start python3";
    return 0;
  }
  std::string output;
  std::array<char, 256> buffer{};
  while (fgets(buffer.data(), buffer.size(), pipe.get()) != nullptr) output += buffer.data();
  try {
    return std::stod(output);
  } catch (const std::exception&) {
    why = "python3 with tkinter did not run: " + output.substr(0, 200);
    return 0;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::string(argv[1]) == "--quick";
  if (argc > 2 || (argc == 2 && !quick)) {
    std::cerr << "usage: turtle_bench [--quick]\n";
    return 2;
  }
  const int runs = quick ? 3 : 9;
  const int stamps = 10000;

  std::printf("turtle_bench: median of %d runs each\n\n", runs);
  const double ours = stampRate(stamps, runs);
  std::printf("stamps/s, %d square stamps recorded and rendered to 400x400: %.0f\n", stamps, ours);
  const double maze = stampRate(400, runs * 5);
  std::printf("stamps/s, one 400-stamp maze picture recorded and rendered:  %.0f\n", maze);

  Drawing drawing(400);
  const double svgMs = medianMs(runs * 5, [&] { (void)drawing.screen.svg(); });
  const double pngMs = medianMs(runs * 5, [&] { (void)drawing.screen.png(); });
  const std::string folder = "/tmp";
  const double saveSvgMs =
      medianMs(runs * 5, [&] { drawing.screen.save(folder + "/turtle_bench.svg"); });
  const double savePngMs =
      medianMs(runs * 5, [&] { drawing.screen.save(folder + "/turtle_bench.png"); });
  std::printf("400-stamp drawing, SVG made in memory:  %.2f ms (%zu bytes)\n", svgMs,
              drawing.screen.svg().size());
  std::printf("400-stamp drawing, PNG made in memory:  %.2f ms (%zu bytes)\n", pngMs,
              drawing.screen.png().size());
  std::printf("400-stamp drawing, save() as SVG:       %.2f ms\n", saveSvgMs);
  std::printf("400-stamp drawing, save() as PNG:       %.2f ms\n", savePngMs);

  std::string why;
  const double python = pythonStampRate(stamps, runs, why);
  if (python > 0) {
    std::printf(
        "\nPython turtle, tracer(0), goto + color + stamp + update, same grid: %.0f stamps/s\n",
        python);
    std::printf("ratio, the kit / Python turtle: %.1fx\n", ours / python);
  } else {
    std::printf("\nPython turtle: not run (%s)\n", why.c_str());
  }
  return 0;
}
