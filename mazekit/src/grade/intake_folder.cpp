// A submitted folder taken in: walked without following links, never below the depth limit,
// and its files opened one folder at a time with O_NOFOLLOW | O_NONBLOCK, plain files only.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <sstream>
#include <system_error>
#include <utility>

#include "grade/intake_internal.hpp"

namespace fs = std::filesystem;

namespace mazekit::grade::intake {

using common::Fd;

// ---- Opening files without following links -----------------------------------------------

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

Fd openPlainFile(const fs::path& file, const std::string& describe) {
  Fd folder(::open(file.has_parent_path() ? file.parent_path().c_str() : ".",
                   O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!folder) throw SubmissionError("cannot open " + describe + ": " + errnoText(errno));
  return openPlainFileAt(folder.get(), file.filename().c_str(), describe);
}

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

namespace {

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

}  // namespace

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
  const std::string& rootText = root.native();
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

}  // namespace mazekit::grade::intake
