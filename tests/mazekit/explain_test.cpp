// The compiler's first error explained for every compiler a student may have: each mistake in
// compiler_messages/ (a Python habit, one file each, naming the known error it makes) is
// explained as that error from what g++ 11, 12 and 14 and clang 14 said of it (captured by
// compiler_messages/capture.py), and from what the compiler that built these tests says of it
// now, as mazekit reads a build's output.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "run/compiler_output.hpp"
#include "run/explain.hpp"
#include "run/process.hpp"
#include "student/student.hpp"

namespace fs = std::filesystem;
using namespace mazekit;

namespace {

const fs::path messages = fs::path(KIT_SOURCE_DIR) / "tests/mazekit/compiler_messages";

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// One mistake: the known error it makes, how it is compiled, and what clang's first line is
// explained as when clang's words cannot tell it from another mistake.
struct Mistake {
  fs::path file;
  std::string topic;
  bool compiled = false;  ///< "// compile: -c": g++ sees it only when it compiles
  std::optional<std::string> clangTopic;
};

std::vector<Mistake> mistakes() {
  std::vector<Mistake> all;
  for (const auto& entry : fs::directory_iterator(messages)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".cpp" || !std::isdigit(static_cast<unsigned char>(name[0])))
      continue;
    const std::string text = readFile(entry.path());
    std::smatch m;
    Mistake mistake;
    mistake.file = entry.path();
    if (std::regex_search(text, m, std::regex("^// topic: (.*)"))) mistake.topic = m[1];
    mistake.compiled = std::regex_search(text, std::regex(R"(\n// compile: -c\b)"));
    if (std::regex_search(text, m, std::regex(R"(\n// clang explains it as: (.*))")))
      mistake.clangTopic = m[1].str();
    all.push_back(mistake);
  }
  std::sort(all.begin(), all.end(),
            [](const Mistake& a, const Mistake& b) { return a.file < b.file; });
  return all;
}

const Mistake& mistakeOf(const std::vector<Mistake>& all, const std::string& topic) {
  for (const Mistake& mistake : all) {
    if (mistake.topic == topic) return mistake;
  }
  static const Mistake none;
  FAIL("no mistake in compiler_messages/ for '" << topic << "'");
  return none;
}

// The topic `message` should be explained as, from a compiler of clang's family or not.
std::optional<std::string> expectedTopic(const Mistake& mistake, bool clang) {
  if (clang && mistake.clangTopic) {
    if (*mistake.clangTopic == "nothing") return std::nullopt;
    return mistake.clangTopic;
  }
  return mistake.topic;
}

// What a captured file says: topic, then the first diagnostic's message.
std::vector<std::pair<std::string, std::string>> captured(const fs::path& file) {
  std::vector<std::pair<std::string, std::string>> lines;
  std::istringstream in(readFile(file));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto tab = line.find('\t');
    lines.emplace_back(line.substr(0, tab), tab == std::string::npos ? "" : line.substr(tab + 1));
  }
  return lines;
}

// Checks that `message`, said of `mistake`, is explained in its own topic's words, every $1
// filled in.
void checkExplained(const Mistake& mistake, const std::string& message, bool clang) {
  INFO(mistake.file.filename().string() << ": " << message);
  const auto expected = expectedTopic(mistake, clang);
  CHECK(run::compileErrorTopic(message) == expected);
  const auto explained = run::explainCompileError(message);
  REQUIRE(explained.has_value() == expected.has_value());
  if (!explained) return;
  CHECK(explained->find('$') == std::string::npos);
  CHECK(explained->find("  ") == std::string::npos);  // no group left empty
  CHECK(explained->find("<>") == std::string::npos);
  CHECK(explained->size() < 260);
}

}  // namespace

TEST_CASE("every known compile error has a mistake that makes it, and only one",
          "[mazekit][explain]") {
  const auto all = mistakes();
  std::set<std::string> topics;
  for (const Mistake& mistake : all) {
    INFO(mistake.file.filename().string());
    CHECK(topics.insert(mistake.topic).second);
  }
  std::set<std::string> known;
  for (const auto& error : run::knownCompileErrors()) known.insert(error.topic);
  CHECK(topics == known);
}

TEST_CASE("what g++ 11, 12 and 14 and clang 14 said of each mistake is explained as that mistake",
          "[mazekit][explain]") {
  const auto all = mistakes();
  for (const char* name :
       {"g++-11.txt", "g++-12.txt", "g++-14.txt", "clang-14.txt", "clang-14-libc++.txt"}) {
    INFO(name);
    const auto lines = captured(messages / name);
    REQUIRE(lines.size() == all.size());  // every mistake, once
    const bool clang = std::string(name).rfind("clang", 0) == 0;
    for (const auto& [topic, message] : lines)
      checkExplained(mistakeOf(all, topic), message, clang);
  }
}

TEST_CASE("clang's words fill the explanation as g++'s do, in g++'s order", "[mazekit][explain]") {
  for (const char* name : {"g++-12.txt", "clang-14.txt"}) {
    INFO(name);
    for (const auto& [topic, message] : captured(messages / name)) {
      const std::string explained = run::explainCompileError(message).value_or("");
      if (topic == "a member the class does not have") {
        CHECK(explained.find("Your Maze has no dig yet") != std::string::npos);
      } else if (topic == "a Turtle or Screen passed by value") {
        CHECK(explained.find("void draw(turtle::Turtle& t)") != std::string::npos);
      } else if (topic == "a Maze (a class that holds a Turtle) passed by value") {
        CHECK(explained.find("A Maze cannot be copied") != std::string::npos);
        CHECK(explained.find("const Maze& m to read it, Maze& m to change it") !=
              std::string::npos);
      } else if (topic == "a member made with parentheses") {
        CHECK(explained.find("turtle::Turtle turtle{screen};") != std::string::npos);
      } else if (topic == "a name used before it is declared") {
        CHECK(explained.find("write y if the step asks for it") != std::string::npos);
      } else if (topic == "a changing call on a const object") {
        CHECK(explained.find("The Cell is const here") != std::string::npos);
      }
    }
  }
  // Where clang names no type, the text says what goes there.
  CHECK(run::explainCompileError("use of old-style cast [-Wold-style-cast]")
            .value_or("")
            .find("static_cast<type>(value) rather than (type)value") != std::string::npos);
  CHECK(run::explainCompileError("too few arguments to function call, expected 2, have 1")
            .value_or("")
            .find("too few values: the function is declared to take 2 of them") !=
        std::string::npos);
}

TEST_CASE("each mistake compiled now is explained as that mistake, as mazekit reads the build",
          "[mazekit][explain]") {
  const bool clang = EXPLAIN_CXX_IS_CLANG;
  const std::vector<fs::path> roots = {messages.parent_path()};
  for (const Mistake& mistake : mistakes()) {
    // A student's build: the kit's warnings, none of them an error.
    run::Command command;
    command.argv = {EXPLAIN_CXX_COMPILER, "-std=gnu++17", "-fdiagnostics-color=never", "-I",
                    EXPLAIN_TURTLE_INCLUDE};
    std::istringstream warnings(EXPLAIN_STUDENT_WARNINGS);  // cmake/kit_warnings.cmake
    for (std::string warning; warnings >> warning;) command.argv.push_back(warning);
    if (!std::string(EXPLAIN_STDLIB_FLAG).empty()) command.argv.push_back(EXPLAIN_STDLIB_FLAG);
    for (const char* word : mistake.compiled ? std::vector<const char*>{"-c", "-o", "/dev/null"}
                                             : std::vector<const char*>{"-fsyntax-only"}) {
      command.argv.push_back(word);
    }
    command.argv.push_back(mistake.file.string());
    command.environment = run::inheritedEnvironment({"LC_ALL=C"});
    run::Limits limits;
    limits.wallSeconds = 60;
    limits.cpuSeconds = 60;
    limits.outputBytes = 1 << 20;
    const run::Result built = run::runProcess(command, limits);
    REQUIRE(built.started);
    INFO(built.output);
    auto first = run::firstBuildError(built.output, roots);
    if (!first) first = run::firstStudentWarning(built.output, roots, "compiler_messages");
    REQUIRE(first);
    checkExplained(mistake, first->message, clang);
  }
}

TEST_CASE("a missing semicolon is said to go at the end of the line the compiler means",
          "[mazekit][explain]") {
  // g++ points at the word after a declaration that lacks its ; (line 3 here, the return),
  // but at the end of a statement that lacks one (line 4 of 26_...), as clang does at both.
  CHECK(run::explainCompileError("expected ',' or ';' before 'return'", 3) ==
        "A declaration ends with a semicolon: add ; at the end of the line above line 3, where "
        "the declaration before 'return' ends.");
  CHECK(run::explainCompileError("expected ';' before 'return'", 4) ==
        "A statement ends with a semicolon: add ; at the end of line 4, just after its last word.");
  CHECK(run::explainCompileError("expected ';' after expression", 4) ==
        "A statement ends with a semicolon: add ; at the end of line 4, just after its last word.");
  CHECK(run::explainCompileError("expected ';' at end of declaration", 3)
            .value_or("")
            .find("add ; at the end of line 3.") != std::string::npos);
  // g++'s words for a member of a class (grading/submissions/does-not-compile), at its end.
  CHECK(run::explainCompileError("expected ';' at end of member declaration", 7)
            .value_or("")
            .find("add ; at the end of line 7.") != std::string::npos);
  CHECK(run::explainCompileError("expected initializer before 'return'", 5)
            .value_or("")
            .find("add ; at the end of the line above line 5, where the declaration before "
                  "'return' ends") != std::string::npos);
  // Without a line, where the compiler points.
  CHECK(run::explainCompileError("expected ';' before 'return'")
            .value_or("")
            .find("at the end of the line the compiler points at") != std::string::npos);
}

TEST_CASE("the notes under g++'s line are shown when the explanation sends the student to them",
          "[mazekit][explain]") {
  const std::string output =
      "maze.hpp: In function 'void f()':\n"
      "maze.hpp:3:11: error: 'const int NORTH' redeclared as different kind of entity\n"
      "    3 | const int NORTH = 0;\n"
      "      |           ^~~~~\n"
      "maze.hpp:2:18: note: previous declaration 'Direction NORTH'\n"
      "maze.hpp:9:1: error: expected '}' at end of input\n"
      "maze.hpp:1:1: note: to match this '{'\n";
  const auto error = run::firstBuildError(output, {});
  REQUIRE(error);
  const auto explained = run::explainCompileError(error->message, error->line);
  REQUIRE(explained);
  CHECK(explained->find("NORTH is declared already as something else") != std::string::npos);
  CHECK(run::explanationNamesNotes(*explained));
  const auto notes = run::notesOfFirstError(output, {});
  REQUIRE(notes.size() == 1);  // the next error's note is its own
  CHECK(notes[0].text() == "maze.hpp:2:18: previous declaration 'Direction NORTH'");
  CHECK_FALSE(run::explanationNamesNotes(
      run::explainCompileError("'len' was not declared in this scope").value_or("")));
}

TEST_CASE("a copy that cannot be made points at the student's parameter, not the test's call",
          "[mazekit][explain]") {
  // What g++ 12 (without -Wfatal-errors: with it, g++ prints no notes) and clang 14 said of
  // compiler_messages/41_maze_by_value.cpp, compiled from tests/mazekit: the error is at the
  // call, line 16; the parameter that takes the copy is line 12.
  const std::vector<fs::path> roots = {messages.parent_path()};
  for (const char* name : {"41_maze_by_value.g++-12.out", "41_maze_by_value.clang-14.out"}) {
    INFO(name);
    const std::string output = readFile(messages / name);
    const auto error = run::firstBuildError(output, roots);
    REQUIRE(error);
    CHECK(error->line == 16);
    CHECK(run::compileErrorTopic(error->message) ==
          "a Maze (a class that holds a Turtle) passed by value");
    const auto note = run::studentCopyNote(output, roots, "compiler_messages");
    REQUIRE(note);
    CHECK(note->file == "compiler_messages/41_maze_by_value.cpp");
    CHECK(note->line == 12);
    CHECK((note->message == "initializing argument 1 of 'int countWalls(Maze)'" ||
           note->message == "passing argument to parameter 'maze' here"));
    // A note in another folder (the turtle library's, the test's) is never the student's.
    CHECK_FALSE(run::studentCopyNote(output, roots, "exercises"));
  }
}
