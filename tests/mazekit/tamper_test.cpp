// The tamper scan: each rule with the line it reports, directives hidden by line splices,
// comments and digraphs still found, the same text inside strings and comments left alone,
// the kit's own honest solutions never flagged, and junk input read without a crash.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "grade/tamper.hpp"

namespace fs = std::filesystem;
using namespace mazekit::grade;

namespace {

const fs::path kitSource = KIT_SOURCE_DIR;
const fs::path kitBuild = KIT_BUILD_DIR;  // the lessons' solutions, cut out of their sources

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// Rules as a lesson 2 step test would give them: it uses Maze, dig, EAST, WALL...
const TamperRules lessonRules =
    tamperRules({"#include <catch2/catch.hpp>\n"
                 "#include \"maze.hpp\"\n"
                 "TEST_CASE(\"dig east\", \"[lesson02][step10]\") {\n"
                 "  Maze m;  // a comment naming Hidden\n"
                 "  CHECK(m.dig(EAST) == turtle::Vec2D(-170, 190));\n"
                 "  CHECK(m.matrix[0][1] != WALL);\n"
                 "  CHECK(m.screen.colorAt(-170, 190) == \"InString\");\n"
                 "}\n"},
                {"maze.hpp"});

std::vector<TamperFlag> scan(std::string_view source) {
  return scanSource("maze.hpp", source, lessonRules);
}

// The flags as "line: what", for one CHECK that shows them all when it fails.
std::vector<std::string> described(const std::vector<TamperFlag>& flags) {
  std::vector<std::string> out;
  for (const TamperFlag& flag : flags) out.push_back(std::to_string(flag.line) + ": " + flag.what);
  return out;
}

std::vector<int> lines(const std::vector<TamperFlag>& flags) {
  std::vector<int> out;
  for (const TamperFlag& flag : flags) out.push_back(flag.line);
  return out;
}

bool says(const std::vector<TamperFlag>& flags, std::size_t i, const std::string& text) {
  return i < flags.size() && flags[i].what.find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("a flag reads as file, line and what was found", "[mazekit][tamper]") {
  const auto flags = scan("#pragma once\n\n#undef REQUIRE\n");
  REQUIRE(flags.size() == 1);
  CHECK(flags[0].file == "maze.hpp");
  CHECK(flags[0].line == 3);
  CHECK(flags[0].text() == "maze.hpp:3: #undef REQUIRE: a Catch2 macro must not be redefined");
}

TEST_CASE("redefining Catch2's macros is flagged on its line", "[mazekit][tamper]") {
  const auto flags = scan(
      "#pragma once\n"                       // 1
      "#undef REQUIRE\n"                     // 2
      "#define REQUIRE(...) ((void)0)\n"     // 3
      "#define TEST_CASE(...) void f()\n"    // 4
      "#define CATCH_CONFIG_MAIN\n"          // 5
      "#undef INTERNAL_CATCH_TEST\n"         // 6
      "#define TEMPLATE_LIST_TEST_CASE 1\n"  // 7 (a number, but Catch2's)
      "#ifdef REQUIRE\n#endif\n");           // 8: only reading it is fine
  INFO(Catch::Detail::stringify(described(flags)));
  CHECK(lines(flags) == std::vector<int>{2, 3, 4, 5, 6, 7});
  CHECK(says(flags, 0, "#undef REQUIRE: a Catch2 macro must not be redefined"));
  CHECK(says(flags, 1, "#define REQUIRE(...) ((void)0): a Catch2 macro"));
  CHECK(says(flags, 2, "#define TEST_CASE(...) void f(): a Catch2 macro"));
}

TEST_CASE("every Catch2 macro is protected, whatever the tests use", "[mazekit][tamper]") {
  const TamperRules noTests = tamperRules({}, {"maze.hpp"});
  for (const char* name : {"REQUIRE",
                           "REQUIRE_FALSE",
                           "REQUIRE_THROWS",
                           "REQUIRE_THROWS_AS",
                           "REQUIRE_THROWS_WITH",
                           "REQUIRE_THROWS_MATCHES",
                           "REQUIRE_NOTHROW",
                           "REQUIRE_THAT",
                           "CHECK",
                           "CHECK_FALSE",
                           "CHECKED_IF",
                           "CHECKED_ELSE",
                           "CHECK_NOFAIL",
                           "CHECK_THROWS_AS",
                           "CHECK_THAT",
                           "INFO",
                           "UNSCOPED_INFO",
                           "WARN",
                           "CAPTURE",
                           "TEST_CASE",
                           "TEST_CASE_METHOD",
                           "METHOD_AS_TEST_CASE",
                           "REGISTER_TEST_CASE",
                           "SECTION",
                           "DYNAMIC_SECTION",
                           "FAIL",
                           "FAIL_CHECK",
                           "SUCCEED",
                           "ANON_TEST_CASE",
                           "TEMPLATE_TEST_CASE_SIG",
                           "TEMPLATE_PRODUCT_TEST_CASE_METHOD_SIG",
                           "TEMPLATE_LIST_TEST_CASE_METHOD",
                           "STATIC_REQUIRE",
                           "STATIC_REQUIRE_FALSE",
                           "SCENARIO",
                           "SCENARIO_METHOD",
                           "GIVEN",
                           "AND_GIVEN",
                           "WHEN",
                           "AND_WHEN",
                           "THEN",
                           "AND_THEN",
                           "CATCH_CONFIG_RUNNER",
                           "INTERNAL_CATCH_UNIQUE_NAME"}) {
    INFO(name);
    const auto flags = scanSource("maze.hpp", std::string("#undef ") + name + "\n", noTests);
    CHECK(lines(flags) == std::vector<int>{1});
    CHECK(says(flags, 0, "a Catch2 macro must not be redefined"));
  }
}

TEST_CASE("keywords and predefined names must not be redefined", "[mazekit][tamper]") {
  const auto flags = scan(
      "#define private public\n#define true 0\n#undef __LINE__\n"
      "#define main notmain\n#define defined 1\n");
  INFO(Catch::Detail::stringify(described(flags)));
  CHECK(lines(flags) == std::vector<int>{1, 2, 3, 4, 5});
  CHECK(says(flags, 1, "#define true 0: a C++ keyword or predefined name must not be redefined"));
}

TEST_CASE("a name the tests use may be #defined only as one number or string",
          "[mazekit][tamper]") {
  SECTION("a beginner's constant is fine") {
    CHECK(scan("#define WALL 1\n").empty());
    CHECK(scan("#define WALL -1\n#define EAST (0)\n#define Maze 2.5e3f\n").empty());
    CHECK(scan("#define WALL \"blue\"\n#define EAST 'E'\n#define m 1'000\n").empty());
    CHECK(scan("#define NOT_IN_THE_TESTS(x) x\n#undef NOT_IN_THE_TESTS\n").empty());
  }
  SECTION("anything else is flagged") {
    const auto flags = scan(
        "#define WALL(x) x\n"      // 1: function-like
        "#define WALL\n"           // 2: empty
        "#define EAST WEST\n"      // 3: another name
        "#define dig(d) true\n"    // 4
        "#define WALL 1 + 1\n"     // 5
        "#define WALL 20_px\n"     // 6: a user-defined literal calls code
        "#undef EAST\n"            // 7
        "#define WALL\\\n(x) x\n"  // 8: function-like across a splice
        "#define WALL/**/(x)\n");  // 10: object-like, but (x) is no literal
    INFO(Catch::Detail::stringify(described(flags)));
    CHECK(lines(flags) == std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 10});
    CHECK(says(flags, 0,
               "#define WALL(x) x: the lesson's tests use WALL, so it may only be "
               "#defined as one number or string"));
    CHECK(says(flags, 6, "#undef EAST: the lesson's tests use EAST, so it must not be undefined"));
  }
  SECTION("names only in the tests' comments and strings are not protected") {
    CHECK(scan("#define Hidden(x) x\n#define InString(x) x\n").empty());
  }
}

TEST_CASE("token pasting in a #define is flagged", "[mazekit][tamper]") {
  const auto flags = scan(
      "#define GLUE(a, b) a ## b\n#define JOIN(a, b) a%:%:b\n"
      "#define STR(a) #a\n");
  INFO(Catch::Detail::stringify(described(flags)));
  CHECK(lines(flags) == std::vector<int>{1, 2});
  CHECK(says(flags, 0, "#define GLUE(a, b) a ## b: token pasting can build forbidden names"));
}

TEST_CASE("includes outside the allow-list are flagged", "[mazekit][tamper]") {
  SECTION("the standard library, turtle's headers and the lesson's files are allowed") {
    CHECK(scan("#include <algorithm>\n#include <variant>\n#include <filesystem>\n"
               "#include <charconv>\n#include <optional>\n#include <string_view>\n"
               "#include <any>\n#include <execution>\n#include <memory_resource>\n"
               "#include <cmath>\n#include <cstdlib>\n#include <math.h>\n#include <stdlib.h>\n"
               "#include <stdint.h>\n#include \"vector\"\n"
               "#include <turtle/turtle.hpp>\n#include <turtle/color.hpp>\n"
               "#include \"turtle/pen.hpp\"\n#include <turtle/screen.hpp>\n"
               "#include <turtle/vec2d.hpp>\n#include <turtle/save_file.hpp>\n"
               "#include \"maze.hpp\"\n#include <maze.hpp>\n#include \"./maze.hpp\"\n"
               "#  include   <set>  // the set\n")
              .empty());
  }
  SECTION("anything else is flagged") {
    const auto flags = scan(
        "#include <catch2/catch.hpp>\n"                                     // 1
        "#include <maze/maze.hpp>\n"                                        // 2
        "#include \"library/maze.hpp\"\n"                                   // 3
        "#include \"../02-building-the-maze/solutions/step22/maze.hpp\"\n"  // 4
        "#include \"/abs/path\"\n"                                          // 5
        "#include </dev/zero>\n"                                            // 6
        "#include <turtle/../../x.hpp>\n"                                   // 7
        "#define FILE_NAME \"maze.hpp\"\n"                                  // 8 (fine)
        "#include FILE_NAME\n"                                              // 9
        "#include_next <stdio.h>\n"                                         // 10
        "#import \"maze.hpp\"\n"                                            // 11
        "#include <lesson_picture.hpp>\n"                                   // 12
        "#include <bits/stdc++.h>\n");                                      // 13
    INFO(Catch::Detail::stringify(described(flags)));
    CHECK(lines(flags) == std::vector<int>{1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13});
    CHECK(says(flags, 3,
               "#include \"../02-building-the-maze/solutions/step22/maze.hpp\": only the "
               "standard library, <turtle/...> and the lesson's files (maze.hpp) may be "
               "included"));
    CHECK(says(flags, 7, "#include FILE_NAME: a computed #include"));
    CHECK(says(flags, 8, "#include_next <stdio.h>: only #include is allowed"));
  }
}

TEST_CASE("#line, line markers and pragmas are flagged", "[mazekit][tamper]") {
  const auto flags = scan(
      "#pragma once\n"                                          // 1 (fine)
      "#line 1 \"FAILED: CMakeFiles/step10.dir/build.make\"\n"  // 2
      "# 40 \"forged.cpp\"\n"                                   // 3
      "#pragma GCC optimize(\"O0\")\n"                          // 4
      "#pragma once extra\n"                                    // 5
      "_Pragma(\"GCC diagnostic ignored \\\"-Wall\\\"\")\n");   // 6
  INFO(Catch::Detail::stringify(described(flags)));
  CHECK(lines(flags) == std::vector<int>{2, 3, 4, 5, 6});
  CHECK(says(flags, 0, "#line 1 \"FAILED: CMakeFiles/step10.dir/build.make\": #line changes"));
  CHECK(says(flags, 1, "# 40 \"forged.cpp\": a line marker"));
  CHECK(says(flags, 2, "#pragma GCC optimize(\"O0\"): only #pragma once is allowed"));
  CHECK(says(flags, 4, "_Pragma("));
}

TEST_CASE("inline assembly and code before or after main are flagged", "[mazekit][tamper]") {
  const auto flags = scan(
      "__attribute__((constructor)) void early() {}\n"               // 1
      "__attribute((__destructor__)) void late() {}\n"               // 2
      "[[gnu::constructor]] void early2() {}\n"                      // 3
      "struct S {}; S s __attribute__((init_priority(101)));\n"      // 4
      "<:<:gnu::constructor:>:> void early3() {}\n"                  // 5
      "void f() { asm(\"nop\"); __asm__ volatile(\"nop\"); }\n"      // 6 (two)
      "void g() { __asm(\"nop\"); }\n"                               // 7
      "#define EARLY __attribute__((constructor))\n"                 // 8
      "#define WORD constructor\n"                                   // 9
      "[[nodiscard]] int constructor();\n"                           // 10 (fine)
      "__attribute__((unused)) static int destructor = 0;\n"         // 11 (fine)
      "void h(int (&a)[2]) { a[a[0]] = 1; }\n"                       // 12 (fine)
      "#define OPEN (\n"                                             // 13 (fine)
      "__attribute__ OPEN OPEN constructor)) void early4() {}\n"     // 14
      "[[gnu::section(\".init_array\")]] void (*early5)() = 0;\n");  // 15
  INFO(Catch::Detail::stringify(described(flags)));
  CHECK(lines(flags) == std::vector<int>{1, 2, 3, 4, 5, 6, 6, 7, 8, 9, 14, 15});
  CHECK(says(flags, 0, "__attribute__((constructor)): code that runs before main"));
  CHECK(says(flags, 1, "__attribute((__destructor__)): code that runs after main"));
  CHECK(says(flags, 2, "[[gnu::constructor]]: code that runs before main"));
  CHECK(says(flags, 3, "init_priority"));
  CHECK(says(flags, 5, "asm(\"nop\"): inline assembly is not allowed"));
  CHECK(says(flags, 6, "__asm__"));
  CHECK(says(flags, 8, "an attribute inside a macro"));
}

TEST_CASE("reaching into Catch2's own names is flagged", "[mazekit][tamper]") {
  const auto flags = scan(
      "namespace turtle { bool compareEqual(const Vec2D&, const Vec2D&) { return true; } }\n"
      "namespace Catch { }\n");
  CHECK(lines(flags) == std::vector<int>{1, 2});
}

TEST_CASE("a directive hidden by a splice, a comment or a digraph is still found",
          "[mazekit][tamper]") {
  const auto flags = scan(
      "int a;\n"                              // 1
      "#  \\\nundef REQUIRE\n"                // 2-3: a splice inside the directive
      "#  \\\r\nundef CHECK\n"                // 4-5: a Windows splice
      "# \\  \nundef INFO\n"                  // 6-7: GCC also splices across trailing spaces
      "/**/ # /**/ undef WARN\n"              // 8
      "/* a comment\n"                        // 9
      "   */ #undef SECTION\n"                // 10: the comment began the line
      "%:undef FAIL\n"                        // 11
      "\\\n#undef SUCCEED\n"                  // 12-13: a splice before the '#'
      "   \t #   undef    GIVEN   \n"         // 14
      "#define SAFE 1 /* a comment\n"         // 15
      "*/ \\\n"                               // 16
      "\n"                                    // 17
      "#undef THEN\n"                         // 18
      "#undef \\\nWHEN\n"                     // 19-20
      "#include \\\n <catch2/catch.hpp>\n");  // 21-22
  INFO(Catch::Detail::stringify(described(flags)));
  CHECK(lines(flags) == std::vector<int>{2, 4, 6, 8, 10, 11, 13, 14, 18, 19, 21});
  CHECK(says(flags, 0, "#undef REQUIRE: a Catch2 macro must not be redefined"));
  CHECK(says(flags, 3, "#undef WARN: a Catch2 macro"));
  CHECK(says(flags, 5, "#undef FAIL"));
}

TEST_CASE("line numbers count every kind of newline", "[mazekit][tamper]") {
  CHECK(lines(scan("int a;\r\n\r\n#undef REQUIRE\r\n")) == std::vector<int>{3});
  CHECK(lines(scan("int a;\r#undef REQUIRE\r")) == std::vector<int>{2});      // GCC's count too
  CHECK(lines(scan("\xEF\xBB\xBF#undef REQUIRE\n")) == std::vector<int>{1});  // after a BOM
  CHECK(lines(scan(std::string("\0#undef REQUIRE\n", 16))) == std::vector<int>{1});
}

TEST_CASE("the same text in strings and comments is not flagged", "[mazekit][tamper]") {
  CHECK(scan("// #undef REQUIRE\n").empty());
  CHECK(scan("/* #undef REQUIRE\n#line 1 \"x\"\n asm */\n").empty());
  CHECK(scan("// a comment continued \\\n#undef REQUIRE\n").empty());
  CHECK(scan("const char* s = \"#undef REQUIRE asm __attribute__((constructor))\";\n").empty());
  CHECK(scan("const char* s = \"a \\\" quote, then asm\";\n").empty());
  CHECK(scan("char c = '\"'; const char* s = \"asm\";\n").empty());
  CHECK(scan("const char* s = R\"x(\n#undef REQUIRE\n)\" asm )x\";\n").empty());
  CHECK(scan("auto s = u8R\"(\n#line 1\n)\"; auto t = LR\"--(asm)--\";\n").empty());
  CHECK(scan("auto s = u8\"asm\"; auto c = U'#';\n").empty());
  CHECK(scan("int asmCount = 0; int my_asm = 1; int constructor = 2;\n").empty());
  CHECK(scan("#error do not compile \"asm\"\n").empty());
  CHECK(scan("int x; /* a comment\n*/ #undef REQUIRE\n").empty());  // a stray '#', no directive
}

TEST_CASE("a raw string's end is found in the file as written", "[mazekit][tamper]") {
  // The splice after )x is part of the raw string (splices inside one are reverted), so the
  // string goes on to line 4 and the #undef on line 3 is text.
  CHECK(scan("const char* s = R\"x(a)x\\\n\"\n#undef REQUIRE\n)x\";\n").empty());
  // In a directive a raw string ends with its line, as GCC reads it.
  CHECK(lines(scan("#define TEXT R\"(\n#undef REQUIRE\n)\"\n")) == std::vector<int>{2});
}

TEST_CASE("a digit separator does not open a character literal", "[mazekit][tamper]") {
  CHECK(lines(scan("int n = 1'000, q = '\"'; __asm__(\"nop\");\n")) == std::vector<int>{1});
  CHECK(lines(scan("std::vector<::Maze> v; asm(\"\");\n")) == std::vector<int>{1});
}

TEST_CASE("the tests' identifiers become protected names, their comments and strings do not",
          "[mazekit][tamper]") {
  const TamperRules rules = tamperRules({"#define HELPER 1\nint f() { return g(x); } // note\n",
                                         "auto s = \"quoted\"; /* block */ R\"(raw)\";"},
                                        {"maze.hpp", "helpers.hpp"});
  for (const char* name : {"HELPER", "define", "int", "f", "return", "g", "x", "auto", "s"}) {
    INFO(name);
    CHECK(rules.protectedNames.count(name) == 1);
  }
  for (const char* name : {"note", "quoted", "block", "raw", "R"}) {
    INFO(name);
    CHECK(rules.protectedNames.count(name) == 0);
  }
  CHECK(rules.allowedIncludes == std::set<std::string>{"maze.hpp", "helpers.hpp"});
}

TEST_CASE("the kit's honest solutions and submissions are never flagged", "[mazekit][tamper]") {
  struct Lesson {
    std::string folder;
    std::string file;
  };
  for (const Lesson& lesson :
       {Lesson{"01-turtle-warmup", "warmup.hpp"}, Lesson{"02-building-the-maze", "maze.hpp"},
        Lesson{"03-solving-the-maze", "maze.hpp"}}) {
    const fs::path folder = kitSource / "lessons" / lesson.folder;
    std::vector<std::string> tests;
    for (const auto& entry : fs::directory_iterator(folder / "tests")) {
      tests.push_back(readFile(entry.path()));
    }
    REQUIRE(tests.size() >= 4);
    const TamperRules rules = tamperRules(tests, {lesson.file});
    CHECK(rules.protectedNames.count("REQUIRE") + rules.protectedNames.count("CHECK") >= 1);

    std::vector<fs::path> files;
    for (const auto& step :
         fs::directory_iterator(kitBuild / "lessons" / lesson.folder / "solutions")) {
      for (const auto& entry : fs::directory_iterator(step.path())) {
        if (entry.path().extension() == ".hpp") files.push_back(entry.path());
      }
    }
    if (lesson.folder == "02-building-the-maze") {
      for (const auto& student : fs::directory_iterator(kitSource / "grading" / "submissions")) {
        if (fs::exists(student.path() / "maze.hpp")) files.push_back(student.path() / "maze.hpp");
      }
    }
    REQUIRE(files.size() >= 4);
    for (const fs::path& file : files) {
      INFO(file.string());
      REQUIRE(fs::exists(file));
      const auto flags = scanSource(lesson.file, readFile(file), rules);
      CHECK(described(flags) == std::vector<std::string>{});
    }
  }
}

TEST_CASE("a tests file is flagged for what tells the wheat's program from a chaff's",
          "[mazekit][tamper]") {
  TamperRules rules = lessonRules;
  rules.testsFile = true;
  rules.allowedIncludes.insert({"catch2/catch.hpp", "lesson_picture.hpp"});
  const auto flags = scanSource("my_tests.cpp",
                                "#include <catch2/catch.hpp>\n"  // 1
                                "#include \"maze.hpp\"\n"        // 2
                                "extern \"C\" int mincore(void*, unsigned long, unsigned char*);\n"
                                "static_assert(__COUNTER__ >= 0, \"\");\n"              // 4
                                "TEST_CASE(\"hash\") {\n"                               // 5
                                "  auto code = reinterpret_cast<const char*>(&dig);\n"  // 6
                                "  unsigned long h; std::memcpy(&h, code, 8);\n"        // 7
                                "  void* page = mmap(nullptr, 4096, 1, 2, -1, 0);\n"    // 8
                                "  CHECK(h == 42);\n"                                   // 9
                                "}\n",
                                rules);
  CHECK(lines(flags) == std::vector<int>{3, 3, 4, 6, 7, 8});
  CHECK(says(flags, 0, "extern \"C\": a test declares no system or C function"));
  CHECK(says(flags, 1, "mincore: a test must judge the code by what it does"));
  CHECK(says(flags, 3, "reinterpret_cast"));

  // An honest test of the same code: nothing to flag.
  CHECK(scanSource("my_tests.cpp",
                   "#include <catch2/catch.hpp>\n#include \"maze.hpp\"\n"
                   "TEST_CASE(\"dig east\") {\n  Maze m;\n  auto end = m.dig(EAST);\n"
                   "  CHECK(end == turtle::Vec2D(-170, 190));\n}\n",
                   rules)
            .empty());
}

TEST_CASE("the lesson's own tests for its test-writing steps are never flagged as a tests file",
          "[mazekit][tamper]") {
  for (const char* lesson :
       {"03-solving-the-maze", "04-the-maze-as-text", "05-when-recursion-runs-out",
        "06-one-number-per-cell", "07-loops-and-a-game"}) {
    const fs::path folder = kitSource / "lessons" / lesson;
    std::vector<std::string> tests;
    for (const auto& entry : fs::directory_iterator(folder / "tests")) {
      if (entry.path().extension() == ".cpp") tests.push_back(readFile(entry.path()));
    }
    TamperRules rules = tamperRules(tests, {"maze.hpp", "game.hpp", "cells.hpp"});
    rules.testsFile = true;
    rules.allowedIncludes.insert({"catch2/catch.hpp", "lesson_picture.hpp"});
    for (const auto& entry : fs::directory_iterator(folder / "tests")) {
      const std::string name = entry.path().filename().string();
      if (name.find("_tests_for_") == std::string::npos) continue;
      INFO(entry.path().string());
      CHECK(described(scanSource("my_tests.cpp", readFile(entry.path()), rules)) ==
            std::vector<std::string>{});
    }
  }
}

TEST_CASE("a very long line and an unfinished comment, string or raw string are read safely",
          "[mazekit][tamper]") {
  const std::string megabyte(1 << 20, 'x');
  SECTION("a megabyte line before a directive") {
    const auto flags = scan("#define TEXT \"" + megabyte + "\"\n#undef REQUIRE\n");
    CHECK(lines(flags) == std::vector<int>{2});
  }
  SECTION("a forged #line a megabyte long is shown short") {
    const auto flags = scan("#line 1 \"" + megabyte + "\"\n");
    REQUIRE(flags.size() == 1);
    CHECK(flags[0].what.size() < 300);
  }
  SECTION("a flood of nested attributes and brackets") {
    std::string flood;
    for (int i = 0; i < 50000; ++i) flood += "__attribute__(([[_Pragma(";
    CHECK_FALSE(scan(flood).empty());
  }
  SECTION("things left open at the end of the file") {
    CHECK(scan("/* never closed\n#undef REQUIRE\n").empty());
    CHECK(scan("const char* s = R\"x(never closed\n#undef REQUIRE\n").empty());
    CHECK(lines(scan("const char* s = \"never closed\n#undef REQUIRE\n")) == std::vector<int>{2});
    CHECK(lines(scan("#include <never closed\n#undef REQUIRE\n")) == std::vector<int>{1, 2});
    CHECK(scan("#").empty());
    CHECK(scan("\\").empty());
    CHECK(scan("R\"").empty());
    CHECK(scan("'").empty());
    CHECK(lines(scan("#define")) == std::vector<int>{});
    CHECK(lines(scan("#include")) == std::vector<int>{1});
  }
}

TEST_CASE("mutated and random binary input never crashes the scan", "[mazekit][tamper]") {
  const std::vector<std::string> pieces = {"#",
                                           "%:",
                                           "\\\n",
                                           "\\\r\n",
                                           "\\ \n",
                                           "/*",
                                           "*/",
                                           "//",
                                           "\"",
                                           "'",
                                           "R\"x(",
                                           ")x\"",
                                           "<:",
                                           ":>",
                                           "[[",
                                           "]]",
                                           "(",
                                           ")",
                                           "##",
                                           "\n",
                                           "\r",
                                           std::string(1, '\0'),
                                           "u8R\"(",
                                           "#include <",
                                           "#define A(x) ",
                                           "__attribute__((",
                                           "asm",
                                           "1'0",
                                           "\xEF\xBB\xBF"};
  const std::string seed = readFile(kitBuild / "lessons" / "02-building-the-maze" / "solutions" /
                                    "step22" / "maze.hpp") +
                           "#undef REQUIRE\n#define F(a) a ## b\n";
  std::mt19937 random(20240611);
  auto below = [&random](std::size_t n) {
    return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(random);
  };
  for (int round = 0; round < 2000; ++round) {
    std::string text = round % 10 == 0 ? std::string() : seed;
    if (round % 10 == 0) {  // pure binary junk
      for (std::size_t i = below(4096); i > 0; --i) text.push_back(static_cast<char>(below(256)));
    }
    for (std::size_t edits = 1 + below(20); edits > 0; --edits) {
      const std::size_t at = below(text.size() + 1);
      switch (below(4)) {
        case 0:
          text.insert(at, pieces[below(pieces.size())]);
          break;
        case 1:
          text.erase(at, below(40));
          break;
        case 2:
          if (at < text.size()) text[at] = static_cast<char>(below(256));
          break;
        default:
          text.resize(at);
          break;
      }
    }
    const auto flags = scan(text);
    const auto newlines =
        std::count(text.begin(), text.end(), '\n') + std::count(text.begin(), text.end(), '\r');
    for (const TamperFlag& flag : flags) {
      if (flag.line < 1 || flag.line > newlines + 1) FAIL("round " << round << ": " << flag.text());
      for (const char c : flag.what) {
        if (c < 0x20 || c == 0x7f) FAIL("round " << round << ": unprintable text in a flag");
      }
    }
  }
}
