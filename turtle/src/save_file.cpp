#include "turtle/save_file.hpp"

#include "common/files.hpp"

namespace turtle {

void saveFileAtomically(const std::filesystem::path& path, std::string_view bytes) {
  common::saveFileAtomically(path, bytes);
}

}  // namespace turtle
