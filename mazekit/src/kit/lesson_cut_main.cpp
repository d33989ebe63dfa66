// lesson-cut LESSON_FOLDER OUTPUT_FOLDER STAMP: writes every solution of a lesson, cut out of its
// source/ files (kit/lesson_source.hpp), to OUTPUT_FOLDER/solutions/stepNN/, then touches STAMP.
// The build runs it (cmake/kit_lessons.cmake); it needs nothing of mazekit but the cut.
#include <exception>
#include <iostream>

#include "common/files.hpp"
#include "kit/kit.hpp"
#include "kit/lesson_source.hpp"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "lesson-cut: expected 3 arguments (LESSON_FOLDER OUTPUT_FOLDER STAMP), got "
              << argc - 1 << ": the build runs it as cmake/kit_lessons.cmake says\n";
    return 2;
  }
  try {
    const int written = mazekit::cutLesson(argv[1], argv[2]);
    common::saveFileAtomically(argv[3], std::to_string(written) + " files written\n");
  } catch (const std::exception& error) {
    std::cerr << "lesson-cut: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
