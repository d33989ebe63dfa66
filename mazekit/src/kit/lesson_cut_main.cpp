// lesson-cut LESSON_FOLDER OUTPUT_FOLDER CHAFFS_FOLDER STAMP: writes every solution of a lesson,
// cut out of its source/ files, to OUTPUT_FOLDER/solutions/stepNN/, and every chaff of its
// test-writing steps to CHAFFS_FOLDER/STEP/CHAFF/ (kit/lesson_source.hpp), then touches STAMP.
// The build runs it (cmake/kit_lessons.cmake); it needs nothing of mazekit but the cut.
#include <exception>
#include <iostream>

#include "common/files.hpp"
#include "kit/kit.hpp"
#include "kit/lesson_source.hpp"

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "lesson-cut: expected 4 arguments (LESSON_FOLDER OUTPUT_FOLDER CHAFFS_FOLDER "
                 "STAMP), got "
              << argc - 1 << ": the build runs it as cmake/kit_lessons.cmake says\n";
    return 2;
  }
  try {
    const int cut = mazekit::cutLesson(argv[1], argv[2]);
    const int chaffs = mazekit::makeLessonChaffs(argv[1], argv[2], argv[3]);
    common::saveFileAtomically(argv[4], std::to_string(cut) + " solution files and " +
                                            std::to_string(chaffs) + " chaff files written\n");
  } catch (const std::exception& error) {
    std::cerr << "lesson-cut: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
