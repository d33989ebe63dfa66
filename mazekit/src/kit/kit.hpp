#pragma once
// Where the kit is: its source tree (lessons, exercises) and the build tree mazekit was built
// in (where a student's steps are built), and the errors every command reports the same way.

#include <filesystem>
#include <stdexcept>
#include <string>

namespace mazekit {

/// Bad usage: an unknown lesson or step, a missing folder, a bad option value. mazekit prints
/// the message on one line and exits with status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The file that makes a kit a student edition, at its top (kit/edition.hpp; CMake's
/// MAZEKIT_STUDENT_EDITION reads it too).
inline constexpr const char* studentEditionMarker = "STUDENT-EDITION.md";

struct Kit {
  std::filesystem::path source;  ///< the kit's top folder: lessons/, exercises/, ...
  std::filesystem::path build;   ///< the CMake build tree mazekit was built in
  std::string cmake;             ///< the cmake program that configured it

  std::filesystem::path lessons() const { return source / "lessons"; }
  std::filesystem::path exercises() const { return source / "exercises"; }
};

/// The kit mazekit was built from. MAZEKIT_HOME (a kit's top folder) and MAZEKIT_BUILD (its
/// build tree) override it. Throws UsageError if the folders are not there.
Kit locateKit();

}  // namespace mazekit
