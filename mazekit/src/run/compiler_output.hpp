#pragma once
// A build's output read for what a student needs of it: the first error (file, line, column,
// message), the notes under it, the first warning in the student's own files, and where the
// student's code asks for a copy that cannot be made. mazekit's student commands and grading
// read it the same way; run/explain.hpp says what the error means.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mazekit::run {

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

}  // namespace mazekit::run
