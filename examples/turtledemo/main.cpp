// turtledemo: runs CPython's turtle demos, ported to the kit, and saves each picture.
//
//     turtledemo [NAME ...]            (default: every demo; pictures in out/turtledemo)
//
// A demo that sleeps (to let Python's viewer look) leaves a picture there too:
// lindenmayer-sleep1.png before its second drawing.
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>

#include "turtledemo.hpp"

int main(int argc, char** argv) {
  try {
    const std::filesystem::path folder = "out/turtledemo";
    std::filesystem::create_directories(folder);
    for (const turtledemo::Demo& demo : turtledemo::demos) {
      bool wanted = argc == 1;
      for (int i = 1; i < argc; ++i) wanted = wanted || std::strcmp(argv[i], demo.name) == 0;
      if (!wanted) continue;
      turtle::Screen screen(800, 600);
      std::deque<turtle::Turtle> turtles;
      int sleeps = 0;
      turtledemo::Run run{screen, turtles, [&](double) {
                            screen.save(folder / (std::string(demo.name) + "-sleep" +
                                                  std::to_string(++sleeps) + ".png"));
                          }};
      const std::string said = demo.main(run);
      const std::filesystem::path picture = folder / (std::string(demo.name) + ".png");
      screen.save(picture);
      std::cout << demo.name << ": " << said << " -> " << picture.string() << "\n";
    }
    return 0;
  } catch (const std::exception& error) {
    std::cerr << "turtledemo: " << error.what() << "\n";
    return 1;
  }
}
