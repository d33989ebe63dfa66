#pragma once
// Reading a whole file, and writing one so that a failure never leaves half of it behind:
// the one place the turtle, the maze library and mazekit do either.

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "common/fd.hpp"

namespace common {

/// The bytes of `file`. Throws std::runtime_error "cannot read 'FILE': REASON" when it cannot
/// be opened or read.
inline std::string readFile(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + file.string() + "': " + std::strerror(errno));
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (in.bad()) throw std::runtime_error("cannot read '" + file.string() + "'");
  return bytes.str();
}

/// The bytes of `file`, or "" when there is no such file or it cannot be read (for files that
/// may not exist yet: a picture not drawn, a progress file not written).
inline std::string readFileOrEmpty(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return {};
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

namespace detail {

inline std::runtime_error saveError(const std::filesystem::path& path, const std::string& reason) {
  return std::runtime_error("cannot write '" + path.string() + "': " + reason);
}

// Writes every byte or reports why not; ::write may write less than asked.
inline bool writeAll(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

}  // namespace detail

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`: readers see
/// the old file or the whole new one, never a part. The new file has the usual permissions
/// (0666 less the umask), or `mode` when one is given. Throws std::runtime_error naming the
/// path and the reason (no such folder, permission denied, disk full, ...).
inline void saveFileAtomically(const std::filesystem::path& path, std::string_view bytes,
                               std::optional<mode_t> mode = std::nullopt) {
  if (path.empty()) throw detail::saveError(path, "the path is empty");
  if (!path.has_filename()) throw detail::saveError(path, "the path names a folder, not a file");

  // The temporary file lives beside the target so that rename() stays on one file system.
  static std::atomic<unsigned> counter{0};
  std::string temporary;
  Fd fd;
  for (int attempt = 0; !fd && attempt < 100; ++attempt) {
    temporary =
        path.string() + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    fd = Fd(::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666));
    if (!fd && errno != EEXIST) break;
  }
  if (!fd) throw detail::saveError(path, std::strerror(errno));

  // No fsync: the rename already keeps readers from a half file, and what the kit writes is
  // cheap to make again after a power cut; an fsync would cost more than making it.
  bool written = detail::writeAll(fd.get(), bytes);
  int writeErrno = errno;
  if (written && mode && ::fchmod(fd.get(), *mode) != 0) {
    written = false;
    writeErrno = errno;
  }
  const bool closed = ::close(fd.release()) == 0;
  if (!written || !closed) {
    const int reason = written ? errno : writeErrno;
    ::unlink(temporary.c_str());
    throw detail::saveError(path, std::strerror(reason));
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int renameErrno = errno;
    ::unlink(temporary.c_str());
    throw detail::saveError(path, std::strerror(renameErrno));
  }
}

/// saveFileAtomically, unless `path` already holds exactly `bytes`: then the file and its time
/// are left as they are, so that a build remakes only what a change touches. Makes the folders
/// `path` needs. Returns whether it wrote.
inline bool saveFileIfChanged(const std::filesystem::path& path, std::string_view bytes) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec) && readFileOrEmpty(path) == bytes) return false;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  saveFileAtomically(path, bytes);
  return true;
}

}  // namespace common
