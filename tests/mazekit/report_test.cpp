// Text made safe, and the grade reports written with it: any bytes a student chooses (a
// folder name in Latin-1, a name with a newline that forges a row, an escape sequence, a
// spreadsheet formula, a program that prints \xff or is cut inside a character) come out as
// valid UTF-8 that cannot break the terminal table, grades.csv, results.json, junit.xml or
// report.html.
#include <catch2/catch.hpp>

#include "shell.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>
#include <nlohmann/json.hpp>

#include "grade/class_report.hpp"
#include "grade/grading.hpp"
#include "kit/version.hpp"
#include "run/text.hpp"
#include "run/verdict.hpp"

namespace fs = std::filesystem;
using namespace mazekit;
using namespace mazekit::text;
using run::Outcome;

namespace {

const std::string replacement = "\xEF\xBF\xBD";  // U+FFFD
const fs::path kitSource = KIT_SOURCE_DIR;

std::string times(int n, const std::string& text) {
  std::string out;
  for (int i = 0; i < n; ++i) out += text;
  return out;
}

fs::path scratchFolder(const std::string& name) {
  return kit_test::scratchFolder("mazekit report test", name);
}

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (auto end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

Lesson threeStepLesson() {
  Lesson lesson;
  lesson.number = 2;
  lesson.id = "02-building-the-maze";
  lesson.title = "Building the maze";
  const char* ids[] = {"01-a-maze-class", "02-a-screen", "03-a-turtle"};
  const char* titles[] = {"A Maze class", "A Maze has a screen", "A Maze has a turtle"};
  for (int k = 0; k < 3; ++k) {
    Step step;
    step.number = k + 1;
    step.id = ids[k];
    step.title = titles[k];
    step.points = k + 1;
    lesson.steps.push_back(step);
  }
  return lesson;
}

grade::StepResult stepResult(Outcome outcome, int score, const std::string& reason,
                             const std::string& output = "") {
  grade::StepResult result;
  result.verdict = {outcome, reason};
  result.score = score;
  result.output = output;
  return result;
}

/// A name in Latin-1 with an escape sequence and a newline that forges a row; a program that
/// prints invalid UTF-8 and is cut inside a character; two tamper flags.
grade::StudentResult hostileStudent() {
  grade::StudentResult student;
  student.name = "jos\xe9 \x1b[2K\nmallory,complete,39";
  student.slug = "jos_";
  student.notes = {"ignored file: caf\xe9.txt", "note with <script>alert(1)</script>"};
  student.flags = {{"maze.hpp", 3, "#undef REQUIRE: Catch2's macros must not be redefined"},
                   {"maz\xe9.hpp", 7, "#line: moves the reported line numbers"}};
  student.steps = {
      stepResult(Outcome::passed, 1, "passed: 1 test case"),
      stepResult(Outcome::failed, 0, "failed: test line 12: REQUIRE( a == b ) \xe2\x80",
                 "printed \xff\xfe then \x1b[31mred\x1b[0m and " + std::string(1, '\0') + "NUL"),
      stepResult(Outcome::graderError, 0, "grader error: no report ]]> <&>", "\x01\x02"),
  };
  student.total = 1;
  return student;
}

/// A spreadsheet formula for a name, a submission that could not be graded, no step results.
grade::StudentResult formulaStudent() {
  grade::StudentResult student;
  student.name = "=HYPERLINK(\"http://x\",\"y\")";
  student.slug = "_HYPERLINK__http___x___y__";
  student.error = "no maze.hpp in the submission \xc0\xaf";
  return student;
}

grade::StudentResult completeStudent() {
  grade::StudentResult student;
  student.name = "complete";
  student.slug = "complete";
  student.steps = {stepResult(Outcome::passed, 1, "passed"),
                   stepResult(Outcome::passed, 2, "passed"),
                   stepResult(Outcome::passed, 3, "passed")};
  student.total = 6;
  return student;
}

bool schemaValid(const fs::path& junit) {
  const fs::path schema = kitSource / "tests" / "mazekit" / "junit.xsd";
  const std::string command = "xmllint --noout --schema " + kit_test::quoted(schema.string()) +
                              " " + kit_test::quoted(junit.string());
  return kit_test::runCommand(command, junit.parent_path().parent_path() / "scratch").status == 0;
}

}  // namespace

TEST_CASE("a stray byte that no character starts with becomes one U+FFFD", "[mazekit][report]") {
  CHECK(validUtf8("\xff") == replacement);
  CHECK(validUtf8("a\xff"
                  "b") == "a" + replacement + "b");
  CHECK(validUtf8("\x80\x80") == replacement + replacement);
}

TEST_CASE("output cut at 4000 bytes inside a 3-byte character ends in one U+FFFD",
          "[mazekit][report]") {
  const std::string euro = "\xE2\x82\xAC";
  const std::string printed = std::string(3998, 'a') + euro + "more";
  const std::string cut = printed.substr(0, 4000);  // 3998 'a' and 2 of the euro's 3 bytes
  CHECK(validUtf8(cut) == std::string(3998, 'a') + replacement);
  CHECK(cutUtf8(printed, 4000) == std::string(3998, 'a'));
  CHECK(cutUtf8(printed, 4001) == std::string(3998, 'a') + euro);
}

TEST_CASE("a right quote cut after 2 of its 3 bytes is one U+FFFD", "[mazekit][report]") {
  CHECK(validUtf8("it\xE2\x80") == "it" + replacement);
  CHECK(validUtf8("it\xE2\x80s") == "it" + replacement + "s");
}

TEST_CASE("a Latin-1 name is valid UTF-8 with U+FFFD for its accented letter",
          "[mazekit][report]") {
  CHECK(validUtf8("jos\xe9") == "jos" + replacement);
  CHECK(validUtf8("jos\xe9 garc\xed"
                  "a") == "jos" + replacement + " garc" + replacement + "a");
}

TEST_CASE("overlong forms, surrogates and values past U+10FFFF are rejected byte by byte",
          "[mazekit][report]") {
  // No well-formed sequence starts with \xC0, so each byte is its own maximal subpart.
  CHECK(validUtf8("\xc0\xaf") == replacement + replacement);
  CHECK(validUtf8("\xe0\x80\xaf") == times(3, replacement));
  // \xED starts a character, but not with \xA0: the surrogate D800 gives three U+FFFD.
  CHECK(validUtf8("\xed\xa0\x80") == times(3, replacement));
  CHECK(validUtf8("\xf4\x90\x80\x80") == times(4, replacement));
  CHECK(validUtf8("\xf5") == replacement);
  // A 4-byte character cut after 3 is one maximal subpart.
  CHECK(validUtf8("\xf0\x9f\x90") == replacement);
}

TEST_CASE("valid text of every length is unchanged, NUL included", "[mazekit][report]") {
  const std::string text =
      "h\xc3\xa9llo \xe2\x80\x94 \xe6\x97\xa5\xe6\x9c\xac \xf0\x9f\x90\xa2 "
      "\xed\x9f\xbf \xee\x80\x80 \xf4\x8f\xbf\xbf " +
      std::string(1, '\0') + "end";
  CHECK(validUtf8(text) == text);
  CHECK(validUtf8("") == "");
}

TEST_CASE("cutUtf8 never splits a character", "[mazekit][report]") {
  const std::string text = "a\xc3\xa9\xe2\x80\x99\xf0\x9f\x90\xa2z";  // 1, 2, 3, 4 and 1 bytes
  for (std::size_t max = 0; max <= text.size() + 1; ++max) {
    const std::string cut = cutUtf8(text, max);
    INFO("max " << max);
    CHECK(cut.size() <= max);
    CHECK(text.compare(0, cut.size(), cut) == 0);
    CHECK(validUtf8(cut) == cut);
    CHECK(cut.size() + 4 > std::min(max, text.size()));  // loses less than one character
  }
  CHECK(cutUtf8("jos\xe9", 100) == "jos" + replacement);
}

TEST_CASE("terminalLine shows control characters instead of obeying them", "[mazekit][report]") {
  CHECK(terminalLine("mallory\n complete 39") == "mallory\\n complete 39");
  CHECK(terminalLine("\x1b[2K") == "\\x1b[2K");
  CHECK(terminalLine("a\rb\tc\x7f") == "a\\rb\\tc\\x7f");
  CHECK(terminalLine("\xc2\x9b"
                     "31m") == "\\x9b31m");  // the one-character CSI of C1
  CHECK(terminalLine("abc\xe2\x80\xae"
                     "fed") == "abc\\u202efed");  // right-to-left override
  CHECK(terminalLine("jos\xe9") == "jos" + replacement);
  CHECK(terminalLine("caf\xc3\xa9 \xf0\x9f\x90\xa2") == "caf\xc3\xa9 \xf0\x9f\x90\xa2");
}

TEST_CASE("csvCell quotes as RFC 4180 says and keeps formulas from running", "[mazekit][report]") {
  CHECK(csvCell("alice") == "alice");
  CHECK(csvCell("=1+2") == "'=1+2");
  CHECK(csvCell("=HYPERLINK(\"http://x\",\"y\")") == "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
  CHECK(csvCell("+1") == "'+1");
  CHECK(csvCell("-1") == "'-1");
  CHECK(csvCell("@a") == "'@a");
  CHECK(csvCell("\tx") == "'\tx");
  CHECK(csvCell("\rx") == "\"'\rx\"");
  CHECK(csvCell("a,b") == "\"a,b\"");
  CHECK(csvCell("a\"b") == "\"a\"\"b\"");
  CHECK(csvCell("a\nb") == "\"a\nb\"");
  CHECK(csvCell(" padded ") == "\" padded \"");
  CHECK(csvCell("jos\xe9") == "jos" + replacement);
  CHECK(csvCell(std::string("a\0b", 3)) == "a" + replacement + "b");
}

TEST_CASE("xmlText escapes markup and replaces what XML 1.0 forbids", "[mazekit][report]") {
  CHECK(xmlText("\x01") == replacement);
  CHECK(xmlText("<&>") == "&lt;&amp;&gt;");
  CHECK(xmlText("\"'") == "&quot;&apos;");
  CHECK(xmlText("]]>") == "]]&gt;");
  CHECK(xmlText("a\tb\nc\rd") == "a\tb\nc&#13;d");
  CHECK(xmlText(std::string(1, '\0')) == replacement);
  CHECK(xmlText("\xef\xbf\xbe\xef\xbf\xbf") == replacement + replacement);  // U+FFFE, U+FFFF
  CHECK(xmlText("jos\xe9") == "jos" + replacement);
  CHECK(htmlText("<script>") == "&lt;script&gt;");
}

TEST_CASE("every outcome has its own name and letter", "[mazekit][report]") {
  const Outcome all[] = {Outcome::passed,     Outcome::doesNotCompile, Outcome::failed,
                         Outcome::crashed,    Outcome::timedOut,       Outcome::endedEarly,
                         Outcome::wrongTests, Outcome::tampered,       Outcome::notGraded,
                         Outcome::graderError};
  CHECK(run::outcomeLetter(Outcome::passed) == '#');
  CHECK(run::outcomeName(Outcome::timedOut) == "timed out");
  std::string letters;
  std::vector<std::string_view> names;
  for (const Outcome outcome : all) {
    letters += run::outcomeLetter(outcome);
    names.push_back(run::outcomeName(outcome));
  }
  CHECK(letters == "#CFXTEN!-?");
  std::sort(names.begin(), names.end());
  CHECK(std::adjacent_find(names.begin(), names.end()) == names.end());
}

TEST_CASE("the reports of hostile students are valid files for their readers",
          "[mazekit][report]") {
  const Lesson lesson = threeStepLesson();
  const std::vector<grade::StudentResult> students = {hostileStudent(), formulaStudent()};
  const fs::path out = scratchFolder("hostile");
  grade::RunInfo info;
  info.limits = "memory 1024 MB per step, 64 processes";
  grade::writeReports(lesson, students, info, out);

  SECTION("results.json parses as strict JSON, flags in a hidden test and in extra_data") {
    const auto results = nlohmann::json::parse(kit_test::readFile(out / "jos_" / "results.json"));
    CHECK(results["score"] == 1);
    REQUIRE(results["tests"].size() == 4);
    CHECK(results["tests"][1]["name"] == "Step 02: A Maze has a screen");
    CHECK(results["tests"][1]["number"] == "2");
    CHECK(results["tests"][1]["status"] == "failed");
    CHECK(results["tests"][1]["visibility"] == "visible");
    const std::string output = results["tests"][1]["output"];
    CHECK(output.find("\n\nThe program's output:\nprinted " + replacement + replacement) !=
          std::string::npos);
    const auto& hidden = results["tests"][3];
    CHECK(hidden["name"] == "Integrity flags (instructor only)");
    CHECK(hidden["visibility"] == "hidden");
    CHECK(hidden["score"] == 0);
    CHECK(hidden["max_score"] == 0);
    const std::string flags = hidden["output"];
    CHECK(flags.find("maze.hpp:3: #undef REQUIRE") != std::string::npos);
    CHECK(flags.find("maz" + replacement + ".hpp:7: #line") != std::string::npos);
    CHECK(results["extra_data"]["flags"].size() == 2);
    CHECK(results["extra_data"]["strict_zero"] == false);

    const auto other =
        nlohmann::json::parse(kit_test::readFile(out / formulaStudent().slug / "results.json"));
    CHECK(other["tests"].size() == 3);  // no flags, no hidden test
    CHECK(other["tests"][0]["status"] == "failed");
    CHECK(other["extra_data"]["flags"].empty());
  }

  SECTION("grades.csv has one line per student, formulas defused, flags listed") {
    const auto lines = linesOf(kit_test::readFile(out / "grades.csv"));
    REQUIRE(lines.size() == 1 + students.size());
    CHECK(lines[0] == "student,01-a-maze-class,02-a-screen,03-a-turtle,total,flags");
    CHECK(lines[1].find("mallory") != std::string::npos);
    CHECK(lines[1].find('\x1b') == std::string::npos);
    CHECK(lines[1].find("maze.hpp:3: #undef REQUIRE") != std::string::npos);
    CHECK(lines[1].find(" | maz" + replacement + ".hpp:7: #line") != std::string::npos);
    const std::string formula = lines[2];
    CHECK((formula.rfind("'=", 0) == 0 || formula.rfind("\"'=", 0) == 0));
    CHECK(formula.substr(formula.size() - 9) == ",0,0,0,0,");  // three steps, total, no flags
  }

  SECTION("junit.xml is valid against the kit's JUnit schema") {
    CHECK(schemaValid(out / "jos_" / "junit.xml"));
    CHECK(schemaValid(out / formulaStudent().slug / "junit.xml"));
    const std::string junit = kit_test::readFile(out / "jos_" / "junit.xml");
    CHECK(junit.find("failures=\"1\" errors=\"1\" skipped=\"0\"") != std::string::npos);
    CHECK(junit.find("<property name=\"sandbox\" value=\"yes\"/>") != std::string::npos);
    CHECK(junit.find("<failure type=\"failed\"") != std::string::npos);
    CHECK(junit.find("<error type=\"grader error\"") != std::string::npos);
    const std::string skipped = kit_test::readFile(out / formulaStudent().slug / "junit.xml");
    CHECK(skipped.find("skipped=\"3\"") != std::string::npos);
  }

  SECTION("check_junit.sh accepts the run and rejects a broken file or an empty folder") {
    const std::string script =
        kit_test::quoted((kitSource / "tests/mazekit/check_junit.sh").string());
    const fs::path scratch = out.parent_path() / "scratch";
    const auto good = kit_test::runCommand(script + " " + kit_test::quoted(out.string()), scratch);
    CHECK(good.status == 0);
    CHECK(good.out.find("checked 2 ") != std::string::npos);

    const fs::path empty = scratchFolder("empty");
    CHECK(kit_test::runCommand(script + " " + kit_test::quoted(empty.string()), scratch).status ==
          1);

    const fs::path broken = scratchFolder("broken") / "student";
    fs::create_directories(broken);
    std::ofstream(broken / "junit.xml") << "<testsuites><testsuite/></testsuites>\n";
    const auto bad = kit_test::runCommand(
        script + " " + kit_test::quoted(broken.parent_path().string()), scratch);
    CHECK(bad.status == 1);
    CHECK(bad.err.find("junit.xml") != std::string::npos);
  }

  SECTION("report.html holds the student's text only escaped") {
    const std::string html = kit_test::readFile(out / "report.html");
    CHECK(validUtf8(html) == html);
    CHECK(html.find('\x1b') == std::string::npos);
    CHECK(html.find("<script>") == std::string::npos);
    CHECK(html.find("&lt;script&gt;") != std::string::npos);
    CHECK(html.find("<code>maze.hpp:3</code>") != std::string::npos);
    CHECK(html.find("Graded in a sandbox. Limits: memory 1024 MB") != std::string::npos);
  }

  fs::remove_all(out.parent_path());
}

TEST_CASE("a student's row and results.json are the same bytes beside any classmates",
          "[mazekit][report]") {
  const Lesson lesson = threeStepLesson();
  const grade::RunInfo info;
  const fs::path first = scratchFolder("first");
  const fs::path second = scratchFolder("second");
  grade::writeReports(lesson, {hostileStudent(), formulaStudent()}, info, first);
  grade::writeReports(lesson, {completeStudent(), formulaStudent(), hostileStudent()}, info,
                      second);

  const auto firstRows = linesOf(kit_test::readFile(first / "grades.csv"));
  const auto secondRows = linesOf(kit_test::readFile(second / "grades.csv"));
  REQUIRE(firstRows.size() == 3);
  REQUIRE(secondRows.size() == 4);
  CHECK(firstRows[1] == secondRows[3]);
  CHECK(firstRows[2] == secondRows[2]);
  CHECK(kit_test::readFile(first / "jos_" / "results.json") ==
        kit_test::readFile(second / "jos_" / "results.json"));
  fs::remove_all(first.parent_path());
}

TEST_CASE("without a sandbox every report says so first", "[mazekit][report]") {
  const Lesson lesson = threeStepLesson();
  grade::RunInfo info;
  info.sandboxed = false;
  info.strict = true;
  grade::StudentResult flagged = hostileStudent();
  flagged.strictZero = true;
  const std::vector<grade::StudentResult> students = {flagged, completeStudent()};
  const fs::path out = scratchFolder("unsandboxed");
  grade::writeReports(lesson, students, info, out);

  const auto rows = linesOf(kit_test::readFile(out / "grades.csv"));
  REQUIRE(rows.size() == 3);
  CHECK(rows[1].find(",1,0,0,0,not sandboxed (--no-sandbox) | scored 0 (--strict) | maze.hpp:3") !=
        std::string::npos);
  CHECK(rows[2] == "complete,1,2,3,6,not sandboxed (--no-sandbox)");

  const auto results = nlohmann::json::parse(kit_test::readFile(out / "jos_" / "results.json"));
  CHECK(results["score"] == 0);
  CHECK(results["extra_data"]["strict_zero"] == true);
  CHECK(results["output"].get<std::string>().rfind("graded without a sandbox (--no-sandbox)\n",
                                                   0) == 0);
  CHECK(kit_test::readFile(out / "jos_" / "junit.xml")
            .find("<property name=\"sandbox\" value=\"no (--no-sandbox)\"/>") != std::string::npos);
  CHECK(kit_test::readFile(out / "report.html")
            .find("<p class=\"banner warn\">&#9888; graded without a sandbox (--no-sandbox)") !=
        std::string::npos);
  fs::remove_all(out.parent_path());
}

TEST_CASE("the terminal table keeps one row per student whatever the names hold",
          "[mazekit][report]") {
  const Lesson lesson = threeStepLesson();
  grade::RunInfo info;
  info.sandboxed = false;
  info.limits = "64 processes";
  info.strict = true;
  grade::StudentResult flagged = hostileStudent();
  flagged.strictZero = true;
  const std::string table =
      grade::formatTable(lesson, {flagged, formulaStudent(), completeStudent()}, info);

  CHECK(validUtf8(table) == table);
  CHECK(table.find('\x1b') == std::string::npos);
  const auto lines = linesOf(table);
  // The forged "mallory ... 39" stays inside josé's row, as visible escapes.
  const auto row = std::find_if(lines.begin(), lines.end(), [](const std::string& line) {
    return line.find("mallory") != std::string::npos;
  });
  REQUIRE(row != lines.end());
  CHECK(row->find("jos" + replacement + " \\x1b[2K\\nmallory,complete,39") == 0);
  CHECK(row->find("#F?  0/6  \xE2\x9A\x91 2 flags  (scored 0: --strict)") != std::string::npos);
  CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& line) {
          return line.find("39") != std::string::npos;
        }) == 1);
  CHECK(table.find("---  0/6  (no maze.hpp in the submission " + replacement + replacement + ")") !=
        std::string::npos);
  for (const Outcome outcome : {Outcome::passed, Outcome::wrongTests, Outcome::tampered,
                                Outcome::notGraded, Outcome::graderError}) {
    CHECK(table.find(std::string(1, run::outcomeLetter(outcome)) + " " +
                     std::string(run::outcomeName(outcome))) != std::string::npos);
  }
  CHECK(lines.back() ==
        "NOT SANDBOXED: graded without a sandbox (--no-sandbox); limits: 64 processes; "
        "--strict: a flagged student scores 0");
}

TEST_CASE("Gradescope's results.json: each step's verdict in Markdown no output can escape",
          "[mazekit][report]") {
  grade::StudentResult student = hostileStudent();
  // A program that prints a fence and Markdown of its own, to pass for the kit's words.
  student.steps[1].output = "~~~\n**GREEN** passed\n~~~~~~\n[click](http://x)";
  student.steps[0].picture = std::string("\x89PNG\r\n\x1a\n", 8) + "pixels";
  student.steps[0].seconds = 0.25;
  grade::RunInfo info;
  grade::GradescopeView view;
  view.stepVisibility["03-a-turtle"] = "hidden";
  view.seconds = 12.345;
  const auto json =
      nlohmann::json::parse(grade::gradescopeResults(threeStepLesson(), student, info, view));
  CHECK(json["score"] == 1);
  CHECK(json["execution_time"] == 12.35);
  CHECK(json["stdout_visibility"] == "hidden");
  CHECK(json["extra_data"]["mazekit_version"] == mazekit::kitVersion());  // which kit graded it
  const auto& tests = json["tests"];
  REQUIRE(tests.size() == 4);  // three steps and the flags
  CHECK(tests[0]["visibility"] == "visible");
  CHECK(tests[1]["visibility"] == "visible");
  CHECK(tests[2]["visibility"] == "hidden");
  CHECK(tests[3]["visibility"] == "hidden");  // the tamper flags: the instructor's only
  CHECK(tests[0]["execution_time"] == 0.25);
  for (int k = 0; k < 3; ++k) CHECK(tests[k]["output_format"] == "md");

  const std::string passed = tests[0]["output"];
  CHECK(passed.rfind("**GREEN** passed\n", 0) == 0);
  CHECK(passed.find("(data:image/png;base64,iVBORw0KGgpwaXhlbHM=)") != std::string::npos);

  // The failing step: RED, then its reason and output each in a fence longer than any run of
  // '~' inside, so the forged GREEN and link stay text.
  const std::string failed = tests[1]["output"];
  CHECK(failed.rfind("**RED** failed\n", 0) == 0);
  const auto output = failed.find("The program's output:\n\n");
  REQUIRE(output != std::string::npos);
  const std::string block = failed.substr(output + 23);
  CHECK(block.rfind("~~~~~~~text\n", 0) == 0);
  CHECK(block.find("\n~~~~~~~\n") != std::string::npos);
  CHECK(block.find("\n~~~~~~~\n") > block.find("[click](http://x)"));
}

TEST_CASE("Gradescope's results.json explains a compile error, in Markdown that stays text",
          "[mazekit][report]") {
  grade::StudentResult student = completeStudent();
  student.steps[1] = stepResult(Outcome::doesNotCompile, 0,
                                "does not compile: maze.hpp:3:5: too few arguments to function "
                                "'void f(std::vector<script>*)'");
  const auto json = nlohmann::json::parse(
      grade::gradescopeResults(threeStepLesson(), student, grade::RunInfo{}, {}));
  const std::string output = json["tests"][1]["output"];
  const auto means = output.find("What it means: ");
  REQUIRE(means != std::string::npos);
  const std::string explained = output.substr(means);
  CHECK(explained.find("&lt;script&gt;\\*") != std::string::npos);
  CHECK(explained.find("<script>") == std::string::npos);
}

// The class report ---------------------------------------------------------------------------

namespace {

grade::StudentResult classmate(const std::string& name, std::vector<grade::StepResult> steps) {
  grade::StudentResult student;
  student.name = name;
  student.slug = name;
  student.steps = std::move(steps);
  return student;
}

/// Four students of the three-step lesson: one done, two whose code does not compile at step 2
/// for the same reason in their own words, one whose check failed at step 1 with values.
std::vector<grade::StudentResult> smallClass() {
  const auto pass = [] { return stepResult(Outcome::passed, 1, "passed"); };
  return {
      completeStudent(),
      classmate("ana", {pass(),
                        stepResult(Outcome::doesNotCompile, 0,
                                   "does not compile: tests/step02_a_screen.cpp:9:3: "
                                   "'class Maze' has no member named 'screen'"),
                        stepResult(Outcome::doesNotCompile, 0,
                                   "does not compile: tests/step03_a_turtle.cpp:9:3: "
                                   "'class Maze' has no member named 'turtle'")}),
      classmate("bo", {pass(),
                       stepResult(Outcome::doesNotCompile, 0,
                                  "does not compile: tests/step02_a_screen.cpp:11:5: "
                                  "'class Maze' has no member named 'getScreen'"),
                       stepResult(Outcome::doesNotCompile, 0,
                                  "does not compile: maze.hpp:4:1: expected ';' after class "
                                  "definition")}),
      classmate("cy", {stepResult(Outcome::failed, 0,
                                  "failed: test line 12: REQUIRE( m.rows() == 20 ), with values "
                                  "19 == 20"),
                       pass(), pass()}),
  };
}

}  // namespace

TEST_CASE("the class report counts each step's passes and groups the reasons for RED",
          "[mazekit][report][class]") {
  const Lesson lesson = threeStepLesson();
  const grade::ClassReport report = grade::classReport(lesson, smallClass());
  REQUIRE(report.steps.size() == 3);
  CHECK(report.students == 4);
  CHECK(report.steps[0].passed == 3);
  CHECK(report.steps[1].passed == 2);
  CHECK(report.steps[2].passed == 2);

  // Step 2: ana's and bo's messages differ in names and lines but mean the same.
  REQUIRE(report.steps[1].reasons.size() == 1);
  const grade::RedReason& member = report.steps[1].reasons[0];
  CHECK(member.outcome == "does not compile");
  CHECK(member.reason == "a member the class does not have");
  CHECK(member.example == "'class Maze' has no member named 'screen'");
  CHECK(!member.explanation.empty());
  CHECK(member.students == std::vector<std::string>{"ana", "bo"});

  // Step 1: cy's failed check without the values it saw.
  REQUIRE(report.steps[0].reasons.size() == 1);
  CHECK(report.steps[0].reasons[0].outcome == "failed");
  CHECK(report.steps[0].reasons[0].reason == "test line 12: REQUIRE( m.rows() == 20 )");
  CHECK(report.steps[0].reasons[0].students == std::vector<std::string>{"cy"});

  // Step 3: two different compile errors, two reasons.
  CHECK(report.steps[2].reasons.size() == 2);

  // Stopped earliest: cy at step 1, then ana and bo at step 2 (by name), complete last.
  REQUIRE(report.stoppedEarliest.size() == 4);
  CHECK(report.stoppedEarliest[0].name == "cy");
  CHECK(report.stoppedEarliest[0].step == 1);
  CHECK(report.stoppedEarliest[1].name == "ana");
  CHECK(report.stoppedEarliest[2].name == "bo");
  CHECK(report.stoppedEarliest[2].step == 2);
  CHECK(report.stoppedEarliest[3].name == "complete");
  CHECK(report.stoppedEarliest[3].step == 0);
}

TEST_CASE("the class report's JSON holds the counts, reasons and chaffs as documented",
          "[mazekit][report][class]") {
  const Lesson lesson = threeStepLesson();
  std::vector<grade::StudentResult> students = smallClass();
  // A test-writing step's result: two students' tests missed the same chaff.
  students[1].steps[0].chaffsMissed = {"a dig() that forgets the west edge"};
  students[2].steps[0].chaffsMissed = {"a dig() that forgets the west edge",
                                       "a reset() that keeps the old walls"};
  const auto json =
      nlohmann::json::parse(grade::classReportJson(grade::classReport(lesson, students)));
  CHECK(json["schema"] == "mazekit.class-report/1");
  CHECK(json["lesson"]["id"] == "02-building-the-maze");
  CHECK(json["students"] == 4);
  REQUIRE(json["steps"].size() == 3);
  CHECK(json["steps"][1]["passed"] == 2);
  CHECK(json["steps"][1]["red"] == 2);
  CHECK(json["steps"][1]["reasons"][0]["count"] == 2);
  CHECK(json["steps"][1]["reasons"][0]["students"] == nlohmann::json({"ana", "bo"}));
  CHECK(json["steps"][1]["reasons"][0]["explanation"].is_string());
  CHECK(json["steps"][0]["reasons"][0]["explanation"].is_null());
  const auto& chaffs = json["steps"][0]["chaffs_missed"];
  REQUIRE(chaffs.size() == 2);
  CHECK(chaffs[0]["chaff"] == "a dig() that forgets the west edge");
  CHECK(chaffs[0]["count"] == 2);
  CHECK(chaffs[1]["count"] == 1);
  CHECK(json["stopped_earliest"][0] ==
        nlohmann::json({{"name", "cy"},
                        {"folder", "cy"},
                        {"step", 1},
                        {"reason",
                         "failed: test line 12: REQUIRE( m.rows() == 20 ), with values "
                         "19 == 20"}}));
  CHECK(json["stopped_earliest"][3]["step"].is_null());

  const std::string html = grade::classReportHtml(grade::classReport(lesson, students));
  CHECK(html.find("<th>chaffs missed (students)</th>") != std::string::npos);
  CHECK(html.find(
            "<li><b>2</b> a dig() that forgets the west edge<div class=\"who\">ana, bo</div>") !=
        std::string::npos);
}

TEST_CASE("a student's text in the class report is cut, escaped and stays in its own row",
          "[mazekit][report][class]") {
  const Lesson lesson = threeStepLesson();
  std::vector<grade::StudentResult> students = smallClass();
  grade::StudentResult hostile = hostileStudent();
  hostile.name += "<img src=x onerror=alert(1)>" + times(100, "long name ");
  // A compile error that quotes the student's code: markup and a thousand bytes.
  hostile.steps[1] = stepResult(Outcome::doesNotCompile, 0,
                                "does not compile: maze.hpp:1:1: '</td></tr><tr><td>forged' " +
                                    times(200, "x ") + "was not declared in this scope");
  students.push_back(hostile);
  const grade::ClassReport report = grade::classReport(lesson, students);
  const grade::ClassReport without = grade::classReport(lesson, smallClass());

  // Every other student's place is as without the hostile one.
  CHECK(report.steps[1].reasons[0].students == without.steps[1].reasons[0].students);
  for (const auto& step : report.steps) {
    for (const auto& reason : step.reasons) {
      CHECK(reason.reason.size() <= grade::classTextLimit);
      CHECK(reason.example.size() <= grade::classTextLimit);
      for (const auto& name : reason.students) CHECK(name.size() <= grade::classTextLimit);
    }
  }
  for (const auto& stopped : report.stoppedEarliest) {
    CHECK(stopped.name.size() <= grade::classTextLimit);
    CHECK(stopped.name.find('\n') == std::string::npos);
  }

  const std::string html = grade::classReportHtml(report);
  CHECK(validUtf8(html) == html);
  CHECK(html.find("<img") == std::string::npos);
  CHECK(html.find("</td></tr><tr><td>forged") == std::string::npos);
  CHECK(html.find("&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;forged") != std::string::npos);
  // Each compile error's explanation once, below the table.
  CHECK(html.find("<h3>What the compile errors mean</h3>") != std::string::npos);
  const std::string member = "<dt id=\"means-0\">a member the class does not have</dt>";
  CHECK(html.find(member) != std::string::npos);
  CHECK(html.find(member, html.find(member) + 1) == std::string::npos);
  // One row per step, whatever the students wrote.
  std::size_t rows = 0;
  for (auto at = html.find("<tr id=\"step-"); at != std::string::npos;
       at = html.find("<tr id=\"step-", at + 1))
    ++rows;
  CHECK(rows == 3);
  // Five students now: step 1 passed by all but cy, its bar four fifths green.
  CHECK(html.find("<span style=\"width:80.0%\"></span></span><span class=\"count\">4 of 5") !=
        std::string::npos);
}

TEST_CASE("report.html holds the class report and class-report.json is written beside it",
          "[mazekit][report][class]") {
  const Lesson lesson = threeStepLesson();
  const fs::path out = scratchFolder("class report");
  grade::writeReports(lesson, smallClass(), grade::RunInfo{}, out);
  const std::string html = kit_test::readFile(out / "report.html");
  CHECK(html.find("<h2>Where the class is stuck</h2>") != std::string::npos);
  CHECK(html.find("aria-label=\"2 of 4 passed\"") != std::string::npos);
  CHECK(html.find("chaffs missed") == std::string::npos);  // no test-writing step missed one
  const auto json = nlohmann::json::parse(kit_test::readFile(out / "class-report.json"));
  CHECK(json["steps"][2]["passed"] == 2);
  fs::remove_all(out.parent_path());
}

TEST_CASE("the class report from collected progress files counts what each file says passed",
          "[mazekit][report][class]") {
  const Lesson lesson = threeStepLesson();
  const fs::path folder = scratchFolder("progress files");
  const auto write = [](const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
  };
  write(folder / "ana.json",
        R"({"mazekit_progress": 1, "lesson": "02-building-the-maze", "step": "03-a-turtle",
            "passed": {"02-building-the-maze": {"01-a-maze-class": "h1", "02-a-screen": "h2"}}})");
  write(folder / "bo" / ".mazekit-progress.json",
        R"({"mazekit_progress": 1, "lesson": "02-building-the-maze", "step": "02-a-screen",
            "passed": {"02-building-the-maze": {"01-a-maze-class": "h1"}}})");
  const std::string garbage = "<script>alert(1)</script>\xff";
  write(folder / "cy.json", garbage);
  const std::vector<fs::path> files = {
      folder / "ana.json", folder / "bo" / ".mazekit-progress.json", folder / "cy.json"};
  const auto students = grade::fromProgressFiles(lesson, files);
  REQUIRE(students.size() == 3);
  CHECK(students[0].name == "ana");
  CHECK(students[1].name == "bo");  // named by its folder
  CHECK(students[2].error.rfind("not a progress file: it is not JSON", 0) == 0);
  CHECK(kit_test::readFile(folder / "cy.json") == garbage);  // read, never moved aside

  const grade::ClassReport report = grade::classReport(lesson, students);
  CHECK(report.steps[0].passed == 2);
  CHECK(report.steps[1].passed == 1);
  CHECK(report.steps[2].passed == 0);
  REQUIRE(report.stoppedEarliest.size() == 3);
  CHECK(report.stoppedEarliest[0].name == "cy");
  CHECK(report.stoppedEarliest[0].step == 1);
  CHECK(report.stoppedEarliest[1].name == "bo");
  CHECK(report.stoppedEarliest[1].step == 2);
  CHECK(report.stoppedEarliest[2].name == "ana");
  CHECK(report.stoppedEarliest[2].step == 3);
  const std::string page = grade::classReportPage(report, "From 3 progress files");
  CHECK(page.find("<h2>Where the class is stuck</h2>") != std::string::npos);
  CHECK(page.find("<script>") == std::string::npos);
  fs::remove_all(folder.parent_path());
}
