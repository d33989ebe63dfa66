// The one reader of lesson.json (kit/lessons.hpp): every field read, every mistake named with
// its file and step and what to write instead, and the test case names of a step's test file.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "common/files.hpp"
#include "kit/lessons.hpp"

namespace fs = std::filesystem;
using Catch::Contains;
using nlohmann::json;

namespace {

json chaff(const std::string& id) {
  return {{"id", id}, {"says", "a " + id}, {"in", "a.hpp"}, {"replace", "1"}, {"with", "2"}};
}

/// A lesson with one step of each kind: a compile RED, a refactor, a test-writing step whose
/// wheat is the next step's solution, and a step that retires the first.
json wholeLesson() {
  json steps = json::array();
  steps.push_back({{"id", "01-a"},
                   {"title", "A"},
                   {"test", "tests/step01.cpp"},
                   {"red", {{"kind", "compile"}, {"pattern", "'a' was not declared"}}},
                   {"hint", "h1"},
                   {"points", 1},
                   {"solution", "solutions/step01"}});
  steps.push_back({{"id", "02-b"},
                   {"title", "B"},
                   {"test", "tests/step02.cpp"},
                   {"red", {{"kind", "assert"}}},
                   {"hint", "h2"},
                   {"points", 2},
                   {"solution", "solutions/step02"},
                   {"seconds", 60},
                   {"refactor", {{"keeps", "[keeps]"}, {"why", "same answers"}}}});
  json chaffs = json::array();
  for (const char* id : {"c1", "c2", "c3", "c4", "c5"}) chaffs.push_back(chaff(id));
  chaffs[4]["schema"] = false;
  steps.push_back({{"id", "03-tests"},
                   {"title", "T"},
                   {"test", "tests/step03.cpp"},
                   {"kind", "tests"},
                   {"writes", "my_tests.cpp"},
                   {"wheat", "solutions/step03"},
                   {"hint", "h3"},
                   {"points", 6},
                   {"solution", "solutions/step02"},
                   {"chaffs", chaffs}});
  steps.push_back({{"id", "04-c"},
                   {"title", "C"},
                   {"test", "tests/step04.cpp"},
                   {"red", {{"kind", "assert"}}},
                   {"hint", "h4"},
                   {"points", 1},
                   {"solution", "solutions/step03"},
                   {"retires", {{{"step", "01-a"}, {"reason", "a is gone"}}}}});
  return {{"id", "09-x"},
          {"title", "X"},
          {"files", {"a.hpp"}},
          {"programs", {{"play", "play/main.cpp"}}},
          {"steps", steps}};
}

// The lesson's folder: this process's own, as CTest runs each test case in a process of its own.
const fs::path kFolder =
    fs::temp_directory_path() / ("mazekit-lessons-test-" + std::to_string(::getpid())) / "09-x";
const mazekit::LessonPlaces kPlaces{"/build", "/exercises", false};

/// Removes the lesson's folder when a test case ends.
struct Cleanup {
  Cleanup() = default;
  Cleanup(const Cleanup&) = delete;
  Cleanup& operator=(const Cleanup&) = delete;
  ~Cleanup() { fs::remove_all(kFolder.parent_path()); }
};

mazekit::Lesson readWith(const json& lesson, const mazekit::LessonPlaces& places = kPlaces) {
  fs::create_directories(kFolder);
  common::saveFileAtomically(kFolder / "lesson.json", lesson.dump(2));
  return mazekit::readLesson(kFolder, places);
}

/// The message readLesson gives for `lesson` changed by `change`.
std::string mistake(const std::function<void(json&)>& change) {
  json lesson = wholeLesson();
  change(lesson);
  try {
    readWith(lesson);
  } catch (const mazekit::UsageError& error) {
    return error.what();
  }
  return "(read without an error)";
}

}  // namespace

TEST_CASE("readLesson reads every field of a lesson", "[lessons]") {
  const Cleanup cleanup;
  const mazekit::Lesson lesson = readWith(wholeLesson());
  CHECK(lesson.id == "09-x");
  CHECK(lesson.number == 9);
  CHECK(lesson.exercise == fs::path("/exercises/09-x"));
  REQUIRE(lesson.programs.size() == 1);
  CHECK(lesson.programs[0].name == "play");
  CHECK(lesson.programs[0].source == kFolder / "play/main.cpp");
  REQUIRE(lesson.steps.size() == 4);
  CHECK(lesson.solutionCount() == 3);
  const mazekit::Step& first = lesson.steps[0];
  CHECK(first.redKind == "compile");
  CHECK(first.redPattern == "'a' was not declared");
  CHECK(first.test == kFolder / "tests/step01.cpp");
  CHECK(first.solution == fs::path("/build/lessons/09-x/solutions/step01"));
  CHECK(first.wheatStep == 1);
  const mazekit::Step& refactor = lesson.steps[1];
  CHECK(refactor.keeps == "[keeps]");
  CHECK(refactor.keepsWhy == "same answers");
  CHECK(refactor.seconds == 60);
  const mazekit::Step& tests = lesson.steps[2];
  CHECK(tests.writesTests());
  CHECK(tests.redKind == "tests");
  CHECK(tests.writes == "my_tests.cpp");
  CHECK(tests.wheat == fs::path("/build/lessons/09-x/solutions/step03"));
  CHECK(tests.wheatStep == 4);
  REQUIRE(tests.chaffs.size() == 5);
  CHECK(tests.chaffs[0].id == "c1");
  CHECK(tests.chaffs[0].says == "a c1");
  CHECK(tests.chaffs[0].replace == "1");
  CHECK(tests.chaffs[0].with == "2");
  CHECK(tests.chaffs[0].inSchema);
  CHECK_FALSE(tests.chaffs[4].inSchema);
  REQUIRE(lesson.steps[3].retires.size() == 1);
  CHECK(lesson.steps[3].retires[0].step == "01-a");
  CHECK(lesson.steps[3].retires[0].reason == "a is gone");
  CHECK(lesson.testsFiles() == std::vector<std::string>{"my_tests.cpp"});
}

TEST_CASE("a student edition's lesson.json may leave out how each chaff changes the wheat",
          "[lessons]") {
  const Cleanup cleanup;
  json lesson = wholeLesson();
  for (json& c : lesson["steps"][2]["chaffs"]) {
    c.erase("replace");
    c.erase("with");
  }
  const mazekit::Lesson read = readWith(lesson, {"/build", "/exercises", true});
  CHECK(read.steps[2].chaffs[0].replace.empty());
  REQUIRE_THROWS_WITH(readWith(lesson), Contains("step 3's chaff 'c1': give \"replace\""));
}

TEST_CASE("each mistake in a lesson.json is named with its file, its step and what to write",
          "[lessons]") {
  const Cleanup cleanup;
  const std::string file = (kFolder / "lesson.json").string();
  CHECK_THAT(mistake([](json& l) { l.erase("title"); }), Contains(file + ": give \"title\""));
  CHECK_THAT(mistake([](json& l) { l["files"] = json::array(); }),
             Contains(file + ": \"files\" names no file"));
  CHECK_THAT(mistake([](json& l) {
               l["files"] = {"a.hpp", 3};
             }),
             Contains("\"files\" is a list of file names"));
  CHECK_THAT(mistake([](json& l) { l["steps"] = json::array(); }),
             Contains("\"steps\" is a list of the lesson's steps, and it has none"));
  CHECK_THAT(mistake([](json& l) { l["steps"][0].erase("hint"); }),
             Contains(file + ": step 1: give \"hint\""));
  CHECK_THAT(mistake([](json& l) { l["steps"][0]["points"] = "one"; }),
             Contains("step 1: \"points\" is a whole number of 1 or more"));
  CHECK_THAT(mistake([](json& l) { l["steps"][0]["kind"] = "test"; }),
             Contains("step 1 has \"kind\": \"test\"; use \"tests\""));
  CHECK_THAT(mistake([](json& l) {
               l["steps"][0]["red"] = {{"kind", "crash"}};
             }),
             Contains("step 1 has \"red\": {\"kind\":\"crash\"}; give {\"kind\": \"assert\"}"));
  CHECK_THAT(mistake([](json& l) { l["steps"][0]["red"].erase("pattern"); }),
             Contains("step 1's \"red\": give \"pattern\""));
  CHECK_THAT(mistake([](json& l) { l["steps"][1]["solution"] = "solutions/step03"; }),
             Contains("step 2 ('02-b') has \"solution\": \"solutions/step03\", but the next "
                      "solution is \"solutions/step02\""));
  CHECK_THAT(mistake([](json& l) { l["steps"][1]["refactor"].erase("why"); }),
             Contains("step 2 is a refactor: give \"keeps\""));
  CHECK_THAT(mistake([](json& l) {
               l["steps"][0]["refactor"] = {{"keeps", "k"}, {"why", "w"}};
             }),
             Contains("step 1 is a refactor, so its test compiles before it: its red kind must "
                      "be \"assert\", not \"compile\""));
  CHECK_THAT(mistake([](json& l) { l["steps"][1]["seconds"] = 0; }),
             Contains("step 2: \"seconds\" is the time the step's program needs"));
  CHECK_THAT(mistake([](json& l) { l["steps"][3]["retires"][0]["reason"] = ""; }),
             Contains("step 4 retires 01-a without a reason"));
  CHECK_THAT(mistake([](json& l) { l["steps"][3]["retires"][0]["step"] = "05-later"; }),
             Contains("step 4 retires '05-later', which is not an earlier step"));
  CHECK_THAT(mistake([](json& l) { l["steps"][2].erase("writes"); }),
             Contains("step 3 is a test-writing step: give \"writes\""));
  CHECK_THAT(mistake([](json& l) { l["steps"][2]["chaffs"].erase(0); }),
             Contains("step 3 is a test-writing step: give at least 5 \"chaffs\""));
  CHECK_THAT(mistake([](json& l) { l["steps"][2]["points"] = 5; }),
             Contains("step 3 has 5 chaffs, so its points are 6 (one a chaff caught, one the "
                      "wheat passed), not 5"));
  CHECK_THAT(mistake([](json& l) { l["steps"][2]["chaffs"][1]["id"] = "c1"; }),
             Contains("step 3's chaff 'c1': an id is lower-case letters, digits and '-', and "
                      "each chaff's is its own"));
  CHECK_THAT(mistake([](json& l) { l["steps"][2]["chaffs"][1]["id"] = "Big"; }),
             Contains("chaff 'Big': an id is lower-case letters"));
  CHECK_THAT(mistake([](json& l) { l["steps"][2]["chaffs"][0]["in"] = "b.hpp"; }),
             Contains("step 3's chaff 'c1': its \"in\" (b.hpp) is not one of the lesson's "
                      "\"files\""));
  CHECK_THAT(mistake([](json& l) { l["steps"][2]["chaffs"][0]["schema"] = "no"; }),
             Contains("step 3's chaff 'c1': \"schema\" is true or false, not \"no\""));
  CHECK_THAT(mistake([](json& l) { l["steps"][2]["wheat"] = "solutions/step01"; }),
             Contains(file + ": step 3's \"wheat\" (solutions/step01) is not the solution of "
                             "that step or a later one"));
  CHECK_THAT(mistake([](json& l) {
               l["programs"] = {{"play", 1}};
             }),
             Contains("program 'play' names its main's file"));
  common::saveFileAtomically(kFolder / "lesson.json", "{\"id\": ");
  REQUIRE_THROWS_WITH(mazekit::readLesson(kFolder, kPlaces),
                      Contains("'" + file + "' is not JSON"));
}

TEST_CASE("testCaseNames reads each TEST_CASE and SCENARIO name of a test file", "[lessons]") {
  const std::string text =
      "// TEST_CASE(\"in a comment\") is not one\n"
      "TEST_CASE(\"it digs\", \"[lesson02][step07]\") {\n"
      "  SECTION(\"not a test case\") {}\n"
      "}\n"
      "  TEST_CASE( \"it says \\\"no\\\" to a \\\\ wall\" ) {}\n"
      "SCENARIO(\"a maze is solved\") {}\n";
  CHECK(mazekit::testCaseNames(text, "t.cpp") ==
        std::vector<std::string>{"it digs", "it says \"no\" to a \\ wall",
                                 "Scenario: a maze is solved"});
  CHECK(mazekit::testCaseNames("", "t.cpp").empty());
  REQUIRE_THROWS_WITH(mazekit::testCaseNames("int a;\nTEST_CASE(name) {}\n", "t.cpp"),
                      Contains("t.cpp:2: cannot read the test case name"));
}

TEST_CASE("a step is found by its number or its id, and a wrong one names the steps there are",
          "[lessons]") {
  const Cleanup cleanup;
  const mazekit::Lesson lesson = readWith(wholeLesson());
  CHECK(lesson.step("3").id == "03-tests");
  CHECK(lesson.step("03").id == "03-tests");
  CHECK(lesson.step("04-c").number == 4);
  REQUIRE_THROWS_WITH(lesson.step("5"), Contains("lesson 9 has no step '5': its steps are 1 to 4"));
  REQUIRE_THROWS_WITH(lesson.step("3x"), Contains("has no step '3x'"));
  REQUIRE_THROWS_WITH(lesson.step("00003"), Contains("has no step '00003'"));
  const std::vector<mazekit::Lesson> lessons{lesson};
  CHECK(&mazekit::findLesson(lessons, "9") == &lessons[0]);
  REQUIRE_THROWS_WITH(mazekit::findLesson(lessons, "8"),
                      Contains("there is no lesson '8': the lessons are 9 (09-x)"));
}
