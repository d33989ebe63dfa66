#pragma once
// Writing a zip: the Gradescope autograder (mazekit autograder) and a student's hand-in
// (mazekit submit). Entries are sorted by name and dated 2026-01-01, so the same files always
// give the same bytes.

#include <filesystem>
#include <string>
#include <vector>

namespace mazekit::grade {

struct ZipFile {
  std::string name;  ///< inside the zip, folders joined with '/'
  std::string bytes;
  bool executable = false;
};

/// The bytes of a zip (deflated) holding `files`; throws std::runtime_error if libarchive
/// cannot make it.
std::string zipBytes(std::vector<ZipFile> files);

/// Writes `files` as a zip to `target` through a temporary file beside it and a rename.
void writeZip(const std::filesystem::path& target, std::vector<ZipFile> files);

}  // namespace mazekit::grade
