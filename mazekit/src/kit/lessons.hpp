#pragma once
// The lessons, as their lesson.json files describe them: the one list of what the course is,
// shared with CMake (cmake/kit_lessons.cmake reads the same files).

#include <filesystem>
#include <string>
#include <vector>

#include "kit/kit.hpp"

namespace mazekit {

struct Step {
  int number = 0;  ///< 1-based
  std::string id;  ///< "03-white-square": names its picture and its targets
  std::string title;
  std::filesystem::path test;  ///< absolute
  std::string redKind;         ///< "compile" or "assert"
  std::string redPattern;      ///< for "compile": what the first compiler error must match
  std::string hint;
  int points = 0;
  std::filesystem::path solution;  ///< absolute folder
  /// For a refactor step (lesson.json's "refactor"): the Catch2 test spec of its test cases
  /// that pass before the step and must still pass after it ("[keeps]"), and why. Empty for
  /// any other step.
  std::string keeps;
  std::string keepsWhy;
};

struct Lesson {
  int number = 0;  ///< 1 for "01-turtle-warmup"
  std::string id;  ///< "01-turtle-warmup"
  std::string title;
  std::filesystem::path folder;    ///< lessons/01-turtle-warmup
  std::filesystem::path exercise;  ///< exercises/01-turtle-warmup
  std::vector<std::string> files;  ///< what the student writes: {"warmup.hpp"}
  std::vector<Step> steps;

  /// Step by number (1-based) or id; throws UsageError naming the steps there are.
  const Step& step(const std::string& numberOrId) const;
};

/// Every lesson under kit.lessons(), in order. Throws UsageError for a malformed lesson.json,
/// naming the file and what is wrong.
std::vector<Lesson> loadLessons(const Kit& kit);

/// A lesson by number ("2", "02") or id ("02-building-the-maze"); throws UsageError naming
/// the lessons there are.
const Lesson& findLesson(const std::vector<Lesson>& lessons, const std::string& numberOrId);

}  // namespace mazekit
