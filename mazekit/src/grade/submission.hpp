#pragma once
// A student's submission: a folder, a .zip or a .tar.gz, and what is taken from it — only
// the files the lesson declares (lesson.json "files"); everything else is reported, not used.

#include <filesystem>
#include <string>
#include <vector>

#include "lessons.hpp"

namespace mazekit::grade {

struct Submission {
  std::string name;              ///< the student: folder or archive name without extension
  std::filesystem::path source;  ///< the folder or archive
  enum class Kind { folder, zip, tarGz } kind = Kind::folder;
};

/// A submission that cannot be graded: one line saying why (every step then scores 0).
class SubmissionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ArchiveLimits {
  std::size_t maxEntries = 2000;
  std::size_t maxEntryBytes = 8u << 20;   ///< a file larger than this is refused
  std::size_t maxTotalBytes = 64u << 20;  ///< all files together
  double seconds = 60;                    ///< unpacking, killed after this
};

/// Every subfolder, .zip, .tar.gz or .tgz in `folder`, sorted by name. Other files are
/// listed in `skipped`, each with the reason.
std::vector<Submission> findSubmissions(const std::filesystem::path& folder,
                                        std::vector<std::string>& skipped);

struct PreparedCode {
  std::vector<std::string> notes;  ///< ignored files, edited tests: reported to the student
};

/// Unpacks `submission` (if an archive) under `work`/unpacked, refusing absolute paths, `..`,
/// links, devices, and entries or totals over `limits`; then copies only the lesson's declared
/// files into `code`. Throws SubmissionError for an unreadable or hostile archive, or when a
/// declared file is missing.
PreparedCode prepareCode(const Submission& submission, const Lesson& lesson,
                         const std::filesystem::path& work, const std::filesystem::path& code,
                         const ArchiveLimits& limits);

}  // namespace mazekit::grade
