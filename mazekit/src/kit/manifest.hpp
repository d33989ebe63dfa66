#pragma once
// The build manifest CMake writes (cmake/kit_manifest.cmake): how the kit builds a lesson's
// step programs, and what the build made of every lesson's steps: their test cases, targets,
// programs and chaffs' folders. mazekit reads it instead of re-deriving names, paths or test
// cases, joined with each lesson as the one reader reads its lesson.json (kit/lessons.hpp).

#include <filesystem>
#include <string>
#include <vector>

#include "kit/kit.hpp"
#include "kit/lessons.hpp"

namespace mazekit {

struct Manifest {
  std::string compiler;
  std::string standard;  ///< "-std=gnu++17"
  std::vector<std::string> cxxFlags;
  std::vector<std::string> linkerFlags;
  bool sanitized = false;
  std::filesystem::path studentInclude;  ///< turtle's headers and lesson_picture.hpp only
  /// Catch2's headers where the compiler does not look by itself (-isystem; often none)
  std::vector<std::filesystem::path> systemInclude;
  std::filesystem::path harness;  ///< the static library with Catch2's main and reporter
  std::vector<std::filesystem::path> libraries;
  /// The lessons the build has, each read from its lesson.json, with the steps the build has
  /// (in lesson.json's order) and what it made of them.
  std::vector<Lesson> lessons;

  /// The lesson with this id; throws UsageError naming the ones there are.
  const Lesson& lesson(const std::string& id) const;
  /// A step of a lesson by their ids; throws UsageError when the build has no such step.
  const Step& step(const std::string& lessonId, const std::string& stepId) const;
  /// A lesson's own program by name; throws UsageError when the build has no such program.
  const LessonProgram& program(const std::string& lessonId, const std::string& name) const;
};

/// Reads <kit.build>/mazekit/manifest.json and each lesson's lesson.json (readLesson). Throws
/// std::runtime_error saying how to make it when it is missing or cannot be read, and
/// UsageError for a lesson.json with a mistake.
Manifest readManifest(const Kit& kit);

}  // namespace mazekit
