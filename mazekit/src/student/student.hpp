#pragma once
// The student's loop, the parts that need no compiler: reading a build's first error, the
// progress bar, the content hash of a student's files, the
// progress file, and which step comes next.

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

namespace mazekit::student {

/// "path/to/file": a path under one of `roots` written relative to it, others as they are.
std::string relativeTo(const std::string& path, const std::vector<std::filesystem::path>& roots);

/// `text` on one line (newlines and runs of spaces become one space), cut to `max` characters
/// with "..." at the end when it is longer.
std::string shorten(std::string_view text, std::size_t max);

/// The first compiler (or linker) error in a build's output.
struct BuildError {
  std::string file;  ///< relative to the kit when it is inside it; empty for a link error
  int line = 0;
  int column = 0;
  std::string message;  ///< "'makeScreen' was not declared in this scope"
  /// "lessons/01-turtle-warmup/tests/step01_a_screen.cpp:9:29: 'makeScreen' was not declared ..."
  std::string text(std::size_t max = 200) const;
};

/// The first `error:` of a build's output (g++'s "file:line:col: error: message", or
/// "fatal error:"; else a linker's "undefined reference"; else any line with "error:").
/// Paths under `roots` are made relative to them. Nothing when the output has no error.
std::optional<BuildError> firstBuildError(const std::string& output,
                                          const std::vector<std::filesystem::path>& roots);

/// The notes g++ (or clang) wrote under the first error: the candidates a call could have
/// meant, where a name was declared before, the header to include. At most `most` of them.
std::vector<BuildError> notesOfFirstError(const std::string& output,
                                          const std::vector<std::filesystem::path>& roots,
                                          std::size_t most = 6);

/// The first `warning:` of a build's output that is in the student's own files (its path,
/// made relative to `roots`, starts with `folder`, also relative): what g++ would have the
/// student fix, though the program built. Nothing when there is none.
std::optional<BuildError> firstStudentWarning(const std::string& output,
                                              const std::vector<std::filesystem::path>& roots,
                                              const std::string& folder);

/// Where the student's own code asks for a copy that cannot be made, when the compiler's first
/// error (a deleted copy) is at the test's call: the note, in a file whose path relative to
/// `roots` starts with `folder`, on the parameter that takes the copy (g++: "initializing
/// argument 1 of 'int countWalls(Maze)'", clang: "passing argument to parameter 'maze' here").
/// Nothing when the output has no such note (g++ with -Wfatal-errors prints no notes).
std::optional<BuildError> studentCopyNote(const std::string& output,
                                          const std::vector<std::filesystem::path>& roots,
                                          const std::string& folder);

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

/// What mazekit remembers between runs: where the student is and which steps passed against
/// which content of their files.
struct State {
  std::string lesson;  ///< the lesson the student is on ("01-turtle-warmup"), or empty
  std::string step;    ///< the step the last check stopped at, or empty
  std::map<std::string, std::map<std::string, std::string>> passed;  ///< lesson → step → hash

  bool passedEver(const std::string& lesson, const std::string& step) const;
  bool passedWith(const std::string& lesson, const std::string& step,
                  const std::string& hash) const;
  void markPassed(const std::string& lesson, const std::string& step, const std::string& hash);
  void markFailed(const std::string& lesson, const std::string& step);

  friend bool operator==(const State& a, const State& b) {
    return a.lesson == b.lesson && a.step == b.step && a.passed == b.passed;
  }
};

nlohmann::json toJson(const State& state);
/// Throws std::runtime_error saying what is wrong with the JSON.
State stateFromJson(const nlohmann::json& json);

/// Reads the progress file. A missing file is a fresh start. A file that is not a progress
/// file (cut short, edited by hand) is moved aside to FILE.corrupt and reading starts afresh;
/// `warning` then says so in one line.
State loadState(const std::filesystem::path& file, std::string& warning);
/// Writes the progress file whole or not at all (the folder is created).
void saveState(const std::filesystem::path& file, const State& state);

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
