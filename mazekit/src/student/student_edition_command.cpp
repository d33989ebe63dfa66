// mazekit student-edition DIR: the kit as a class is handed it, without the answers, and
// mazekit release LESSON DIR: a lesson's finished code for it (see kit/edition.hpp and
// docs/instructor-guide.md, "The student edition").
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include <turtle/save_file.hpp>
#include "commands.hpp"
#include "common/files.hpp"
#include "kit/edition.hpp"
#include "kit/kit.hpp"
#include "kit/lessons.hpp"

namespace mazekit::student {
namespace {
namespace fs = std::filesystem;

void studentEdition(const std::string& folder) {
  const Kit kit = locateKit();
  if (isStudentEdition(kit))
    throw UsageError(notInStudentEdition("solutions to leave out",
                                         "make the student edition from the whole kit"));
  const fs::path target = fs::absolute(folder).lexically_normal();
  if (fs::exists(target) && !(fs::is_directory(target) && fs::is_empty(target))) {
    throw UsageError("'" + folder +
                     "' is already there and not an empty folder: student-edition makes a new "
                     "one; give the name of a new folder, e.g. ../maze-kit-class");
  }
  const fs::path source = fs::weakly_canonical(kit.source);
  const fs::path relative = fs::weakly_canonical(target).lexically_relative(source);
  if (!relative.empty() && *relative.begin() != ".." && *relative.begin() != "build" &&
      *relative.begin() != "out") {
    throw UsageError("'" + folder + "' is inside the kit ('" + source.string() +
                     "'): give a folder outside it, e.g. ../maze-kit-class");
  }
  EditionCounts counts;
  makeFolderWhole(target,
                  [&](const fs::path& partial) { counts = writeStudentEdition(kit, partial); });
  std::cout << "Made the student edition in " << folder << ". Left out:\n"
            << "  " << counts.solutionFiles
            << " files of the lessons' solutions (lessons/*/source, every step's code)\n"
            << "  " << counts.referenceTests
            << " reference tests of the steps where the student writes the tests\n"
            << "  " << counts.startingFiles
            << " starting files that are the lesson before's finished code (each lesson starts "
               "from the student's own)\n"
            << "  " << counts.instructorFiles
            << " files of the kit's own tests, graded example class, benchmarks, lesson authors' "
               "guide and the maze library's finished Maze (tests/, grading/, bench/, "
               "docs/lesson-authoring.md, maze/src/maze.cpp, maze/include/maze/maze.hpp, "
               "lessons/support/library)\n"
            << "Added " << counts.packs
            << " packs of the test-writing steps' wheat and chaffs (lessons/*/packs: scrambled, "
               "a speed bump, not a secret).\n\n"
            << "Next: push it for your class (cd " << folder
            << " && git init -b main && git add -A && git commit -m \"Maze kit\"), or make each "
               "student's repository with mazekit init-repo, which makes this edition too.\n"
            << "Grade with this kit (mazekit grade, mazekit autograder): it has the solutions.\n";
}

// mazekit release LESSON DIR: the lesson's finished code (its last solution) into the class's
// student edition, DIR/released/LESSON-ID/, for the students whose own lesson is not finished.
void release(const std::string& lessonName, const std::string& folder) {
  const Kit kit = locateKit();
  requireWholeKit(kit, "solutions to release", "run mazekit release in your whole kit");
  const std::vector<Lesson> lessons = loadLessons(kit);
  const Lesson& lesson = findLesson(lessons, lessonName);
  if (&lesson == &lessons.back())
    throw UsageError("lesson " + std::to_string(lesson.number) +
                     " is the last: no lesson starts from it, so there is nothing to release");
  const fs::path edition = fs::absolute(folder).lexically_normal();
  if (!fs::is_regular_file(edition / studentEditionMarker))
    throw UsageError("'" + folder + "' is not a student edition (it has no " +
                     studentEditionMarker +
                     "): give the folder mazekit student-edition made for your class");
  const fs::path into = edition / "released" / lesson.id;
  std::string names;
  for (const std::string& file : lesson.files) {
    const fs::path finished = solutionFile(lesson, lesson.steps.back(), file);
    const std::string text = common::readFile(finished);
    fs::create_directories(into);
    common::saveFileAtomically(into / file, text);
    names += (names.empty() ? "" : ", ") + file;
  }
  std::cout << "Released lesson " << lesson.number << "'s finished code into " << folder
            << "/released/" << lesson.id << "/ (" << names
            << "). Commit and push it: a student whose own lesson " << lesson.number
            << " is not GREEN starts lesson " << lesson.number + 1 << " from it.\n";
}

}  // namespace

void addReleaseCommand(CLI::App& app) {
  auto lesson = std::make_shared<std::string>();
  auto folder = std::make_shared<std::string>();
  auto* cmd =
      app.add_subcommand("release",
                         "Give a class the finished code of a lesson, to start the next one from "
                         "(instructors)");
  cmd->add_option("LESSON", *lesson, "Lesson number or id")->required();
  cmd->add_option("folder", *folder, "The class's student edition, e.g. ../maze-kit-class")
      ->required();
  cmd->callback([lesson, folder] { release(*lesson, *folder); });
}

void addStudentEditionCommand(CLI::App& app) {
  auto folder = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand(
      "student-edition",
      "Make the kit a class is handed: no solutions, no reference tests (instructors)");
  cmd->add_option("folder", *folder, "The new folder, e.g. ../maze-kit-class")->required();
  cmd->callback([folder] { studentEdition(*folder); });
}

}  // namespace mazekit::student
