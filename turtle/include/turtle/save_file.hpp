#pragma once
// Writing a file so that a failure never leaves half of it behind.

#include <filesystem>
#include <string_view>

namespace turtle {

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`: readers
/// see the old file or the whole new one, never a part. Throws std::runtime_error naming
/// the path and the reason (no such folder, permission denied, disk full, ...).
void saveFileAtomically(const std::filesystem::path& path, std::string_view bytes);

}  // namespace turtle
