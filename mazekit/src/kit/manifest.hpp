#pragma once
// The build manifest CMake writes (cmake/kit_manifest.cmake): how the kit builds a lesson's
// step programs, and every lesson's steps with their test cases and targets. mazekit reads
// it instead of re-deriving names, paths or test cases.

#include <filesystem>
#include <string>
#include <vector>

#include "kit/kit.hpp"

namespace mazekit {

/// A chaff of a test-writing step: the wheat with one bug, in a folder the build made.
struct ManifestChaff {
  std::string id;
  std::string says;            ///< "a neighbors() that forgets the west edge"
  std::filesystem::path code;  ///< the folder of the chaff's files
};

struct ManifestStep {
  std::string id;
  std::string title;
  std::filesystem::path test;  ///< absolute
  std::string fileTag;         ///< "#step01_a_maze_class": Catch2's -# tag
  int points = 0;
  /// lesson.json's "seconds": the time the step's program needs when that is more than a
  /// check's or a grade's usual limit (lesson 5's 1000 by 1000 maze); 0 for most steps.
  double seconds = 0;
  std::vector<std::string> testCases;  ///< exactly, in the file's order
  std::vector<std::string> retires;    ///< ids of earlier steps this one retires
  std::string exerciseTarget;          ///< "exercise02_step01"
  std::filesystem::path exerciseProgram;
  /// The program of the step's solution (the tests up to it): run with `-# [<fileTag>]` and
  /// MAZEKIT_PICTURE_STEP=<id>, it draws the step's picture.
  std::filesystem::path pictureProgram;
  /// "code" (the kit's tests, the student's code) or "tests" (the student writes the tests in
  /// `writes`, judged against the wheat and the chaffs).
  std::string kind = "code";
  std::string writes;           ///< "my_tests.cpp"
  std::filesystem::path wheat;  ///< the folder of correct code the tests must pass on
  std::string wheatStep;        ///< the step whose solution that is: from it on, the
                                ///< student's own code runs these tests too
  std::vector<ManifestChaff> chaffs;
  /// The mutant schema (grade/chaff_schema.hpp): the wheat with the chaffs it can hold, chosen
  /// at run time; only `mazekit check` uses it. Empty, or a folder not built: none.
  std::filesystem::path schema;

  bool writesTests() const { return kind == "tests"; }
};

/// A lesson's own program (lesson.json's "programs"): a main the kit provides, built with the
/// student's files, such as lesson 7's game for `mazekit play`.
struct ManifestProgram {
  std::string name;            ///< "play"
  std::string exerciseTarget;  ///< "exercise07_play"
  std::filesystem::path exerciseProgram;
};

struct ManifestLesson {
  std::string id;
  std::string title;
  std::filesystem::path folder;
  std::vector<std::string> files;
  std::vector<std::string> proofTargets;  ///< the programs its proof builds (mazekit verify)
  std::vector<ManifestStep> steps;
  std::vector<ManifestProgram> programs;
};

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
  std::vector<ManifestLesson> lessons;

  /// The lesson with this id; throws UsageError naming the ones there are.
  const ManifestLesson& lesson(const std::string& id) const;
  /// A step of a lesson by their ids; throws UsageError when the build has no such step.
  const ManifestStep& step(const std::string& lessonId, const std::string& stepId) const;
  /// A lesson's own program by name; throws UsageError when the build has no such program.
  const ManifestProgram& program(const std::string& lessonId, const std::string& name) const;
};

/// Reads <kit.build>/mazekit/manifest.json. Throws std::runtime_error saying how to make it
/// when it is missing or cannot be read.
Manifest readManifest(const Kit& kit);

}  // namespace mazekit
