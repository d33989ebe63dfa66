#pragma once
// Writing a picture so that a failure never leaves half of it behind. The maze model writes
// its own files (the turtle's Screen::save does the same for drawings) so that it needs no
// turtle and no Cairo. Private to the library (not installed).

#include <filesystem>
#include <string_view>

namespace maze::detail {

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`: readers
/// see the old file or the whole new one, never a part. Throws std::runtime_error naming
/// the path and the reason (no such folder, permission denied, disk full, ...).
void saveFileAtomically(const std::filesystem::path& path, std::string_view bytes);

}  // namespace maze::detail
