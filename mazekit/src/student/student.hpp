#pragma once
// The student's loop, the parts that need no compiler: the progress bar, the content hash of
// a student's files, the progress file, and which step comes next.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "kit/lessons.hpp"
#include "kit/progress.hpp"

namespace mazekit::student {

/// "[########------------]" with `width` cells inside the brackets, done out of total.
std::string progressBar(int done, int total, int width = 20);

/// 64-bit FNV-1a, continued from `hash`.
std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash = 14695981039346656037ULL);
/// 16 lowercase hex digits.
std::string hex(std::uint64_t value);

/// The student's files of a lesson: every regular file under its exercise folder, except
/// names that start with '.' (editors' swap files, mazekit's backups). Sorted, relative.
std::vector<std::filesystem::path> studentFiles(const std::filesystem::path& exerciseFolder);

/// The content hash a step's verdict depends on: the student's files (names and bytes) and
/// the step's test file. Equal hashes, equal verdicts.
std::string stepHash(const Lesson& lesson, const Step& step);

struct StepRef {
  const Lesson* lesson = nullptr;
  const Step* step = nullptr;
  explicit operator bool() const { return step != nullptr; }
};

/// Where a check starts: the first step, from lesson `first` on in lesson order, that has
/// never passed. Nothing when every step from there on has passed.
StepRef firstNotPassed(const std::vector<Lesson>& lessons, std::size_t first, const State& state);

/// The step the student works on, where a check starts: in lesson `first`, the first step that
/// never passed (or broke since it passed) from the progress file's step on, when that step is
/// in lesson `first`; else, as firstNotPassed, the first from lesson `first` on. An earlier step
/// that broke is checked again after it, not made the student's step behind their back.
StepRef workingStep(const std::vector<Lesson>& lessons, std::size_t first, const State& state);

/// The steps before `upTo` in its lesson that passed once but not against the files as they
/// are now (`hashOf` gives a step's current hash): they must be checked again before the
/// student moves on.
std::vector<const Step*> staleBefore(const Lesson& lesson, const Step& upTo, const State& state,
                                     const std::function<std::string(const Step&)>& hashOf);

/// The ids of the steps that steps 1..upTo of the lesson retire (lesson.json's "retires":
/// earlier tests that a later step's code no longer has to pass). Throws std::runtime_error
/// when lesson.json cannot be read.
std::vector<std::string> retiredBy(const Lesson& lesson, int upTo);

/// Steps of a lesson that still pass: each passed once and no check since has failed it. The
/// progress bar of status and watch, and status --json's "passed". (Steps that passed against
/// other files are checked again while the student works: one that fails then is no longer
/// counted.)
int stillPassing(const Lesson& lesson, const State& state);

/// Steps of a lesson that passed against the files as they are now.
int passedCount(const Lesson& lesson, const State& state,
                const std::function<std::string(const Step&)>& hashOf);

/// What startFromLessonBefore did: one line for each file, and whether the lesson can start.
struct StartedFrom {
  std::vector<std::string> lines;  ///< said to the student; empty when there was nothing to do
  bool ready = true;               ///< false: a starting file is missing (`lines` say why)
};

/// In the student edition a lesson's starting file that is the lesson before's finished code
/// is not handed out (lessons/ID/starts/FILE holds only its opening lines): the lesson starts
/// from the student's own. When `lessons[index]`'s exercise has no such FILE yet and the lesson
/// before's last step is GREEN with its files as they are, the student's FILE of that lesson
/// is copied in below the opening lines that name this lesson; when it is not, the lesson
/// before's reference if the instructor released it (`root`/released/LESSON/FILE, mazekit
/// release). `root` is the kit's top folder; paths are said relative to it.
StartedFrom startFromLessonBefore(const std::vector<Lesson>& lessons, std::size_t index,
                                  const State& state, const std::filesystem::path& root);

}  // namespace mazekit::student
