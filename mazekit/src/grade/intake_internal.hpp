#pragma once
// The inside of a submission's intake, shared by its files: the inventory of what a submission
// holds, and what each file offers the others (intake_folder.cpp, intake_archive.cpp,
// intake_declared_files.cpp, submission.cpp). For grade/'s intake only; its API is submission.hpp.

#include <cstddef>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "common/fd.hpp"
#include "grade/submission.hpp"
#include "kit/lessons.hpp"

namespace mazekit::grade::intake {

// ---- The inventory: what a submission holds -----------------------------------------------

enum class EntryType { file, symlink, hardlink, special };

struct Content {
  std::string bytes;
  bool tooBig = false;  ///< more than maxEntryBytes: `bytes` holds only the start
  std::string error;    ///< libarchive could not read it all
};

/// A file-like entry that is searched for the declared files: not in a hidden folder, not
/// below maxDepth, with a safe path. Folders are not entries.
struct Entry {
  std::string path;      ///< relative, folders joined with '/', the student's bytes
  std::string fileName;  ///< the last part of `path`
  EntryType type = EntryType::file;
  std::string typeName;  ///< "a symbolic link", "a FIFO", ...
  bool read = false;     ///< archives only: `content` holds its bytes
  Content content;
};

/// An entry that is not searched, and why; `shown` is what the notes name (for a file in a
/// hidden folder, the folder).
struct Unread {
  enum class Why { hiddenFolder, hiddenFile, toolFolder, unsafePath, tooDeep, otherLesson } why;
  std::string shown;
  std::string path;
};

struct Inventory {
  std::string where;  ///< "in the archive", "in the folder"
  /// The lesson's own folder the files are taken from ("exercises/02-building-the-maze"),
  /// empty for a loose hand-in.
  std::string lessonFolder;
  std::filesystem::path folder;  ///< folders only: the root, to open a file in when needed
  std::vector<Entry> entries;
  std::vector<Unread> unread;
  std::vector<std::string> warnings;  ///< libarchive's ARCHIVE_WARN, tolerated
};

/// Which of the three ways `fileName` could be `declared`: 1 exactly, 2 in another case
/// ("Maze.hpp"), 3 with an extra ".txt" in any case ("maze.hpp.TXT"); 0 not at all.
int matchLevel(const std::string& fileName, const std::string& declared);

/// The file name of a declared path: "maze.hpp" for "src/maze.hpp".
std::string fileNameOf(const std::string& declared);

/// The lesson's names an entry is worth keeping the bytes of: its declared files (in any of
/// the three ways) and its step tests (to tell an edited copy from an unchanged one).
struct Wanted {
  std::vector<std::string> declaredNames;
  std::set<std::string> testNames;

  /// 1: the exact name of a declared file (too big means refused at once); 2: worth keeping.
  int keep(const std::string& fileName) const {
    int best = 0;
    for (const auto& name : declaredNames) {
      const int level = matchLevel(fileName, name);
      if (level == 1) return 1;
      if (level > 0) best = 2;
    }
    return best != 0 || testNames.count(fileName) != 0 ? 2 : 0;
  }
};

/// What `lesson` wants kept: its declared files' and tests files' names, its step tests'.
Wanted wantedBy(const Lesson& lesson);

// ---- Shared by the intake's files (submission.cpp) -------------------------------------------

/// "1048576 bytes (1 MB)"; the megabytes only when whole.
std::string bytesAndMegabytes(std::size_t bytes);
/// "a, b, c" for up to 8 items, then "... and 12 more".
std::string listed(const std::vector<std::string>& items);
/// errno's text: "Permission denied".
std::string errnoText(int error);
/// A hidden file or folder (".git", ".DS_Store") or __MACOSX.
bool isHiddenName(const std::string& part);
/// A folder an IDE, a build or a tool made (not a hidden one): build/, cmake-build-debug/,
/// Visual Studio's out/, x64/, Debug/, node_modules/, ...
bool isToolFolderName(const std::string& part);
/// The first `count` of `parts`, joined with '/'.
std::string joined(const std::vector<std::string>& parts, std::size_t count);
/// `describe` names the file: "maze.hpp in the archive".
SubmissionError tooBig(const std::string& describe, const IntakeLimits& limits);
/// `what`: "the folder", "the archive".
SubmissionError tooManyEntries(const std::string& what, const IntakeLimits& limits);

// ---- Reading files and walking a folder (intake_folder.cpp) ---------------------------------

/// Opens a plain file for reading: never through a link (O_NOFOLLOW), never blocking on a
/// FIFO (O_NONBLOCK); anything but a plain file is refused after fstat. `describe` names the
/// file in messages ("maze.hpp in the folder").
common::Fd openPlainFileAt(int folder, const char* name, const std::string& describe);
/// The same for `file` in its own folder (the folder itself may be reached through a link).
common::Fd openPlainFile(const std::filesystem::path& file, const std::string& describe);
/// At most `limit` + 1 bytes of an open file: one byte more than allowed is enough to know.
Content readAtMost(int fd, std::size_t limit, const std::string& describe);
/// Opens `relative` inside `root` one folder at a time, each with O_NOFOLLOW, so that no
/// part of the path can be a link, even one made after the folder was walked.
Content readInsideFolder(const std::filesystem::path& root, const std::string& relative,
                         std::size_t limit, const std::string& describe);
/// The inventory of a submitted folder, walked without following links.
Inventory walkFolder(const std::filesystem::path& root, const IntakeLimits& limits);

// ---- Reading an archive (intake_archive.cpp) ------------------------------------------------

/// The inventory of a .zip or .tar.gz, read in memory by libarchive: the bytes of the entries
/// `wanted` names are kept (Entry::read), every other entry passed over.
Inventory scanArchive(const Submission& submission, const Wanted& wanted,
                      const IntakeLimits& limits);

// ---- Finding the declared files (intake_declared_files.cpp) ----------------------------------

/// Narrows `inventory` to the lesson's own folder when the submission holds one, else drops
/// other lessons' folders; says so in `notes`.
void keepTheLessonFolder(Inventory& inventory, const Lesson& lesson,
                         std::vector<std::string>& notes);
/// The one entry that is `declared`, with a note when its name or place was not exact.
const Entry& chooseEntry(const Inventory& inventory, const std::string& declared,
                         const Lesson& lesson, const IntakeLimits& limits,
                         std::vector<std::string>& notes);

}  // namespace mazekit::grade::intake
