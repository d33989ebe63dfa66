// The picture writer's atomic write: a temporary file beside the target, then a rename.
#include "save_file.hpp"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <system_error>

#include <fcntl.h>
#include <unistd.h>

namespace maze::detail {
namespace {

std::runtime_error saveError(const std::filesystem::path& path, const std::string& reason) {
  return std::runtime_error("cannot write '" + path.string() + "': " + reason);
}

// Writes every byte or reports why not; ::write may write less than asked.
bool writeAll(int fd, std::string_view bytes) {
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

}  // namespace

void saveFileAtomically(const std::filesystem::path& path, std::string_view bytes) {
  if (path.empty()) throw saveError(path, "the path is empty");
  if (!path.has_filename()) throw saveError(path, "the path names a folder, not a file");

  // The temporary file lives beside the target so that rename() stays on one file system.
  // It is created with the usual permissions (0666 less the umask), like any new file.
  static std::atomic<unsigned> counter{0};
  std::string temporary;
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
    temporary =
        path.string() + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) throw saveError(path, std::strerror(errno));

  // No fsync: the rename already keeps readers from a half file, and pictures are cheap to
  // make again after a power cut; an fsync would cost more than drawing them.
  const bool written = writeAll(fd, bytes);
  const int writeErrno = errno;
  const bool closed = ::close(fd) == 0;
  if (!written || !closed) {
    ::unlink(temporary.c_str());
    throw saveError(path, std::strerror(written ? errno : writeErrno));
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int renameErrno = errno;
    ::unlink(temporary.c_str());
    throw saveError(path, std::strerror(renameErrno));
  }
}

}  // namespace maze::detail
