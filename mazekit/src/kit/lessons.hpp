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
  std::string redKind;         ///< "compile" or "assert"; "tests" for a test-writing step
  /// A test-writing step (lesson.json's "kind": "tests"): the student writes test cases in
  /// this file of the exercise folder ("my_tests.cpp"); empty for any other step.
  std::string writes;
  std::filesystem::path wheat;  ///< its wheat: the folder of a solution (absolute, as `solution`)
  std::string redPattern;       ///< for "compile": what the first compiler error must match
  std::string hint;
  int points = 0;
  /// The folder of the step's solution, cut out of the lesson's source/ by the build:
  /// <build>/lessons/ID/solutions/stepNN (absolute).
  std::filesystem::path solution;
  /// For a refactor step (lesson.json's "refactor"): the Catch2 test spec of its test cases
  /// that pass before the step and must still pass after it ("[keeps]"), and why. Empty for
  /// any other step.
  std::string keeps;
  std::string keepsWhy;

  bool writesTests() const { return !writes.empty(); }
};

struct Lesson {
  int number = 0;  ///< 1 for "01-turtle-warmup"
  std::string id;  ///< "01-turtle-warmup"
  std::string title;
  std::filesystem::path folder;    ///< lessons/01-turtle-warmup
  std::filesystem::path exercise;  ///< exercises/01-turtle-warmup
  std::vector<std::string> files;  ///< what the student writes: {"warmup.hpp"}
  std::vector<Step> steps;

  /// The files the student's tests are written in (each test-writing step's "writes"), once
  /// each: optional in a submission, where `files` are required.
  std::vector<std::string> testsFiles() const;

  /// The files of the student's tests that run on the student's code at `step`: those of the
  /// lesson's test-writing steps whose wheat is `step` or an earlier step's solution.
  std::vector<std::string> ownTestsAt(const Step& step) const;

  /// Step by number (1-based) or id; throws UsageError naming the steps there are.
  const Step& step(const std::string& numberOrId) const;
};

/// `file` of the solution of `step`, as the build cut it out of the lesson's source/. Throws
/// UsageError when it is not there (the kit is not built yet), saying to build it.
std::filesystem::path solutionFile(const Lesson& lesson, const Step& step, const std::string& file);

/// Every lesson under kit.lessons(), in order. Throws UsageError for a malformed lesson.json,
/// naming the file and what is wrong.
std::vector<Lesson> loadLessons(const Kit& kit);

/// A lesson by number ("2", "02") or id ("02-building-the-maze"); throws UsageError naming
/// the lessons there are.
const Lesson& findLesson(const std::vector<Lesson>& lessons, const std::string& numberOrId);

}  // namespace mazekit
