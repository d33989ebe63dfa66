#pragma once
// Reading a submission's preprocessor directives and tokens before it is built, for the
// things honest code never needs and a forger does: redefining Catch2's macros or a name the
// lesson's tests use, #line, an #include outside the allow-list, code that runs before main,
// inline assembly. Each finding is a flag with its file and line; `mazekit grade` grades the
// student anyway and shows the flags (with --strict, a flagged student scores 0).

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace mazekit::grade {

struct TamperFlag {
  std::string file;  ///< as in the submission: "maze.hpp"
  int line = 0;      ///< 1-based, in the file as written (before line splicing)
  std::string what;  ///< "#undef REQUIRE: a Catch2 macro must not be redefined"

  /// "maze.hpp:3: #undef REQUIRE: ..."
  std::string text() const { return file + ":" + std::to_string(line) + ": " + what; }
};

struct TamperRules {
  /// Names a #define or #undef must not touch besides Catch2's own and the language's (which
  /// are always protected: REQUIRE, CHECK, TEST_CASE, SECTION, every CATCH_ and
  /// INTERNAL_CATCH_ name, every keyword, main, true, __LINE__...): the identifiers the
  /// lesson's test files use in their code (not in their comments or strings).
  std::set<std::string> protectedNames;
  /// Headers a submission may #include: the lesson's own files ("maze.hpp"). The C++17
  /// standard library's headers, the C headers it offers (<cmath>, <math.h>...) and the
  /// turtle library's (<turtle/turtle.hpp>, any turtle/NAME.hpp) are always allowed, each
  /// in <...> or "..." form; "./maze.hpp" counts as "maze.hpp".
  std::set<std::string> allowedIncludes;
  /// For a student's tests file (a test-writing step's my_tests.cpp): also flag what can read
  /// the program's own bytes or tell one run from another, by which a test could tell the
  /// wheat's program from a chaff's without running the code it tests: a string naming
  /// /proc/; the linker's __executable_start, etext, _end; dl_iterate_phdr, getauxval, dlopen,
  /// dladdr; mincore, mmap, mprotect, syscall, ptrace, fork; reinterpret_cast, memcpy,
  /// memcmp, bit_cast (a function's machine code read through its pointer);
  /// __builtin_return_address; __COUNTER__, __TIME__ and their kin; and `extern "C"`, a
  /// declaration of a system function of its own. (The names the lesson's code uses are in
  /// protectedNames for a tests file too: a #define of one changes the code under test.)
  bool testsFile = false;
};

/// The rules for a lesson: `testSources` are the texts of its step tests (every identifier in
/// their code becomes protected), `lessonFiles` the files students write (they may include
/// each other).
TamperRules tamperRules(const std::vector<std::string>& testSources,
                        const std::vector<std::string>& lessonFiles);

/// Every finding in one source file, in line order. Understands line splices (backslash-
/// newline, also "\\\r\n" and GCC's backslash-spaces-newline), // and /* */ comments, string,
/// character and raw string literals (a raw string's end is found in the file as written,
/// since splices inside one do not count) and the digraphs %: <: :>, so that a directive
/// hidden by a splice, a comment or a digraph is still seen and text inside a string or a
/// comment is not. Lines are the file's own ("\n", "\r\n" or a lone "\r" ends one), the line
/// of the directive's '#'. Flags:
///   - #define or #undef of a Catch2 macro, a C++ keyword or a predefined name (main, true,
///     __LINE__, defined...), or of a protected name: a protected name may only be #defined
///     object-like with one number or string as its whole body (1, -1, (20), 2.5, "blue"),
///     since `#define WALL 1` is how some beginners write a constant;
///   - #line and GCC's line marker (# 40 "file"), #pragma other than `#pragma once`,
///     _Pragma, #include_next, #import, #embed;
///   - #include of a header outside the allow-list, of an absolute path, one with "..", and
///     a computed #include (its file named by a macro);
///   - the tokens asm, __asm, __asm__; constructor, destructor, init_priority, section or
///     ifunc (also spelled __constructor__...) inside __attribute__((...)) or [[...]];
///     __attribute__ not followed by its parentheses;
///   - in a #define: ## (token pasting can build the flagged tokens from pieces) and any
///     attribute, or one of the attribute names above (a macro can build an attribute that
///     the scan would not see whole);
///   - Catch2's own names Catch, compareEqual and compareNotEqual: Catch2 compares values
///     with an unqualified call, so a submission's compareEqual for its own types would
///     decide every CHECK on them.
/// Code that runs before main through an ordinary global object's constructor is not
/// flagged: honest code has those too.
std::vector<TamperFlag> scanSource(const std::string& fileName, std::string_view source,
                                   const TamperRules& rules);

}  // namespace mazekit::grade
