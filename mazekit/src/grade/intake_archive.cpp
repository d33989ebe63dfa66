// A submitted .zip or .tar.gz taken in: read by libarchive in this process, in memory, every
// entry's path checked and every decompressed byte counted (a zip bomb or a gzip bomb stops at
// a limit); only the entries the lesson wants are kept.
#include <archive.h>
#include <archive_entry.h>
#include <locale.h>

#include <algorithm>
#include <memory>
#include <new>
#include <set>
#include <stdexcept>
#include <utility>

#include "grade/intake_internal.hpp"

namespace fs = std::filesystem;

namespace mazekit::grade::intake {

using common::Fd;

namespace {

// ---- Owners of C handles ----------------------------------------------------------------

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

// ---- Paths and types of entries ------------------------------------------------------------

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
      : submission_(submission), wanted_(wanted), limits_(limits), chunk_(std::size_t{64} * 1024) {}

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
    return openPlainFile(source, "the archive " + source.filename().string());
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
    if (passOverIgnoredFolder(reader, path, isFolder, joinedPath)) return;
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

  /// An entry in a folder of a build or a tool (build/, .git/, node_modules/): counted, passed
  /// over, and the folder noted once; false for any other entry.
  bool passOverIgnoredFolder(archive* reader, const ArchivePath& path, bool isFolder,
                             const std::string& joinedPath) {
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
      return true;
    }
    return false;
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

}  // namespace

Inventory scanArchive(const Submission& submission, const Wanted& wanted,
                      const IntakeLimits& limits) {
  return ArchiveScan(submission, wanted, limits).run();
}

}  // namespace mazekit::grade::intake
