#pragma once
// lesson::picture(screen): the last line of a step's test. When the kit asks for pictures
// (mazekit, or the lesson proof, set MAZEKIT_PICTURES to a folder), it saves the screen as it
// stands as PNG and SVG, with its drawing log, under <folder>/<lesson>/<step>; otherwise it
// does nothing.

#include <cstdlib>
#include <filesystem>

#include <turtle/turtle.hpp>

#ifndef KIT_LESSON_ID
#define KIT_LESSON_ID "lesson"
#endif
#ifndef KIT_STEP_ID
#define KIT_STEP_ID "step"
#endif

namespace lesson {

inline void picture(const turtle::Screen& screen) {
  const char* folder = std::getenv("MAZEKIT_PICTURES");
  if (folder == nullptr || *folder == '\0') return;
  const std::filesystem::path base = std::filesystem::path(folder) / KIT_LESSON_ID;
  std::filesystem::create_directories(base);
  screen.save(base / (std::string(KIT_STEP_ID) + ".png"));
  screen.save(base / (std::string(KIT_STEP_ID) + ".svg"));
  turtle::saveFileAtomically(base / (std::string(KIT_STEP_ID) + ".log"), screen.drawingLog());
}

}  // namespace lesson
