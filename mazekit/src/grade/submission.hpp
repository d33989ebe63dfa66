#pragma once
// A student's submission: a folder, a .zip or a .tar.gz (.tgz), and what is taken from it —
// only the files the lesson declares (lesson.json "files"); everything else is reported, not
// used. Archives are read structurally with libarchive, in memory: nothing but the declared
// files is ever written, and every size is counted as the bytes come out, not as the
// archive's directory claims.

#include <cstddef>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "kit/lessons.hpp"

namespace mazekit::grade {

struct Submission {
  std::string name;              ///< the student: folder or archive name, no extension, any bytes
  std::filesystem::path source;  ///< the folder or archive
  enum class Kind { folder, zip, tarGz, file } kind = Kind::folder;  ///< file: a lone maze.hpp
};

/// A submission that cannot be graded: one line saying why (every step then scores 0).
class SubmissionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct IntakeLimits {
  std::size_t maxEntries = 2000;          ///< files and folders in a submission
  std::size_t maxEntryBytes = 1u << 20;   ///< a declared file larger than this is refused
  std::size_t maxTotalBytes = 64u << 20;  ///< all bytes read from an archive together
  int maxDepth = 32;                      ///< folders deeper than this are not walked (noted)
};

/// Every subfolder, .zip, .tar.gz or .tgz in `folder`, sorted by name (byte order). Names
/// starting with '.' and other files are listed in `skipped`, each with the reason.
std::vector<Submission> findSubmissions(const std::filesystem::path& folder,
                                        std::vector<std::string>& skipped);

struct PreparedCode {
  /// Said to the student and the instructor: "took Maze.hpp as maze.hpp", "edited test
  /// ignored: tests/step10_dig_east.cpp", "hidden folder not read: .git", ...
  std::vector<std::string> notes;
};

/// Writes the lesson's declared files, taken from `submission`, into `code` (made if it does
/// not exist; it should be empty), each through a temporary file and a rename. Matching a
/// declared name ("maze.hpp") is by file name, anywhere in the submission: exact first; else
/// ignoring case ("Maze.hpp"), else with an extra ".txt" ("maze.hpp.txt"), each with a note.
/// Two or more candidates at the first level that has any: SubmissionError naming them (the
/// first 8, then how many more): never a silent pick. Only regular files are read (opened
/// with O_NOFOLLOW | O_NONBLOCK, checked with fstat, at most maxEntryBytes); links, FIFOs and
/// devices are noted, never followed; hidden files and folders and __MACOSX are not searched.
/// Zips made on Windows (backslashes) or by Python's zipfile (no file-type bits) are read like
/// any other. Throws SubmissionError for an archive that cannot be read or breaks a limit,
/// and when a declared file is missing. Kind::file: the one file is taken as the lesson's
/// only declared file (SubmissionError if the lesson declares several).
///
///     const auto prepared = prepareCode(submission, lesson, work / "code", IntakeLimits{});
///     for (const auto& note : prepared.notes) std::cerr << submission.name << ": " << note;
PreparedCode prepareCode(const Submission& submission, const Lesson& lesson,
                         const std::filesystem::path& code, const IntakeLimits& limits);

}  // namespace mazekit::grade
