// A lesson's one source (kit/lesson_source.hpp): each step's code cut out of it by its tags, and
// every bad tag named by its file and line.
#include <catch2/catch.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "common/files.hpp"
#include "kit/kit.hpp"
#include "kit/lesson_source.hpp"
#include "kit/lessons.hpp"

using Catch::Contains;
using mazekit::cutLessonSource;

namespace {

/// A step of a lesson.json with every field a step needs, ending with `solution`.
nlohmann::json step(const std::string& id, const std::string& solution) {
  return {{"id", id},
          {"title", id},
          {"test", "tests/" + id + ".cpp"},
          {"hint", "h"},
          {"red", {{"kind", "assert"}}},
          {"points", 1},
          {"solution", solution}};
}

/// A chaff that changes `replace` to `with` in `in`.
mazekit::Chaff edit(const std::string& in, const std::string& replace, const std::string& with) {
  mazekit::Chaff chaff;
  chaff.id = "c";
  chaff.in = in;
  chaff.replace = replace;
  chaff.with = with;
  return chaff;
}

/// A lesson.json of the lesson "09-x" with these files and steps.
std::string lessonJson(const nlohmann::json& files, const nlohmann::json& steps) {
  return nlohmann::json{{"id", "09-x"}, {"title", "x"}, {"files", files}, {"steps", steps}}.dump();
}

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
  common::saveFileAtomically(
      lesson / "lesson.json",
      lessonJson({"a.hpp"}, {step("01-a", "solutions/step01"), step("02-b", "solutions/step01"),
                             step("03-c", "solutions/step02")}));
  common::saveFileAtomically(lesson / "source" / "a.hpp", "a\n//@ 2-\nb\n//@ end\n");
  CHECK(mazekit::readLesson(lesson, {}).solutionCount() == 2);
  CHECK(mazekit::cutLesson(lesson, out) == 2);
  CHECK(common::readFile(out / "solutions" / "step01" / "a.hpp") == "a\n");
  CHECK(common::readFile(out / "solutions" / "step02" / "a.hpp") == "a\nb\n");
  CHECK(mazekit::cutLesson(lesson, out) == 0);
  common::saveFileAtomically(lesson / "source" / "a.hpp", "a\n//@ 2-\nc\n//@ end\n");
  CHECK(mazekit::cutLesson(lesson, out) == 1);

  fs::remove(lesson / "source" / "a.hpp");
  REQUIRE_THROWS_WITH(mazekit::cutLesson(lesson, out),
                      Contains("a.hpp' is not there") && Contains("in source/"));
  common::saveFileAtomically(
      lesson / "lesson.json",
      lessonJson({"a.hpp"}, nlohmann::json::array({step("01-a", "solutions/step02")})));
  REQUIRE_THROWS_WITH(mazekit::cutLesson(lesson, out),
                      Contains("lesson.json: step 1 ('01-a') has \"solution\": "
                               "\"solutions/step02\", but the next solution is "
                               "\"solutions/step01\""));
  fs::remove_all(lesson.parent_path());
}

TEST_CASE("a chaff is the wheat with its one text replaced", "[lesson_source]") {
  const mazekit::Chaff chaff = edit("maze.hpp", "x > 0", "x > 1");
  CHECK(mazekit::applyChaff("if (x > 0) dig();\n", chaff, "here", "w/maze.hpp") ==
        "if (x > 1) dig();\n");
  const mazekit::Chaff removes = edit("maze.hpp", " dig();", "");
  CHECK(mazekit::applyChaff("if (x > 0) dig();\n", removes, "here", "w/maze.hpp") ==
        "if (x > 0)\n");
}

TEST_CASE("a chaff whose text is missing, twice there, or unchanged says which and what to do",
          "[lesson_source]") {
  const std::string where = "lessons/09-x/lesson.json: step 03-t, chaff 'c'";
  const std::string wheat = "int a = 1;\nint b = 1;\n";
  REQUIRE_THROWS_WITH(mazekit::applyChaff(wheat, edit("a.hpp", "int c", "int d"), where, "w/a.hpp"),
                      Contains(where + ": its \"replace\" text is not in w/a.hpp") &&
                          Contains("copy it from that file exactly"));
  REQUIRE_THROWS_WITH(mazekit::applyChaff(wheat, edit("a.hpp", "= 1;", "= 2;"), where, "w/a.hpp"),
                      Contains(where + ": its \"replace\" text is in w/a.hpp more than once") &&
                          Contains("take more of the line around it"));
  REQUIRE_THROWS_WITH(
      mazekit::applyChaff(wheat, edit("a.hpp", "int a", "int a"), where, "w/a.hpp"),
      Contains(where + ": its \"with\" is its \"replace\": the chaff would be the wheat"));
}

TEST_CASE("makeLessonChaffs writes each chaff's files from its wheat, and only those that change",
          "[lesson_source]") {
  namespace fs = std::filesystem;
  const fs::path lesson = fs::temp_directory_path() / "mazekit-lesson-chaff-test" / "09-x";
  const fs::path out = lesson.parent_path() / "cut";
  const fs::path chaffs = lesson.parent_path() / "chaffs";
  fs::remove_all(lesson.parent_path());
  fs::create_directories(lesson / "source");
  // Five chaffs: the first changes `in`'s "1" to `with`, the others b.hpp's "int b;".
  const auto writeLesson = [&](const std::string& in, const std::string& with) {
    nlohmann::json chaffList = {
        {{"id", "off-by-one"}, {"says", "s"}, {"in", in}, {"replace", "1"}, {"with", with}}};
    for (const char* id : {"b2", "b3", "b4", "b5"}) {
      chaffList.push_back({{"id", id},
                           {"says", "s"},
                           {"in", "b.hpp"},
                           {"replace", "int b;"},
                           {"with", std::string("int ") + id + ";"}});
    }
    nlohmann::json tests = step("02-t", "solutions/step01");
    tests.erase("red");
    tests.update({{"kind", "tests"},
                  {"writes", "my_tests.cpp"},
                  {"wheat", "solutions/step02"},
                  {"points", 6},
                  {"chaffs", chaffList}});
    common::saveFileAtomically(
        lesson / "lesson.json",
        lessonJson({"a.hpp", "b.hpp"},
                   {step("01-a", "solutions/step01"), tests, step("03-b", "solutions/step02")}));
  };
  writeLesson("a.hpp", "2");
  common::saveFileAtomically(lesson / "source" / "a.hpp", "//@ 2-\nint one = 1;\n//@ end\n");
  common::saveFileAtomically(lesson / "source" / "b.hpp", "int b;\n");
  REQUIRE(mazekit::cutLesson(lesson, out) == 4);
  CHECK(mazekit::makeLessonChaffs(lesson, out, chaffs) == 10);
  CHECK(common::readFile(chaffs / "02-t" / "off-by-one" / "a.hpp") == "int one = 2;\n");
  CHECK(common::readFile(chaffs / "02-t" / "b3" / "b.hpp") == "int b3;\n");
  CHECK(common::readFile(chaffs / "02-t" / "off-by-one" / "b.hpp") == "int b;\n");
  CHECK(mazekit::makeLessonChaffs(lesson, out, chaffs) == 0);
  writeLesson("a.hpp", "3");
  CHECK(mazekit::makeLessonChaffs(lesson, out, chaffs) == 1);
  CHECK(common::readFile(chaffs / "02-t" / "off-by-one" / "a.hpp") == "int one = 3;\n");

  writeLesson("c.hpp", "3");
  REQUIRE_THROWS_WITH(mazekit::makeLessonChaffs(lesson, out, chaffs),
                      Contains("lesson.json: step 2's chaff 'off-by-one': its \"in\" (c.hpp) "
                               "is not one of the lesson's \"files\""));
  writeLesson("b.hpp", "3");
  REQUIRE_THROWS_WITH(mazekit::makeLessonChaffs(lesson, out, chaffs),
                      Contains("its \"replace\" text is not in") &&
                          Contains((out / "solutions" / "step02" / "b.hpp").string()));
  fs::remove_all(lesson.parent_path());
}
