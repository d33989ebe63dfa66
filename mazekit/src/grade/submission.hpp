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

/// What a submission may hold. An IDE's or a tool's folder (build/, cmake-build-debug/,
/// node_modules/, .git/, .vscode/, __MACOSX/, ...) is not read: its entries are passed over
/// without being unpacked (a .tar.gz's gzip stream is still inflated to reach what follows,
/// counted against maxScannedBytes) and the notes name the folder.
struct IntakeLimits {
  std::size_t maxEntries = 2000;          ///< files and folders outside the ignored folders
  std::size_t maxEntryBytes = 1u << 20;   ///< a declared file larger than this is refused
  std::size_t maxTotalBytes = 64u << 20;  ///< all bytes taken from an archive together
  /// Entries inside ignored folders (a .git or a node_modules holds thousands): counted only
  /// so that an archive of millions of entries is refused.
  std::size_t maxIgnoredEntries = 200000;
  /// A .tar.gz is one gzip stream: what is not taken is still inflated to be passed over, at
  /// most this much in all (a gzip bomb is stopped here). A zip's entries that are not taken
  /// are never inflated.
  std::size_t maxScannedBytes = std::size_t{1} << 30;
  int maxDepth = 32;  ///< folders deeper than this are not walked (noted)
};

/// Whether a folder of this name is an IDE's, a build's or a tool's, never the student's
/// work: hidden folders (.git, .vscode, .idea, .vs), __MACOSX, build, build-*, build_*,
/// cmake-build-*, out, bin, obj, Debug, Release, x64, node_modules, __pycache__, venv (any
/// case).
bool isIgnoredFolderName(const std::string& name);

/// Every subfolder, .zip, .tar.gz or .tgz in `folder`, sorted by name (byte order). Names
/// starting with '.' and other files are listed in `skipped`, each with the reason.
std::vector<Submission> findSubmissions(const std::filesystem::path& folder,
                                        std::vector<std::string>& skipped);

struct PreparedCode {
  /// Said to the student and the instructor: "took Maze.hpp as maze.hpp", "edited test
  /// ignored: tests/step10_dig_east.cpp", "hidden folder not read: .git", "folder of a build
  /// or a tool, not read: build (only the lesson's files are graded)", "maze.hpp was saved as
  /// UTF-16; graded as UTF-8 — save it as UTF-8 (...)", ...
  std::vector<std::string> notes;
};

/// Writes the lesson's declared files, taken from `submission`, into `code` (made if it does
/// not exist; it should be empty), each through a temporary file and a rename. Where: when the
/// submission holds a folder named for the lesson ("02-building-the-maze", any case) with a
/// file that could be a declared one — a student's repository, its exercises/ folder, the
/// lesson's folder, nested or not — only that folder is searched (one in exercises/ first;
/// never lessons/NN-topic, the kit's; two such folders: SubmissionError naming both).
/// Without one, the whole submission is searched, but never another lesson's folder
/// ("03-solving-the-maze/") or lessons/. Matching a declared name ("maze.hpp") is by file
/// name: exact first; else ignoring case ("Maze.hpp"), else with an extra ".txt"
/// ("maze.hpp.txt"), each with a note. Two or more candidates at the first level that has any:
/// the one where the kit keeps it (at the top of the lesson folder, or of a loose hand-in) if
/// there is one; else SubmissionError naming them (the first 8, then how many more) and how to
/// hand in: never a silent pick. Only regular files are read (opened
/// with O_NOFOLLOW | O_NONBLOCK, checked with fstat, at most maxEntryBytes); links, FIFOs and
/// devices are noted, never followed; hidden files and folders and __MACOSX are not searched.
/// Zips made on Windows (backslashes) or by Python's zipfile (no file-type bits) are read like
/// any other. Folders of builds and tools (isIgnoredFolderName) are neither searched nor
/// unpacked, only named in the notes. A declared file saved as UTF-16 (with or without a
/// byte-order mark) or as Latin-1 (Windows-1252) is converted to UTF-8, and a UTF-8 file's
/// byte-order mark dropped, each with a note; a file that looks like UTF-16 but is not valid
/// UTF-16 is refused, saying to save it as UTF-8. Throws SubmissionError for an archive that cannot
/// be read or breaks a limit, and when a declared file is missing. Kind::file: the one file is
/// taken as the lesson's only declared file (SubmissionError if the lesson declares several).
///
///     const auto prepared = prepareCode(submission, lesson, work / "code", IntakeLimits{});
///     for (const auto& note : prepared.notes) std::cerr << submission.name << ": " << note;
PreparedCode prepareCode(const Submission& submission, const Lesson& lesson,
                         const std::filesystem::path& code, const IntakeLimits& limits);

}  // namespace mazekit::grade
