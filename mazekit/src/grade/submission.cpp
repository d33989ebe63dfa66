// Finding submissions and taking from each only the lesson's declared files.
//
// An instructor grades careless and hostile students together, so a submission is first
// turned into an inventory: every entry's path (split into folders, whatever separator the
// student's computer used) and type. Nothing is trusted that a student could lie about:
//   - folders are walked without following links, never below IntakeLimits::maxDepth;
//   - archives are read by libarchive in this process, in memory: no entry is ever unpacked
//     to disk, so an absolute path or a `..` cannot write anywhere, and every size is counted
//     as the decompressed bytes come out, not as the archive's directory claims;
//   - a file is opened only if it is a plain file, with O_NOFOLLOW and O_NONBLOCK, so a link
//     is never followed and a FIFO never blocks.
// Then the lesson's own folder is found, if the submission has one (exercises/02-building-the-
// maze/ of a student's repository): only what is in it is searched. Each declared file is
// looked for by name (exact, else any case, else with an extra ".txt"), and everything else
// the student handed in is reported in notes.
#include "grade/submission.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <locale.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>
#include <system_error>
#include <utility>

#include "common/files.hpp"
#include "common/text.hpp"
#include "run/text.hpp"

namespace fs = std::filesystem;

namespace mazekit::grade {
namespace {

// ---- Owners of C handles ----------------------------------------------------------------

using common::asciiLower;
using common::endsWith;
using common::Fd;

struct ArchiveReadFree {
  void operator()(archive* reader) const noexcept { archive_read_free(reader); }
};
using ArchiveReader = std::unique_ptr<archive, ArchiveReadFree>;

/// While it lives, this thread's locale is C.UTF-8. libarchive converts names stored as
/// UTF-8 (zips with the UTF-8 flag, pax tarballs) to the current locale; in the plain "C"
/// locale that fails for "Zoë/maze.hpp" and the name is lost. Under C.UTF-8 such names come
/// out unchanged, and names stored as raw bytes (Latin-1 zips, GNU tar) are copied as they
/// are. uselocale changes this thread only, and the old locale is restored.
class Utf8NamesOnThisThread {
 public:
  Utf8NamesOnThisThread()
      : utf8_(newlocale(LC_ALL_MASK, "C.UTF-8", locale_t{})),
        previous_(utf8_ ? uselocale(utf8_) : locale_t{}) {}
  Utf8NamesOnThisThread(const Utf8NamesOnThisThread&) = delete;
  Utf8NamesOnThisThread& operator=(const Utf8NamesOnThisThread&) = delete;
  ~Utf8NamesOnThisThread() {
    if (utf8_) {
      uselocale(previous_);
      freelocale(utf8_);
    }
  }

 private:
  locale_t utf8_;
  locale_t previous_;
};

// ---- Small helpers ----------------------------------------------------------------------

std::string bytesAndMegabytes(std::size_t bytes) {
  const std::string exact = std::to_string(bytes) + " bytes";
  const bool megabytes = bytes >= (1u << 20) && bytes % (1u << 20) == 0;
  return megabytes ? exact + " (" + std::to_string(bytes >> 20) + " MB)" : exact;
}

/// "a, b, c" for up to 8 items, then "... and 12 more".
std::string listed(const std::vector<std::string>& items) {
  constexpr std::size_t shown = 8;
  std::string out;
  for (std::size_t i = 0; i < items.size() && i < shown; ++i) out += (i ? ", " : "") + items[i];
  if (items.size() > shown) out += " and " + std::to_string(items.size() - shown) + " more";
  return out;
}

/// One note for a group: "hidden folder not read: .git", "hidden folders not read: .a, .b".
void noteGroup(std::vector<std::string>& notes, const std::string& one, const std::string& many,
               const std::vector<std::string>& items, const std::string& why = "") {
  if (items.empty()) return;
  notes.push_back((items.size() == 1 ? one : many) + ": " + listed(items) + why);
}

std::string errnoText(int error) { return std::generic_category().message(error); }

/// libarchive's last error on one line.
std::string archiveMessage(archive* reader) {
  const char* text = archive_error_string(reader);
  std::string message = text != nullptr ? text : "unknown error";
  std::replace(message.begin(), message.end(), '\n', ' ');
  while (!message.empty() && message.back() == ' ') message.pop_back();
  return message;
}

SubmissionError cannotReadArchive(archive* reader) {
  return SubmissionError("cannot read the archive: " + archiveMessage(reader) +
                         "; make it again and check that it opens");
}

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
  fs::path folder;  ///< folders only: the root, to open a file in when needed
  std::vector<Entry> entries;
  std::vector<Unread> unread;
  std::vector<std::string> warnings;  ///< libarchive's ARCHIVE_WARN, tolerated
};

/// Which of the three ways `fileName` could be `declared`: 1 exactly, 2 in another case
/// ("Maze.hpp"), 3 with an extra ".txt" in any case ("maze.hpp.TXT"); 0 not at all.
int matchLevel(const std::string& fileName, const std::string& declared) {
  if (fileName == declared) return 1;
  const std::string lower = asciiLower(fileName);
  if (lower == asciiLower(declared)) return 2;
  if (lower == asciiLower(declared) + ".txt") return 3;
  return 0;
}

std::string fileNameOf(const std::string& declared) {
  return fs::path(declared).filename().string();
}

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

Wanted wantedBy(const Lesson& lesson) {
  Wanted wanted;
  for (const auto& file : lesson.files) wanted.declaredNames.push_back(fileNameOf(file));
  for (const auto& file : lesson.testsFiles()) wanted.declaredNames.push_back(fileNameOf(file));
  for (const auto& step : lesson.steps) wanted.testNames.insert(step.test.filename().string());
  return wanted;
}

bool isHiddenName(const std::string& part) {
  return (!part.empty() && part.front() == '.') || part == "__MACOSX";
}

/// A folder an IDE, a build or a tool made (not a hidden one): build/, cmake-build-debug/,
/// Visual Studio's out/, x64/, Debug/, node_modules/, ...
bool isToolFolderName(const std::string& part) {
  const std::string name = asciiLower(part);
  static const std::set<std::string> names{"build",   "out", "bin",          "obj",  "debug",
                                           "release", "x64", "node_modules", "venv", "__pycache__"};
  return names.count(name) != 0 || name.rfind("build-", 0) == 0 || name.rfind("build_", 0) == 0 ||
         name.rfind("cmake-build-", 0) == 0;
}

std::string joined(const std::vector<std::string>& parts, std::size_t count) {
  std::string out;
  for (std::size_t i = 0; i < count && i < parts.size(); ++i) out += (i ? "/" : "") + parts[i];
  return out;
}

/// `describe` names the file: "maze.hpp in the archive".
SubmissionError tooBig(const std::string& describe, const IntakeLimits& limits) {
  return SubmissionError(describe + " is larger than " + std::to_string(limits.maxEntryBytes) +
                         " bytes; a lesson file may have at most " +
                         bytesAndMegabytes(limits.maxEntryBytes));
}

SubmissionError tooManyEntries(const std::string& what, const IntakeLimits& limits) {
  return SubmissionError(what + " holds more than " + std::to_string(limits.maxEntries) +
                         " files and folders; at most " + std::to_string(limits.maxEntries) +
                         " are accepted (leave out build folders and .git)");
}

// ---- Opening files without following links -----------------------------------------------

/// Opens a plain file for reading: never through a link (O_NOFOLLOW), never blocking on a
/// FIFO (O_NONBLOCK); anything but a plain file is refused after fstat. `describe` names the
/// file in messages ("maze.hpp in the folder").
Fd openPlainFileAt(int folder, const char* name, const std::string& describe) {
  Fd fd(::openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (!fd) {
    const int error = errno;
    if (error == ELOOP) {
      throw SubmissionError(describe + " is a symbolic link; only plain files are accepted");
    }
    throw SubmissionError("cannot open " + describe + ": " + errnoText(error));
  }
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) {
    throw SubmissionError("cannot read " + describe + ": " + errnoText(errno));
  }
  if (!S_ISREG(info.st_mode)) {
    throw SubmissionError(describe + " is not a plain file; only plain files are accepted");
  }
  return fd;
}

/// At most `limit` + 1 bytes of an open file: one byte more than allowed is enough to know.
Content readAtMost(int fd, std::size_t limit, const std::string& describe) {
  Content content;
  char chunk[64 * 1024];
  for (;;) {
    const ssize_t got = ::read(fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw SubmissionError("cannot read " + describe + ": " + errnoText(errno));
    if (got == 0) break;
    const std::size_t room = limit + 1 - content.bytes.size();
    content.bytes.append(chunk, std::min(room, static_cast<std::size_t>(got)));
    if (content.bytes.size() > limit) {
      content.tooBig = true;
      content.bytes.resize(limit);
      break;
    }
  }
  return content;
}

/// Opens `relative` inside `root` one folder at a time, each with O_NOFOLLOW, so that no
/// part of the path can be a link, even one made after the folder was walked.
Content readInsideFolder(const fs::path& root, const std::string& relative, std::size_t limit,
                         const std::string& describe) {
  Fd folder(::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!folder) throw SubmissionError("cannot open the submission's folder: " + errnoText(errno));
  std::vector<std::string> parts;
  std::istringstream in(relative);
  for (std::string part; std::getline(in, part, '/');) parts.push_back(part);
  if (parts.empty()) throw SubmissionError("cannot open " + describe + ": it has no name");
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    Fd next(
        ::openat(folder.get(), parts[i].c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!next)
      throw SubmissionError("cannot open the folder of " + describe + ": " + errnoText(errno));
    folder = std::move(next);
  }
  const Fd file = openPlainFileAt(folder.get(), parts.back().c_str(), describe);
  return readAtMost(file.get(), limit, describe);
}

// ---- Walking a folder -----------------------------------------------------------------------

std::string specialTypeName(fs::file_type type) {
  switch (type) {
    case fs::file_type::fifo:
      return "a FIFO";
    case fs::file_type::socket:
      return "a socket";
    case fs::file_type::block:
      return "a block device";
    case fs::file_type::character:
      return "a character device";
    default:
      return "a special file";
  }
}

Inventory walkFolder(const fs::path& root, const IntakeLimits& limits) {
  Inventory inventory;
  inventory.where = "in the folder";
  inventory.folder = root;
  std::error_code error;
  if (!fs::is_directory(fs::symlink_status(root, error))) {
    throw SubmissionError(
        "the submission " + root.filename().string() +
        " is not a folder (a link to a folder is not followed); hand in a folder, .zip or .tar.gz");
  }
  const std::string rootText = root.native();
  std::size_t seen = 0;
  // The iterator never follows a link to a folder (no follow_directory_symlink), and
  // disable_recursion_pending() keeps it out of hidden folders and below maxDepth: 25,000
  // nested folders cost maxDepth steps, not 25,000.
  fs::recursive_directory_iterator it(root, fs::directory_options::none, error);
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    if (++seen > limits.maxEntries) throw tooManyEntries("the folder", limits);
    std::string path = it->path().native().substr(rootText.size());
    while (!path.empty() && path.front() == '/') path.erase(0, 1);
    const std::string name = it->path().filename().native();
    const fs::file_status status = it->symlink_status(error);
    if (error) break;
    const int parts = it.depth() + 1;
    if (fs::is_directory(status)) {
      if (isHiddenName(name)) {
        inventory.unread.push_back({Unread::Why::hiddenFolder, path, path});
        it.disable_recursion_pending();
      } else if (isToolFolderName(name)) {
        inventory.unread.push_back({Unread::Why::toolFolder, path, path});
        it.disable_recursion_pending();
      } else if (parts >= limits.maxDepth) {
        inventory.unread.push_back({Unread::Why::tooDeep, path, path});
        it.disable_recursion_pending();
      }
      continue;
    }
    if (isHiddenName(name)) {
      inventory.unread.push_back({Unread::Why::hiddenFile, path, path});
      continue;
    }
    Entry entry;
    entry.path = path;
    entry.fileName = name;
    if (fs::is_symlink(status)) {
      entry.type = EntryType::symlink;
      entry.typeName = "a symbolic link";
    } else if (!fs::is_regular_file(status)) {
      entry.type = EntryType::special;
      entry.typeName = specialTypeName(status.type());
    }
    inventory.entries.push_back(std::move(entry));
  }
  if (error) throw SubmissionError("cannot read the submission's folder: " + error.message());
  return inventory;
}

// ---- Reading an archive ---------------------------------------------------------------------

/// An archive's path split into folders; `unsafe`: absolute, a drive letter or "..".
struct ArchivePath {
  std::vector<std::string> parts;
  bool unsafe = false;
};

ArchivePath splitArchivePath(const std::string& name, bool backslashSeparates) {
  ArchivePath path;
  const auto separator = [&](char c) { return c == '/' || (backslashSeparates && c == '\\'); };
  if (!name.empty() && separator(name.front())) path.unsafe = true;
  const bool letter = name.size() >= 2 &&
                      ((name[0] >= 'A' && name[0] <= 'Z') || (name[0] >= 'a' && name[0] <= 'z'));
  if (letter && name[1] == ':') path.unsafe = true;
  std::string part;
  for (std::size_t i = 0; i <= name.size(); ++i) {
    if (i < name.size() && !separator(name[i])) {
      part += name[i];
      continue;
    }
    if (part == "..") path.unsafe = true;
    if (!part.empty() && part != ".") path.parts.push_back(part);
    part.clear();
  }
  return path;
}

/// What an archive's entry is, from its header alone.
std::pair<EntryType, std::string> archiveEntryType(archive_entry* header, bool& isFolder) {
  isFolder = false;
  if (archive_entry_hardlink(header) != nullptr) return {EntryType::hardlink, "a hard link"};
  switch (archive_entry_filetype(header)) {
    // A zip made by Python's zipfile may carry no file-type bits at all; libarchive reports
    // it as a plain file, and so does 0 here: a non-folder entry without a type is a file.
    case 0:
    case AE_IFREG:
      return {EntryType::file, ""};
    case AE_IFDIR:
      isFolder = true;
      return {EntryType::file, ""};
    case AE_IFLNK:
      return {EntryType::symlink, "a symbolic link"};
    case AE_IFIFO:
      return {EntryType::special, "a FIFO"};
    case AE_IFCHR:
      return {EntryType::special, "a character device"};
    case AE_IFBLK:
      return {EntryType::special, "a block device"};
    case AE_IFSOCK:
      return {EntryType::special, "a socket"};
    default:
      return {EntryType::special, "a special file"};
  }
}

class ArchiveScan {
 public:
  ArchiveScan(const Submission& submission, const Wanted& wanted, const IntakeLimits& limits)
      : submission_(submission), wanted_(wanted), limits_(limits), chunk_(64 * 1024) {}

  Inventory run() {
    inventory_.where = "in the archive";
    const bool zip = submission_.kind == Submission::Kind::zip;
    const Utf8NamesOnThisThread utf8Names;  // before the reader: it reads the locale once
    const Fd file = openArchiveFile();
    const ArchiveReader reader(archive_read_new());
    if (!reader) throw std::bad_alloc();
    // Only the formats a student hands in: fewer parsers, fewer surprises. gzip is read by
    // zlib inside libarchive; ARCHIVE_WARN would mean an external gzip program instead. A zip
    // is read by its central directory (the seekable reader): an entry that is not taken is
    // passed over by seeking, never inflated, so a bomb in build/ costs nothing. (The
    // streaming reader inflates an entry whose size is only in its data descriptor to find
    // its end.)
    const int support = zip ? archive_read_support_format_zip_seekable(reader.get())
                            : std::min(archive_read_support_filter_gzip(reader.get()),
                                       archive_read_support_format_tar(reader.get()));
    if (support != ARCHIVE_OK) {
      throw std::runtime_error("libarchive cannot read " + std::string(zip ? "zip" : "tar.gz") +
                               " in-process: " + archiveMessage(reader.get()) +
                               "; install Debian's libarchive13");
    }
    if (archive_read_open_fd(reader.get(), file.get(), chunk_.size()) != ARCHIVE_OK) {
      throw cannotReadArchive(reader.get());
    }
    int retries = 0;
    for (;;) {
      archive_entry* header = nullptr;
      const int status = archive_read_next_header(reader.get(), &header);
      if (status == ARCHIVE_EOF) break;
      if (status == ARCHIVE_RETRY && ++retries < 8) continue;
      if (status < ARCHIVE_WARN) throw cannotReadArchive(reader.get());
      takeEntry(reader.get(), header, status == ARCHIVE_WARN ? archiveMessage(reader.get()) : "",
                zip);
    }
    return std::move(inventory_);
  }

 private:
  Fd openArchiveFile() const {
    const fs::path& source = submission_.source;
    const std::string describe = "the archive " + source.filename().string();
    Fd folder(::open(source.has_parent_path() ? source.parent_path().c_str() : ".",
                     O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!folder) throw SubmissionError("cannot open " + describe + ": " + errnoText(errno));
    return openPlainFileAt(folder.get(), source.filename().c_str(), describe);
  }

  void takeEntry(archive* reader, archive_entry* header, const std::string& warning, bool zip) {
    const char* rawName = archive_entry_pathname(header);
    if (rawName == nullptr) {
      // Its name could not be read (a zip flagged UTF-8 that is not): nothing to match.
      inventory_.warnings.push_back("an entry whose name cannot be read was skipped (" + warning +
                                    ")");
      countEntry(false);
      passOver(reader, "an entry");
      return;
    }
    if (!warning.empty()) inventory_.warnings.push_back(std::string(rawName) + ": " + warning);
    // Zips made on Windows may separate folders with '\'; in a zip it is never part of a name.
    const ArchivePath path = splitArchivePath(rawName, zip);
    bool isFolder = false;
    const auto [type, typeName] = archiveEntryType(header, isFolder);
    const std::string joinedPath = joined(path.parts, path.parts.size());
    if (path.unsafe) {
      countEntry(false);
      inventory_.unread.push_back({Unread::Why::unsafePath, rawName, rawName});
      passOver(reader, rawName);
      return;
    }
    // A folder of a build or a tool (build/, .git/, node_modules/): one note, nothing read.
    for (std::size_t i = 0; i < path.parts.size(); ++i) {
      const bool inFolder = isFolder || i + 1 < path.parts.size();
      if (!inFolder || !isIgnoredFolderName(path.parts[i])) continue;
      countEntry(true);
      // Kept once a folder (a node_modules holds thousands), and for each file a lesson's
      // name could be: a refusal then says where it was.
      const std::string shown = joined(path.parts, i + 1);
      if (ignoredFolders_.insert(shown).second || wanted_.keep(path.parts.back()) != 0) {
        inventory_.unread.push_back(
            {isHiddenName(path.parts[i]) ? Unread::Why::hiddenFolder : Unread::Why::toolFolder,
             shown, joinedPath});
      }
      passOver(reader, joinedPath);
      return;
    }
    countEntry(false);
    if (path.parts.empty()) {  // "./": the archive's own top folder
      passOver(reader, rawName);
      return;
    }
    if (isHiddenName(path.parts.back())) {
      inventory_.unread.push_back({Unread::Why::hiddenFile, joinedPath, joinedPath});
      passOver(reader, joinedPath);
      return;
    }
    const auto maxDepth = static_cast<std::size_t>(std::max(limits_.maxDepth, 0));
    if (path.parts.size() > maxDepth) {
      inventory_.unread.push_back({Unread::Why::tooDeep, joined(path.parts, maxDepth), joinedPath});
      passOver(reader, joinedPath);
      return;
    }
    if (isFolder) {
      passOver(reader, joinedPath);
      return;
    }
    Entry entry;
    entry.path = joinedPath;
    entry.fileName = path.parts.back();
    entry.type = type;
    entry.typeName = typeName;
    const int keep = type == EntryType::file ? wanted_.keep(entry.fileName) : 0;
    entry.read = keep != 0;
    if (keep != 0) {
      drain(reader, &entry.content, joinedPath, keep == 1);
    } else {
      passOver(reader, joinedPath);
    }
    inventory_.entries.push_back(std::move(entry));
  }

  /// Counts an entry: one in an ignored folder against maxIgnoredEntries, any other against
  /// maxEntries.
  void countEntry(bool ignored) {
    if (ignored) {
      if (++ignoredEntries_ > limits_.maxIgnoredEntries) {
        throw SubmissionError(
            "the archive holds more than " + std::to_string(limits_.maxIgnoredEntries) +
            " entries in build and tool folders (build, node_modules, .git, ...); leave them out "
            "and hand in the lesson's files");
      }
    } else if (++entries_ > limits_.maxEntries) {
      throw tooManyEntries("the archive", limits_);
    }
  }

  /// Passes over an entry that is not taken. A zip's is never inflated: the next header is
  /// found by seeking. A tarball's data is inflated and thrown away in chunks, counted against
  /// maxScannedBytes (inside libarchive's own skip it could not be stopped).
  void passOver(archive* reader, const std::string& path) {
    if (submission_.kind != Submission::Kind::zip) drain(reader, nullptr, path, false);
  }

  void countScanned(std::size_t bytes) {
    scannedBytes_ += bytes;
    if (scannedBytes_ > limits_.maxScannedBytes) {
      throw SubmissionError("the archive unpacks to more than " +
                            std::to_string(limits_.maxScannedBytes) + " bytes; at most " +
                            bytesAndMegabytes(limits_.maxScannedBytes) +
                            " are read (a .tar.gz is unpacked whole to reach its files: leave "
                            "out build folders and large files, or hand in a .zip)");
    }
  }

  /// Reads an entry's data to its end in chunks, counting every decompressed byte against
  /// maxScannedBytes and, when it is kept (`keep`), against maxTotalBytes; keeps at most
  /// maxEntryBytes of it in `keep`. A declared file's exact name over maxEntryBytes is refused
  /// at once: reading on would only feed a zip bomb.
  void drain(archive* reader, Content* keep, const std::string& path, bool declared) {
    std::size_t entryBytes = 0;
    int retries = 0;
    for (;;) {
      const la_ssize_t got = archive_read_data(reader, chunk_.data(), chunk_.size());
      if (got == 0) return;
      if (got == ARCHIVE_RETRY && ++retries < 8) continue;
      if (got == ARCHIVE_WARN) {
        const std::string message = archiveMessage(reader);
        inventory_.warnings.push_back(path + ": " + message);
        if (keep != nullptr) keep->error = message;
        return;
      }
      if (got < 0) throw cannotReadArchive(reader);
      const auto bytes = static_cast<std::size_t>(got);
      countScanned(bytes);
      if (keep == nullptr) continue;
      totalBytes_ += bytes;
      if (totalBytes_ > limits_.maxTotalBytes) {
        throw SubmissionError("the files taken from the archive unpack to more than " +
                              std::to_string(limits_.maxTotalBytes) + " bytes; at most " +
                              bytesAndMegabytes(limits_.maxTotalBytes) +
                              " are accepted (hand in the lesson's files, not copies of them)");
      }
      entryBytes += bytes;
      if (keep->tooBig) continue;
      if (entryBytes > limits_.maxEntryBytes) {
        if (declared) throw tooBig(path + " " + inventory_.where, limits_);
        keep->tooBig = true;
        keep->bytes.clear();
        continue;
      }
      keep->bytes.append(chunk_.data(), bytes);
    }
  }

  const Submission& submission_;
  const Wanted& wanted_;
  const IntakeLimits& limits_;
  std::vector<char> chunk_;
  std::size_t totalBytes_ = 0;    ///< inflated bytes of the entries taken
  std::size_t scannedBytes_ = 0;  ///< inflated bytes of every entry read or passed over
  std::size_t entries_ = 0;
  std::size_t ignoredEntries_ = 0;
  std::set<std::string> ignoredFolders_;
  Inventory inventory_;
};

// ---- The encoding of a declared file ------------------------------------------------------------
//
// Notepad saves "Unicode" (UTF-16 with a byte-order mark), Visual Studio and PowerShell may
// save UTF-16 or add a UTF-8 byte-order mark, and an old editor saves Latin-1: the compiler
// then says "stray '\377' in program" with no word about the encoding. What the student meant
// is the same text in UTF-8, so that is what is graded, and the notes say so.

/// Windows-1252's characters for 0x80..0x9F, where Latin-1 has control characters no editor
/// saves; the five Windows-1252 leaves undefined are taken as Latin-1's.
constexpr char32_t windows1252[32] = {
    0x20AC, 0x81,   0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x8D,   0x017D, 0x8F,   0x90,   0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D,   0x017E, 0x0178};

void appendUtf8(std::string& out, char32_t c) {
  const auto byte = [&out](std::uint32_t value) { out += static_cast<char>(value & 0xFF); };
  const auto code = static_cast<std::uint32_t>(c);
  if (code < 0x80) {
    byte(code);
  } else if (code < 0x800) {
    byte(0xC0 | (code >> 6));
    byte(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    byte(0xE0 | (code >> 12));
    byte(0x80 | ((code >> 6) & 0x3F));
    byte(0x80 | (code & 0x3F));
  } else {
    byte(0xF0 | (code >> 18));
    byte(0x80 | ((code >> 12) & 0x3F));
    byte(0x80 | ((code >> 6) & 0x3F));
    byte(0x80 | (code & 0x3F));
  }
}

/// UTF-16 code units (after any byte-order mark) as UTF-8; false for an odd number of bytes or
/// a surrogate without its pair.
bool utf16ToUtf8(std::string_view bytes, bool bigEndian, std::string& out) {
  if (bytes.size() % 2 != 0) return false;
  const auto unit = [&](std::size_t i) {
    const auto first = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i]));
    const auto second = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1]));
    return bigEndian ? (first << 8) | second : (second << 8) | first;
  };
  for (std::size_t i = 0; i < bytes.size(); i += 2) {
    const std::uint32_t high = unit(i);
    if (high >= 0xDC00 && high <= 0xDFFF) return false;
    if (high < 0xD800 || high > 0xDBFF) {
      appendUtf8(out, static_cast<char32_t>(high));
      continue;
    }
    if (i + 2 >= bytes.size()) return false;
    const std::uint32_t low = unit(i + 2);
    if (low < 0xDC00 || low > 0xDFFF) return false;
    appendUtf8(out, static_cast<char32_t>(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)));
    i += 2;
  }
  return true;
}

/// UTF-16 without a byte-order mark, told by its zero bytes: a C++ file is mostly ASCII, so in
/// UTF-16 nearly every other byte is 0, and in any other encoding almost none is.
enum class Utf16Order { none, littleEndian, bigEndian };
Utf16Order utf16WithoutMark(std::string_view bytes) {
  const std::size_t pairs = bytes.size() / 2;
  if (pairs < 2 || bytes.size() % 2 != 0) return Utf16Order::none;
  std::size_t evenZeros = 0, oddZeros = 0;
  for (std::size_t i = 0; i + 1 < bytes.size(); i += 2) {
    evenZeros += bytes[i] == '\0' ? 1U : 0U;
    oddZeros += bytes[i + 1] == '\0' ? 1U : 0U;
  }
  if (oddZeros * 4 >= pairs * 3 && evenZeros * 10 <= pairs) return Utf16Order::littleEndian;
  if (evenZeros * 4 >= pairs * 3 && oddZeros * 10 <= pairs) return Utf16Order::bigEndian;
  return Utf16Order::none;
}

/// The bytes that are not UTF-8 taken as Windows-1252 (a superset of Latin-1's printable
/// characters), the valid UTF-8 around them kept: a file edited in two editors has both.
std::string latin1ToUtf8(std::string_view bytes) {
  std::string out;
  for (std::size_t i = 0; i < bytes.size();) {
    const auto lead = static_cast<unsigned char>(bytes[i]);
    const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    if (lead >= 0x80 && length > 1 && i + length <= bytes.size()) {
      const std::string_view character = bytes.substr(i, length);
      if (text::validUtf8(character) == character) {
        out += character;
        i += length;
        continue;
      }
    }
    if (lead < 0x80) {
      out += static_cast<char>(lead);
    } else {
      appendUtf8(out, lead < 0xA0 ? windows1252[lead - 0x80] : static_cast<char32_t>(lead));
    }
    ++i;
  }
  return out;
}

/// `bytes` of the student's `file` as UTF-8, with a note when they were not UTF-8 already.
/// Throws SubmissionError for a file that looks like UTF-16 but is not valid UTF-16.
std::string asUtf8(const std::string& bytes, const std::string& file,
                   std::vector<std::string>& notes) {
  const std::string saveAsUtf8 =
      " — save it as UTF-8 (in VS Code: click the encoding in the status bar, Save with "
      "Encoding, UTF-8)";
  const std::string_view view(bytes);
  const auto startsWith = [&view](std::string_view mark) {
    return view.substr(0, mark.size()) == mark;
  };
  std::optional<Utf16Order> utf16;
  std::string_view units = view;
  if (startsWith("\xFF\xFE")) {
    utf16 = Utf16Order::littleEndian;
    units.remove_prefix(2);
  } else if (startsWith("\xFE\xFF")) {
    utf16 = Utf16Order::bigEndian;
    units.remove_prefix(2);
  } else if (const Utf16Order order = utf16WithoutMark(view); order != Utf16Order::none) {
    utf16 = order;
  }
  if (utf16) {
    std::string out;
    if (!utf16ToUtf8(units, *utf16 == Utf16Order::bigEndian, out)) {
      throw SubmissionError(file +
                            " was saved as UTF-16, but it is not valid UTF-16 (a byte or a "
                            "surrogate without its pair): save it as UTF-8 and hand it in again");
    }
    notes.push_back(file + " was saved as UTF-16; graded as UTF-8" + saveAsUtf8);
    return out;
  }
  std::string_view text = view;
  if (startsWith("\xEF\xBB\xBF")) {
    text.remove_prefix(3);
    notes.push_back(file + " was saved as UTF-8 with a byte-order mark (BOM); graded without it");
  }
  if (text::validUtf8(text) == text) return std::string(text);
  notes.push_back(file + " was saved as Latin-1 (Windows-1252), not UTF-8; graded as UTF-8" +
                  saveAsUtf8);
  return latin1ToUtf8(text);
}

// ---- Taking the declared files ----------------------------------------------------------------

Content contentOf(const Inventory& inventory, const Entry& entry, const IntakeLimits& limits) {
  if (entry.read) return entry.content;
  if (inventory.folder.empty()) {  // an archive's entry whose bytes were not kept
    Content content;
    content.error = "not kept while reading the archive";
    return content;
  }
  return readInsideFolder(inventory.folder, entry.path, limits.maxEntryBytes,
                          entry.path + " " + inventory.where);
}

/// Writes `bytes` to `target` (its folder made first), whole or not at all, readable by the
/// student's user that builds and runs it (0644).
void writeAtomically(const fs::path& target, const std::string& bytes) {
  fs::create_directories(target.parent_path());
  common::saveFileAtomically(target, bytes, 0644);
}

/// Why a file that could have been the declared one was not read: said in the refusal.
std::string whyUnread(const Unread& unread, const IntakeLimits& limits) {
  switch (unread.why) {
    case Unread::Why::hiddenFolder:
      return unread.path + " is in a hidden folder, which is not read";
    case Unread::Why::hiddenFile:
      return unread.path + " is a hidden file, which is not read";
    case Unread::Why::toolFolder:
      return unread.path + " is in " + unread.shown +
             ", a folder of a build or a tool, which is not read";
    case Unread::Why::unsafePath:
      return unread.path + " has an unsafe path, which is never read";
    case Unread::Why::tooDeep:
      return unread.path + " is more than " + std::to_string(limits.maxDepth) +
             " folders deep, too deep to be read";
    case Unread::Why::otherLesson:
      return unread.path + " is in " + unread.shown +
             ", another lesson's folder or the kit's, which is never taken";
  }
  return unread.path;
}

std::string numberWord(std::size_t n) {
  return n == 2 ? "two" : n == 3 ? "three" : std::to_string(n);
}

/// The one entry that is `declared`, with a note when its name or place was not exact.
const Entry& chooseEntry(const Inventory& inventory, const std::string& declared,
                         const Lesson& lesson, const IntakeLimits& limits,
                         std::vector<std::string>& notes) {
  const std::string name = fileNameOf(declared);
  for (int level = 1; level <= 3; ++level) {
    std::vector<const Entry*> matches;
    for (const auto& entry : inventory.entries) {
      if (matchLevel(entry.fileName, name) == level) matches.push_back(&entry);
    }
    if (matches.empty()) continue;
    // Where the kit keeps it (exercises/02-building-the-maze/maze.hpp, or maze.hpp at the top
    // of a loose hand-in) is meant; the others are listed as not part of the lesson.
    std::vector<const Entry*> inItsPlace;
    const std::string place = inventory.lessonFolder.empty()
                                  ? std::string(declared)
                                  : inventory.lessonFolder + "/" + declared;
    for (const auto* match : matches) {
      if (match->path == place) inItsPlace.push_back(match);
    }
    if (matches.size() > 1 && inItsPlace.size() == 1) matches = inItsPlace;
    if (matches.size() > 1) {
      std::vector<std::string> paths;
      for (const auto* match : matches) paths.push_back(match->path);
      throw SubmissionError(numberWord(matches.size()) + " files could be " + declared + ": " +
                            listed(paths) + "; hand in only one, as " + lesson.id + "/" + declared +
                            " (mazekit submit " + std::to_string(lesson.number) +
                            " makes that zip)");
    }
    const Entry& entry = *matches.front();
    if (entry.type != EntryType::file) {
      throw SubmissionError(entry.path + " " + inventory.where + " is " + entry.typeName +
                            "; only plain files are accepted");
    }
    if (level == 2) {
      notes.push_back("took " + entry.path + " as " + declared +
                      " (names are case-sensitive: call it " + declared + ")");
    } else if (level == 3) {
      notes.push_back("took " + entry.path + " as " + declared + " (drop the .txt: call it " +
                      declared + ")");
    } else if (entry.path != place) {
      notes.push_back("took " + entry.path + " as " + declared);
    }
    return entry;
  }
  std::string unreadMatches;
  std::vector<std::string> unwalked;
  for (const auto& unread : inventory.unread) {
    const std::string fileName = fs::path(unread.path).filename().string();
    // A folder's build/ is not walked: what it holds is unknown, so it is named as a place.
    if (unread.why == Unread::Why::toolFolder && unread.path == unread.shown) {
      unwalked.push_back(unread.path);
    } else if (matchLevel(fileName, name) != 0) {
      unreadMatches += (unreadMatches.empty() ? " (" : "; ") + whyUnread(unread, limits);
    }
  }
  if (!unwalked.empty()) {
    std::sort(unwalked.begin(), unwalked.end());
    unreadMatches += (unreadMatches.empty() ? " (" : "; ") +
                     std::string("folders of builds and tools are not searched: ") +
                     listed(unwalked);
  }
  if (!unreadMatches.empty()) unreadMatches += ")";
  std::string all;
  for (const auto& file : lesson.files) all += (all.empty() ? "" : ", ") + file;
  throw SubmissionError("no " + declared + " in the submission" + unreadMatches +
                        "; hand in the lesson's files: " + all);
}

/// The folders of the lesson's own name ("02-building-the-maze", any case) that hold a file
/// that could be one of its declared files: the lesson's folder of a student's repository, of
/// its exercises/ folder, or the lesson's folder handed in by itself. A folder in lessons/ is
/// the kit's, never the student's work, and is not one.
std::vector<std::string> lessonFoldersIn(const Inventory& inventory, const Lesson& lesson,
                                         bool inExercises) {
  const std::string id = asciiLower(lesson.id);
  std::set<std::string> folders;
  for (const auto& entry : inventory.entries) {
    bool declared = false;
    for (const auto& file : lesson.files)
      declared = declared || matchLevel(entry.fileName, fileNameOf(file)) != 0;
    if (!declared) continue;
    std::vector<std::string> parts;
    std::istringstream in(entry.path);
    for (std::string part; std::getline(in, part, '/');) parts.push_back(part);
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
      if (asciiLower(parts[i]) != id) continue;
      const std::string parent = i > 0 ? asciiLower(parts[i - 1]) : "";
      if (parent == "lessons" || (parent == "exercises") != inExercises) continue;
      folders.insert(joined(parts, i + 1));
    }
  }
  return {folders.begin(), folders.end()};
}

/// The folder of `path` that is another lesson's ("exercises/03-solving-the-maze": two digits
/// and a dash, not this lesson's id) or the kit's ("lessons/02-building-the-maze"); empty if
/// none is.
std::string otherLessonFolder(const std::string& path, const Lesson& lesson) {
  std::vector<std::string> parts;
  std::istringstream in(path);
  for (std::string part; std::getline(in, part, '/');) parts.push_back(part);
  const auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    const std::string& part = parts[i];
    const bool lessonLike =
        part.size() > 3 && isDigit(part[0]) && isDigit(part[1]) && part[2] == '-';
    if (!lessonLike) continue;
    const bool kits = i > 0 && asciiLower(parts[i - 1]) == "lessons";
    if (kits || asciiLower(part) != asciiLower(lesson.id)) return joined(parts, i + 1);
  }
  return "";
}

/// When the submission holds the lesson's own folder (a student's repository, its exercises/
/// folder, the lesson's folder, each perhaps inside another folder), only what is in it is
/// searched: another lesson's maze.hpp, or a copy elsewhere, is never taken. A folder in
/// exercises/ comes first. Two such folders are refused, naming both; a submission without
/// one is searched whole, as a loose hand-in.
void keepTheLessonFolder(Inventory& inventory, const Lesson& lesson,
                         std::vector<std::string>& notes) {
  std::vector<std::string> folders = lessonFoldersIn(inventory, lesson, true);
  if (folders.empty()) folders = lessonFoldersIn(inventory, lesson, false);
  if (folders.empty()) {
    // A loose hand-in: searched whole, but never in another lesson's folder (03-solving-the-
    // maze/) or the kit's lessons/: their maze.hpp is not this lesson's work.
    const auto notOurs = std::stable_partition(
        inventory.entries.begin(), inventory.entries.end(),
        [&](const Entry& e) { return otherLessonFolder(e.path, lesson).empty(); });
    for (auto it = notOurs; it != inventory.entries.end(); ++it) {
      inventory.unread.push_back(
          {Unread::Why::otherLesson, otherLessonFolder(it->path, lesson), it->path});
    }
    inventory.entries.erase(notOurs, inventory.entries.end());
    return;
  }
  if (folders.size() > 1) {
    throw SubmissionError(numberWord(folders.size()) + " folders could be lesson " +
                          std::to_string(lesson.number) + "'s: " + listed(folders) +
                          "; hand in only one (mazekit submit " + std::to_string(lesson.number) +
                          " makes the zip of exercises/" + lesson.id + ")");
  }
  const std::string folder = folders.front();
  const auto inside = [&folder](const std::string& path) {
    return path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 &&
           path[folder.size()] == '/';
  };
  const auto outside = std::stable_partition(inventory.entries.begin(), inventory.entries.end(),
                                             [&](const Entry& e) { return inside(e.path); });
  const auto others = static_cast<std::size_t>(std::distance(outside, inventory.entries.end()));
  inventory.entries.erase(outside, inventory.entries.end());
  inventory.unread.erase(std::remove_if(inventory.unread.begin(), inventory.unread.end(),
                                        [&](const Unread& u) { return !inside(u.path); }),
                         inventory.unread.end());
  inventory.lessonFolder = folder;
  notes.push_back("took the lesson's files from " + folder + "/" +
                  (others == 0 ? std::string()
                               : " (" + std::to_string(others) + " other file" +
                                     (others == 1 ? "" : "s") + " in the submission not graded)"));
}

bool isBuildFile(const std::string& fileName) {
  return fileName == "CMakeLists.txt" || fileName == "CMakePresets.json" ||
         fileName == "CMakeUserPresets.json" || endsWith(fileName, ".cmake");
}

void checkDeclaredName(const std::string& declared) {
  const fs::path path(declared);
  bool climbs = false;
  for (const auto& part : path) climbs = climbs || part == "..";
  if (declared.empty() || path.is_absolute() || climbs) {
    throw std::runtime_error(
        "the lesson's file '" + declared +
        "' must be a relative path inside the exercise folder (lesson.json \"files\")");
  }
}

PreparedCode takeLoneFile(const Submission& submission, const Lesson& lesson, const fs::path& code,
                          const IntakeLimits& limits) {
  const std::string fileName = submission.source.filename().string();
  if (lesson.files.size() != 1) {
    std::string all;
    for (const auto& file : lesson.files) all += (all.empty() ? "" : ", ") + file;
    throw SubmissionError("the submission is one file, " + fileName + ", but the lesson needs " +
                          std::to_string(lesson.files.size()) + " files (" + all +
                          "); hand in a folder, .zip or .tar.gz holding them");
  }
  const std::string& declared = lesson.files.front();
  const fs::path& source = submission.source;
  Fd folder(::open(source.has_parent_path() ? source.parent_path().c_str() : ".",
                   O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!folder) throw SubmissionError("cannot open " + fileName + ": " + errnoText(errno));
  const Fd file = openPlainFileAt(folder.get(), source.filename().c_str(), fileName);
  const Content content = readAtMost(file.get(), limits.maxEntryBytes, fileName);
  if (content.tooBig) throw tooBig(fileName, limits);
  PreparedCode prepared;
  if (fileName != declared) prepared.notes.push_back("took " + fileName + " as " + declared);
  writeAtomically(code / declared, asUtf8(content.bytes, fileName, prepared.notes));
  return prepared;
}

}  // namespace

bool isIgnoredFolderName(const std::string& name) {
  return isHiddenName(name) || isToolFolderName(name);
}

std::vector<Submission> findSubmissions(const fs::path& folder, std::vector<std::string>& skipped) {
  std::vector<Submission> out;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string file = entry.path().filename().string();
    if (!file.empty() && file.front() == '.') {
      skipped.push_back(file + ": hidden (its name starts with '.'), not read");
      continue;
    }
    const std::string lower = asciiLower(file);
    const auto status = entry.symlink_status();
    Submission s;
    s.source = entry.path();
    if (fs::is_directory(status)) {
      s.name = file;
      s.kind = Submission::Kind::folder;
    } else if (fs::is_regular_file(status) && endsWith(lower, ".zip")) {
      s.name = file.substr(0, file.size() - 4);
      s.kind = Submission::Kind::zip;
    } else if (fs::is_regular_file(status) &&
               (endsWith(lower, ".tar.gz") || endsWith(lower, ".tgz"))) {
      s.name = file.substr(0, file.size() - (endsWith(lower, ".tgz") ? 4 : 7));
      s.kind = Submission::Kind::tarGz;
    } else {
      skipped.push_back(file + ": not a folder, .zip, .tar.gz or .tgz" +
                        (fs::is_symlink(status) ? " (links are not followed)" : ""));
      continue;
    }
    out.push_back(s);
  }
  std::sort(out.begin(), out.end(), [](const Submission& a, const Submission& b) {
    return a.name != b.name ? a.name < b.name : a.source < b.source;
  });
  return out;
}

PreparedCode prepareCode(const Submission& submission, const Lesson& lesson, const fs::path& code,
                         const IntakeLimits& limits) {
  for (const auto& declared : lesson.files) checkDeclaredName(declared);
  fs::create_directories(code);
  if (submission.kind == Submission::Kind::file) {
    return takeLoneFile(submission, lesson, code, limits);
  }
  const Wanted wanted = wantedBy(lesson);
  Inventory inventory = submission.kind == Submission::Kind::folder
                            ? walkFolder(submission.source, limits)
                            : ArchiveScan(submission, wanted, limits).run();
  std::sort(inventory.entries.begin(), inventory.entries.end(),
            [](const Entry& a, const Entry& b) { return a.path < b.path; });

  PreparedCode prepared;
  keepTheLessonFolder(inventory, lesson, prepared.notes);
  std::set<const Entry*> used;
  for (const auto& declared : lesson.files) {
    const Entry& entry = chooseEntry(inventory, declared, lesson, limits, prepared.notes);
    const Content content = contentOf(inventory, entry, limits);
    if (!content.error.empty()) {
      throw SubmissionError("cannot read " + entry.path + " " + inventory.where + ": " +
                            content.error + "; make the archive again and check that it opens");
    }
    if (content.tooBig) throw tooBig(entry.path + " " + inventory.where, limits);
    writeAtomically(code / declared, asUtf8(content.bytes, entry.path, prepared.notes));
    used.insert(&entry);
  }

  // The student's own tests (a test-writing step's my_tests.cpp): taken when there, else
  // that step scores nothing, which the note says.
  for (const auto& declared : lesson.testsFiles()) {
    checkDeclaredName(declared);
    try {
      const Entry& entry = chooseEntry(inventory, declared, lesson, limits, prepared.notes);
      const Content content = contentOf(inventory, entry, limits);
      if (!content.error.empty() || content.tooBig) {
        prepared.notes.push_back(declared + " not taken: " +
                                 (content.tooBig ? std::string("it is too big") : content.error));
        used.insert(&entry);
        continue;
      }
      used.insert(&entry);
      writeAtomically(code / declared, asUtf8(content.bytes, entry.path, prepared.notes));
    } catch (const SubmissionError& error) {
      const std::string why = error.what();
      prepared.notes.push_back(why.rfind("no ", 0) == 0
                                   ? "no " + declared +
                                         ": the step where you write the tests "
                                         "scores 0"
                                   : declared + " not taken: " + why);
    }
  }

  // What was not used is reported: above all, tests and build files the student changed.
  std::map<std::string, fs::path> tests;
  for (const auto& step : lesson.steps) tests[step.test.filename().string()] = step.test;
  std::vector<std::string> buildFiles, ignored, links, special;
  for (const auto& entry : inventory.entries) {
    if (used.count(&entry) != 0) continue;
    if (entry.type == EntryType::symlink || entry.type == EntryType::hardlink) {
      links.push_back(entry.path);
      continue;
    }
    if (entry.type == EntryType::special) {
      special.push_back(entry.path + " (" + entry.typeName + ")");
      continue;
    }
    if (const auto test = tests.find(entry.fileName); test != tests.end()) {
      Content content;
      try {
        content = contentOf(inventory, entry, limits);
      } catch (const SubmissionError&) {
        content.error = "unreadable";
      }
      if (!content.error.empty() || content.tooBig ||
          content.bytes != common::readFileOrEmpty(test->second)) {
        prepared.notes.push_back("edited test ignored: " + entry.path +
                                 " (graded with the lesson's own test)");
      }
      continue;
    }
    if (isBuildFile(entry.fileName)) {
      buildFiles.push_back(entry.path);
      continue;
    }
    ignored.push_back(entry.path);
  }
  auto& notes = prepared.notes;
  noteGroup(notes, "build file ignored", "build files ignored", buildFiles,
            " (graded with the kit's build)");
  noteGroup(notes, "not part of the lesson, ignored", "not part of the lesson, ignored", ignored);
  // A hidden folder is named once, however many files it holds.
  std::map<Unread::Why, std::vector<std::string>> unread;
  std::set<std::pair<Unread::Why, std::string>> named;
  std::sort(inventory.unread.begin(), inventory.unread.end(),
            [](const Unread& a, const Unread& b) { return a.shown < b.shown; });
  for (const auto& item : inventory.unread) {
    if (named.insert({item.why, item.shown}).second) unread[item.why].push_back(item.shown);
  }
  using Why = Unread::Why;
  noteGroup(notes, "folder of a build or a tool, not read", "folders of builds and tools, not read",
            unread[Why::toolFolder], " (only the lesson's files are graded)");
  noteGroup(notes, "hidden folder not read", "hidden folders not read", unread[Why::hiddenFolder]);
  noteGroup(notes, "hidden file not read", "hidden files not read", unread[Why::hiddenFile]);
  noteGroup(notes, "link not followed", "links not followed", links);
  noteGroup(notes, "special file not read", "special files not read", special);
  noteGroup(notes, "unsafe path not read", "unsafe paths not read", unread[Why::unsafePath],
            " (absolute paths, drive letters and '..' are never taken)");
  noteGroup(notes, "another lesson's folder, not searched", "other lessons' folders, not searched",
            unread[Why::otherLesson]);
  noteGroup(notes, "folder too deep, not read", "folders too deep, not read", unread[Why::tooDeep],
            " (more than " + std::to_string(limits.maxDepth) + " folders deep)");
  noteGroup(notes, "archive warning", "archive warnings", inventory.warnings, " (read anyway)");
  return prepared;
}

}  // namespace mazekit::grade
