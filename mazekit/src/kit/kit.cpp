#include "kit/kit.hpp"

#include <cstdlib>

namespace mazekit {
namespace {

std::filesystem::path fromEnvironment(const char* name, const char* fallback) {
  const char* value = std::getenv(name);
  return (value != nullptr && *value != '\0') ? value : fallback;
}

}  // namespace

Kit locateKit() {
  Kit kit{fromEnvironment("MAZEKIT_HOME", MAZEKIT_SOURCE_DIR),
          fromEnvironment("MAZEKIT_BUILD", MAZEKIT_BUILD_DIR), MAZEKIT_CMAKE_COMMAND};
  if (!std::filesystem::is_directory(kit.lessons())) {
    throw UsageError("no lessons folder in '" + kit.source.string() +
                     "': set MAZEKIT_HOME to the kit's top folder");
  }
  return kit;
}

}  // namespace mazekit
