#pragma once
// lesson::picture(screen): the last line of a step's test. When the kit asks for pictures
// (mazekit, or the lesson proof, set MAZEKIT_PICTURES to a folder), it saves the screen as it
// stands as PNG and SVG, with its drawing log, under <folder>/<lesson>/<step>. When the step
// program reports to `mazekit grade` (Catch2's `-r mazekit`), the PNG goes into its report.
// Otherwise it does nothing. The picture is named after the step (KIT_STEP_ID); a program
// that holds several steps' tests is told which step it is drawing by MAZEKIT_PICTURE_STEP.

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
  const std::filesystem::path base = std::filesystem::path(folder) / KIT_LESSON_ID;
  std::filesystem::create_directories(base);
  const char* named = std::getenv("MAZEKIT_PICTURE_STEP");
  const std::string step = named != nullptr && *named != '\0' ? named : KIT_STEP_ID;
  screen.save(base / (step + ".png"));
  screen.save(base / (step + ".svg"));
  turtle::saveFileAtomically(base / (step + ".log"), screen.drawingLog());
}

}  // namespace lesson
