#pragma once
// The student edition: the kit without its answers (mazekit student-edition, and init-repo by
// default). It leaves out the lessons' reference solutions, the reference tests of the
// test-writing steps and the starting files that are the lesson before's finished reference;
// it carries STUDENT-EDITION.md, which CMake and mazekit read, and for each test-writing step
// a pack of its wheat and chaffs (scrambled bytes: a speed bump, not a secret).

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "kit/kit.hpp"
#include "kit/lessons.hpp"

namespace mazekit {

/// The kit has no solutions: it is a student edition.
bool isStudentEdition(const Kit& kit);

/// One plain sentence for a command that needs what the edition leaves out:
/// "This is the student edition of the kit, which has no <what>: <instead>."
std::string notInStudentEdition(const std::string& what, const std::string& instead);

/// Throws UsageError with notInStudentEdition(what, instead) when `kit` is a student edition:
/// for the commands that need the solutions (verify, render, grading).
void requireWholeKit(const Kit& kit, const std::string& what, const std::string& instead);

/// A file in a pack: its path inside the pack ("wheat/maze.hpp", "chaff/ID/maze.hpp").
struct PackedFile {
  std::string path;
  std::string bytes;
};

/// The files packed and scrambled (a keyed XOR stream: deterministic, not readable as text).
std::string packFiles(const std::vector<PackedFile>& files);
/// The files of a pack; throws std::runtime_error naming `shownName` when it is not one.
std::vector<PackedFile> unpackFiles(const std::string& pack, const std::string& shownName);

/// Where a test-writing step's pack is in a kit: lessons/LESSON/packs/STEP.pack.
std::filesystem::path packOf(const Lesson& lesson, const Step& step);

/// A private folder (0700) a pack is unpacked into, removed when this goes. wheat() and
/// chaff(id) are the folders of the wheat's files and of each chaff's.
class UnpackedPack {
 public:
  /// Unpacks `pack`; throws std::runtime_error saying what is wrong with it.
  explicit UnpackedPack(const std::filesystem::path& pack);
  ~UnpackedPack();
  UnpackedPack(const UnpackedPack&) = delete;
  UnpackedPack& operator=(const UnpackedPack&) = delete;
  std::filesystem::path wheat() const { return folder_ / "wheat"; }
  std::filesystem::path chaff(const std::string& id) const { return folder_ / "chaff" / id; }

 private:
  std::filesystem::path folder_;
};

/// A file's opening lines: #pragma once and the comment lines after it, which name the lesson
/// (cmake/kit_same_code.cmake reads them the same way), and the code below them.
std::string openingLines(const std::string& text);
std::string codeBelowOpening(const std::string& text);

/// The file of lesson `lesson` that starts as the lesson before finished it: its opening lines
/// are in lessons/ID/starts/FILE in the edition. Empty when the lesson has none.
std::vector<std::string> filesStartingFromLessonBefore(const Lesson& lesson);

/// Copies the kit's files from `source` into `target` (a new folder), leaving out what a
/// build makes and what is the student's alone (build/, .git, the progress file, reset's
/// backups), and whatever `leaveOut` says (a path relative to `source`).
void copyKitFiles(const std::filesystem::path& source, const std::filesystem::path& target,
                  const std::function<bool(const std::filesystem::path&)>& leaveOut = {});

/// Makes the folder `target` (absent or empty) by `make` filling a folder beside it, renamed
/// into place: whole or not there.
void makeFolderWhole(const std::filesystem::path& target,
                     const std::function<void(const std::filesystem::path&)>& make);

/// What writeStudentEdition left out and wrote.
struct EditionCounts {
  int solutionFiles = 0;    ///< files of lessons/*/source/ (every step's solution)
  int referenceTests = 0;   ///< test-writing steps' reference tests
  int startingFiles = 0;    ///< exercises' starting files that are the lesson before's reference
  int instructorFiles = 0;  ///< grading/, tests/, bench/, the library's Maze: with the answers
  int packs = 0;            ///< test-writing steps' packs written
};

/// Writes the student edition of `kit` into `folder` (new, empty or absent). The kit must be
/// configured: the packs are made from its build's chaffs.
EditionCounts writeStudentEdition(const Kit& kit, const std::filesystem::path& folder);

}  // namespace mazekit
