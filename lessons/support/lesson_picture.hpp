#pragma once
// lesson::picture(screen): the last line of a step's test. When the kit asks for pictures
// (mazekit, or the lesson proof, set MAZEKIT_PICTURES to a folder), it saves the screen as it
// stands as PNG and SVG, with its drawing log, under <folder>/<lesson>/<step>. When the step
// program reports to `mazekit grade` (Catch2's `-r mazekit`), the PNG goes into its report.
// Otherwise it does nothing. The program is told which lesson and step it is drawing by
// MAZEKIT_PICTURE_LESSON and MAZEKIT_PICTURE_STEP (else KIT_LESSON_ID and KIT_STEP_ID, when a
// program is built with them): the lesson programs are built without, so that they share one
// precompiled header with this file in it.

#include <cstdlib>
#include <filesystem>
#include <string>

#include <turtle/turtle.hpp>

#ifndef KIT_LESSON_ID
#define KIT_LESSON_ID "lesson"
#endif
#ifndef KIT_STEP_ID
#define KIT_STEP_ID "step"
#endif

namespace lesson {

namespace harness {
/// True when the program reports to `mazekit grade`, which shows the picture in its report.
bool wantsPicture();
/// Hands the step's picture (PNG bytes) to the report.
void attachPicture(std::string png);
/// Hands the step's drawing (SVG, one element a drawing step, in order) to the report, for
/// mazekit watch --view to play back.
void attachDrawing(std::string svg);
}  // namespace harness

inline void picture(const turtle::Screen& screen) {
  if (harness::wantsPicture()) {
    harness::attachPicture(screen.png());
    harness::attachDrawing(screen.svg());
  }
  const char* folder = std::getenv("MAZEKIT_PICTURES");
  if (folder == nullptr || *folder == '\0') return;
  const auto named = [](const char* variable, const char* otherwise) {
    const char* value = std::getenv(variable);
    return std::string(value != nullptr && *value != '\0' ? value : otherwise);
  };
  const std::filesystem::path base =
      std::filesystem::path(folder) / named("MAZEKIT_PICTURE_LESSON", KIT_LESSON_ID);
  std::filesystem::create_directories(base);
  const std::string step = named("MAZEKIT_PICTURE_STEP", KIT_STEP_ID);
  screen.save(base / (step + ".png"));
  screen.save(base / (step + ".svg"));
  turtle::saveFileAtomically(base / (step + ".log"), screen.drawingLog());
}

}  // namespace lesson
