#include "grade/zip_file.hpp"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <turtle/save_file.hpp>

namespace mazekit::grade {
namespace {

// libarchive's writer hands each block here, appended to the string.
la_ssize_t appendBlock(archive*, void* out, const void* block, std::size_t size) {
  static_cast<std::string*>(out)->append(static_cast<const char*>(block), size);
  return static_cast<la_ssize_t>(size);
}

}  // namespace

std::string zipBytes(std::vector<ZipFile> files) {
  std::sort(files.begin(), files.end(),
            [](const ZipFile& a, const ZipFile& b) { return a.name < b.name; });
  std::string out;
  std::unique_ptr<archive, decltype(&archive_write_free)> zip(archive_write_new(),
                                                              &archive_write_free);
  if (!zip) throw std::bad_alloc();
  const auto check = [&](int status) {
    if (status != ARCHIVE_OK) {
      const char* why = archive_error_string(zip.get());
      throw std::runtime_error(std::string("cannot make the zip: ") +
                               (why != nullptr ? why : "libarchive failed"));
    }
  };
  check(archive_write_set_format_zip(zip.get()));
  check(archive_write_set_options(zip.get(), "zip:compression=deflate"));
  // One block per write, none held back: the zip's last bytes are not padded.
  check(archive_write_set_bytes_in_last_block(zip.get(), 1));
  check(archive_write_open(zip.get(), &out, nullptr, appendBlock, nullptr));
  for (const ZipFile& file : files) {
    std::unique_ptr<archive_entry, decltype(&archive_entry_free)> entry(archive_entry_new(),
                                                                        &archive_entry_free);
    archive_entry_set_pathname(entry.get(), file.name.c_str());
    archive_entry_set_size(entry.get(), static_cast<la_int64_t>(file.bytes.size()));
    archive_entry_set_filetype(entry.get(), AE_IFREG);
    archive_entry_set_perm(entry.get(), file.executable ? 0755 : 0644);
    archive_entry_set_mtime(entry.get(), 1767225600, 0);  // 2026-01-01: the same zip every time
    check(archive_write_header(zip.get(), entry.get()));
    if (archive_write_data(zip.get(), file.bytes.data(), file.bytes.size()) !=
        static_cast<la_ssize_t>(file.bytes.size())) {
      check(ARCHIVE_FATAL);
    }
  }
  check(archive_write_close(zip.get()));
  return out;
}

void writeZip(const std::filesystem::path& target, std::vector<ZipFile> files) {
  turtle::saveFileAtomically(target, zipBytes(std::move(files)));
}

}  // namespace mazekit::grade
