// A lesson's one source (kit/lesson_source.hpp): each step's code cut out of it by its tags, and
// every bad tag named by its file and line.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "common/files.hpp"
#include "kit/kit.hpp"
#include "kit/lesson_source.hpp"

using Catch::Contains;
using mazekit::cutLessonSource;

namespace {

const std::string kSource =
    "#pragma once\n"
    "//@ 1\n"
    "// after step 1\n"
    "//@ end\n"
    "//@ 2-\n"
    "// after step 2 and on\n"
    "//@ end\n"
    "int a();\n"
    "  //@ 2-3\n"
    "int b();\n"
    "  //@ end\n"
    "int c();\n";

std::string cut(const std::string& text, int step, int last = 4) {
  return cutLessonSource(text, "lessons/09-x/source/maze.hpp", step, last);
}

}  // namespace

TEST_CASE("untagged lines are in every step and tags are left out", "[lesson_source]") {
  CHECK(cut("a\nb\n", 1) == "a\nb\n");
  CHECK(cut("a\nb\n", 4) == "a\nb\n");
  CHECK(cut("//@ 2-3\nx\n//@ end\n", 1) == "");
}

TEST_CASE("a block '//@ 2-3' is in steps 2 and 3 only", "[lesson_source]") {
  CHECK(cut(kSource, 1) == "#pragma once\n// after step 1\nint a();\nint c();\n");
  CHECK(cut(kSource, 2) == "#pragma once\n// after step 2 and on\nint a();\nint b();\nint c();\n");
  CHECK(cut(kSource, 3) == "#pragma once\n// after step 2 and on\nint a();\nint b();\nint c();\n");
  CHECK(cut(kSource, 4) == "#pragma once\n// after step 2 and on\nint a();\nint c();\n");
}

TEST_CASE("'//@ 2-' runs to the last step and '//@ 3' is step 3 alone", "[lesson_source]") {
  const std::string text = "//@ 2-\nfrom two\n//@ end\n//@ 3\nthree\n//@ end\n";
  CHECK(cut(text, 1, 5) == "");
  CHECK(cut(text, 3, 5) == "from two\nthree\n");
  CHECK(cut(text, 5, 5) == "from two\n");
}

TEST_CASE("the cut keeps the bytes: carriage returns, indentation, no final line break",
          "[lesson_source]") {
  CHECK(cut("  a\r\n//@ 1\r\n\tb\r\n//@ end\r\nc", 1) == "  a\r\n\tb\r\nc");
  CHECK(cut("  a\r\n//@ 1\r\n\tb\r\n//@ end\r\nc", 2) == "  a\r\nc");
}

TEST_CASE("a bad tag is named by its file and line", "[lesson_source]") {
  const std::string file = "lessons/09-x/source/maze.hpp:";
  REQUIRE_THROWS_AS(cut("a\n//@ end\n", 1), mazekit::UsageError);
  REQUIRE_THROWS_WITH(cut("a\n//@ end\n", 1), Contains(file + "2: '//@ end' closes no block") &&
                                                  Contains("open one above it"));
  REQUIRE_THROWS_WITH(
      cut("//@ 2-\na\n", 1),
      Contains(file + "1: the block '//@ 2-' is never closed") && Contains("add a line '//@ end'"));
  REQUIRE_THROWS_WITH(cut("a\n//@ 1-2\n//@ 3-\nb\n//@ end\n", 1),
                      Contains(file + "3: '//@ 3-' opens a block inside the block '//@ 1-2' of "
                                      "line 2") &&
                          Contains("close that one with '//@ end' first"));
  REQUIRE_THROWS_WITH(
      cut("//@ two\n", 1),
      Contains(file + "1: '//@ two' is not a range of steps") && Contains("write '//@ 3-5'"));
  REQUIRE_THROWS_WITH(cut("//@ 2-x\n", 1), Contains(file + "1: '//@ 2-x' is not a range"));
  REQUIRE_THROWS_WITH(cut("//@\n", 1), Contains(file + "1: '//@' is not a range"));
  REQUIRE_THROWS_WITH(
      cut("\n\n//@ 3-2\n//@ end\n", 1),
      Contains(file + "3: '//@ 3-2' ends before it starts") && Contains("'//@ 2-3'"));
}

TEST_CASE("a tag naming a step outside the lesson says which steps there are", "[lesson_source]") {
  const std::string file = "lessons/09-x/source/maze.hpp:";
  REQUIRE_THROWS_WITH(
      cut("//@ 5-\nx\n//@ end\n", 1),
      Contains(file + "1: '//@ 5-' names step 5, but the lesson's steps are 1 to 4"));
  REQUIRE_THROWS_WITH(cut("//@ 2-9\nx\n//@ end\n", 1),
                      Contains(file + "1: '//@ 2-9' names step 9"));
  REQUIRE_THROWS_WITH(cut("//@ 0-2\nx\n//@ end\n", 1),
                      Contains(file + "1: '//@ 0-2' names step 0"));
  REQUIRE_THROWS_WITH(
      cut("a\n", 5),
      Contains("maze.hpp: there is no step 5 to cut: the lesson's steps are 1 to 4"));
  REQUIRE_THROWS_WITH(cut("a\n", 0), Contains("there is no step 0"));
}

TEST_CASE("cutLesson writes each solution's files, and rewrites only those that change",
          "[lesson_source]") {
  namespace fs = std::filesystem;
  const fs::path lesson = fs::temp_directory_path() / "mazekit-lesson-source-test" / "09-x";
  const fs::path out = lesson.parent_path() / "cut";
  fs::remove_all(lesson.parent_path());
  fs::create_directories(lesson / "source");
  common::saveFileAtomically(lesson / "lesson.json",
                             R"({"id": "09-x", "title": "x", "files": ["a.hpp"], "steps": [
           {"id": "01-a", "solution": "solutions/step01"},
           {"id": "02-b", "solution": "solutions/step01"},
           {"id": "03-c", "solution": "solutions/step02"}]})");
  common::saveFileAtomically(lesson / "source" / "a.hpp", "a\n//@ 2-\nb\n//@ end\n");
  CHECK(mazekit::lessonSolutionCount(lesson) == 2);
  CHECK(mazekit::cutLesson(lesson, out) == 2);
  CHECK(common::readFile(out / "solutions" / "step01" / "a.hpp") == "a\n");
  CHECK(common::readFile(out / "solutions" / "step02" / "a.hpp") == "a\nb\n");
  CHECK(mazekit::cutLesson(lesson, out) == 0);
  common::saveFileAtomically(lesson / "source" / "a.hpp", "a\n//@ 2-\nc\n//@ end\n");
  CHECK(mazekit::cutLesson(lesson, out) == 1);

  fs::remove(lesson / "source" / "a.hpp");
  REQUIRE_THROWS_WITH(mazekit::cutLesson(lesson, out),
                      Contains("a.hpp' is not there") && Contains("in source/"));
  common::saveFileAtomically(lesson / "lesson.json",
                             R"({"id": "09-x", "title": "x", "files": ["a.hpp"], "steps": [
           {"id": "01-a", "solution": "solutions/step02"}]})");
  REQUIRE_THROWS_WITH(mazekit::lessonSolutionCount(lesson),
                      Contains("lesson.json: step '01-a' has \"solution\": \"solutions/step02\", "
                               "but the next solution is \"solutions/step01\""));
  fs::remove_all(lesson.parent_path());
}
