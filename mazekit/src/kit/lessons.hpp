#pragma once
// The lessons, as their lesson.json files describe them: the one reader of lesson.json. mazekit
// reads the lessons with it, the build cuts their solutions and chaffs with it (lesson_cut), and
// CMake declares every lesson's targets from what it gives (lesson_plan, cmake/kit_lessons.cmake),
// so a field is read, checked and explained in one place.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "kit/kit.hpp"

namespace mazekit {

/// A chaff of a test-writing step: its wheat with one mistake the student's tests must catch.
struct Chaff {
  std::string id;    ///< "forgets-west": lower-case letters, digits and '-'; its folder's name
  std::string says;  ///< "a neighbors() that forgets the west edge"
  std::string in;    ///< the one of the lesson's files it changes
  /// The text of the wheat's `in` it changes (exactly once there) and what it has instead.
  /// Both empty in a student edition, whose chaffs come packed (kit/edition.hpp).
  std::string replace;
  std::string with;
  /// lesson.json's "schema" (true when left out): the chaff may be a branch of its step's
  /// mutant schema (grade/chaff_schema.hpp); false gives it a build of its own in a check.
  bool inSchema = true;
  /// The folder of the chaff's files, made by the build (from the manifest, kit/manifest.hpp);
  /// empty in a student edition, whose chaffs are unpacked for each check.
  std::filesystem::path code;
};

/// An earlier step whose tests a step's code deliberately no longer passes, and why.
struct Retirement {
  std::string step;    ///< the earlier step's id
  std::string reason;  ///< what a reader is told
};

/// A lesson's own program (lesson.json's "programs"): a main the kit provides, built with the
/// student's files (lesson 7's "play").
struct LessonProgram {
  std::string name;              ///< "play"
  std::filesystem::path source;  ///< absolute
  /// The target and program built from the student's exercise (from the manifest).
  std::string exerciseTarget;  ///< "exercise07_play"
  std::filesystem::path exerciseProgram;
};

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
  /// "solutions/step03", as lesson.json names the solution: `solution` is its cut folder.
  std::string solutionName;
  /// lesson.json's "seconds": the time the step's program needs when that is more than a
  /// check's or a grade's usual limit (lesson 5's 1000 by 1000 maze); 0 for most steps.
  double seconds = 0;
  std::vector<Retirement> retires;
  /// A test-writing step's chaffs, in lesson.json's order; none for any other step.
  std::vector<Chaff> chaffs;
  /// The number of the step whose solution is the wheat: from it on, the lesson's solutions
  /// (and the student's code) run this step's tests too. A step's own number for any other step.
  int wheatStep = 0;

  // What the build made of the step, from the manifest (kit/manifest.hpp); empty in a lesson
  // read without it (loadLessons).
  std::string fileTag;                 ///< "#step01_a_maze_class": Catch2's -# tag
  std::vector<std::string> testCases;  ///< its test file's, exactly, in the file's order
  std::string exerciseTarget;          ///< "exercise02_step01"
  std::filesystem::path exerciseProgram;
  /// The program of the step's solution (the tests up to it): run with `-# [<fileTag>]` and
  /// MAZEKIT_PICTURE_STEP=<id>, it draws the step's picture.
  std::filesystem::path pictureProgram;
  /// A test-writing step's mutant schema (grade/chaff_schema.hpp): the wheat with the chaffs it
  /// can hold, chosen at run time; only `mazekit check` uses it. Empty, or a folder not built:
  /// none.
  std::filesystem::path schema;

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
  std::vector<LessonProgram> programs;
  /// The programs the lesson's proof builds (mazekit verify), from the manifest.
  std::vector<std::string> proofTargets;
  /// How many solutions the steps end with: solutions/step01 to solutions/stepNN.
  int solutionCount() const;

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

/// Where a lesson's files are found and how strictly its lesson.json is read.
struct LessonPlaces {
  std::filesystem::path build;      ///< the build tree: its lessons/ID/solutions/ are the cuts
  std::filesystem::path exercises;  ///< the exercise folders (exercises/ID)
  /// A student edition's lesson.json leaves out how each chaff changes the wheat (its answer).
  bool studentEdition = false;
};

/// The lesson in `folder`, read from its lesson.json and checked whole: every field a lesson
/// needs is there with a value it can have, and the steps agree with each other (solutions
/// numbered in order, a wheat that is a later solution, a chaff's file one of the lesson's,
/// points that count the chaffs). Throws UsageError naming lesson.json, the step, what is
/// wrong and what to write instead.
Lesson readLesson(const std::filesystem::path& folder, const LessonPlaces& places);

/// The names of the test cases a step's test file declares, in its order: each line that
/// starts with TEST_CASE("name" or SCENARIO("name" (Catch2 names a scenario "Scenario: name"),
/// its escapes read. Throws UsageError naming `file` and the line whose name it cannot read.
///   testCaseNames("TEST_CASE(\"it digs\", \"[x]\") {\n", "t.cpp") == {"it digs"}
std::vector<std::string> testCaseNames(std::string_view text, const std::filesystem::path& file);

/// Every lesson under kit.lessons(), in order. Throws UsageError for a malformed lesson.json,
/// naming the file and what is wrong.
std::vector<Lesson> loadLessons(const Kit& kit);

/// A lesson by number ("2", "02") or id ("02-building-the-maze"); throws UsageError naming
/// the lessons there are.
const Lesson& findLesson(const std::vector<Lesson>& lessons, const std::string& numberOrId);

}  // namespace mazekit
