// The tamper scan: a small lexer for the parts of C++ translation that decide what is code and
// what is not (line splices, comments, string, character and raw string literals, digraphs),
// then the rules of tamper.hpp applied to the tokens it finds. Everything is one pass over the
// text, so a file of any size, or of binary junk, is read in linear time.
#include "grade/tamper.hpp"

#include <algorithm>
#include <cstddef>
#include <utility>

namespace mazekit::grade {
namespace {

// ---- the source as the compiler reads it

// GCC counts '\0' as a space too (between a backslash and a newline, and between tokens).
bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\0'; }
bool isNewline(char c) { return c == '\n' || c == '\r'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
// Letters, digits, '_', '$' (GCC allows it) and the bytes of UTF-8 letters.
bool isIdentifierChar(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_' || c == '$' ||
         u >= 0x80;
}

/// The length of the newline starting at `i` ("\r\n" is one newline, and so is a lone '\r'),
/// or 0 when there is none.
std::size_t newlineAt(std::string_view s, std::size_t i) {
  if (i >= s.size()) return 0;
  if (s[i] == '\n') return 1;
  if (s[i] == '\r') return i + 1 < s.size() && s[i + 1] == '\n' ? 2 : 1;
  return 0;
}

/// Translation phase 2: the source without its line splices (a backslash, then a newline; GCC
/// also allows spaces between them) and without a UTF-8 byte order mark. origin[i] is where
/// text[i] was in the source, and origin.back() is the source's size, so that a position in
/// the text can always be traced back to a line of the file as written.
struct SplicedText {
  std::string text;
  std::vector<std::size_t> origin;
};

SplicedText splice(std::string_view source) {
  SplicedText out;
  out.text.reserve(source.size());
  out.origin.reserve(source.size() + 1);
  std::size_t i = source.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  while (i < source.size()) {
    if (source[i] == '\\') {
      std::size_t j = i + 1;
      while (j < source.size() && isSpace(source[j])) ++j;
      if (const std::size_t newline = newlineAt(source, j)) {
        i = j + newline;
        continue;
      }
    }
    out.text.push_back(source[i]);
    out.origin.push_back(i);
    ++i;
  }
  out.origin.push_back(source.size());
  return out;
}

/// Line numbers of the file as written: the line holding a byte of the source.
class Lines {
 public:
  explicit Lines(std::string_view source) {
    starts_.push_back(0);
    for (std::size_t i = 0; i < source.size();) {
      const std::size_t newline = newlineAt(source, i);
      i += newline == 0 ? 1 : newline;
      if (newline != 0) starts_.push_back(i);
    }
  }
  int lineOf(std::size_t offset) const {
    return static_cast<int>(std::upper_bound(starts_.begin(), starts_.end(), offset) -
                            starts_.begin());
  }

 private:
  std::vector<std::size_t> starts_;  // where each line begins
};

// ---- tokens

enum class Kind { identifier, number, literal, headerName, punctuator };

struct Token {
  Kind kind = Kind::punctuator;
  std::string_view text;      ///< as written (after splicing)
  std::string_view spelling;  ///< what it means: the digraph %: is "#", <: is "["...
  std::size_t at = 0;         ///< where it starts in the spliced text
  bool startsLine = false;    ///< the first token on its line: a '#' here begins a directive
  bool spaceBefore = false;   ///< white space or a comment before it, on its line
};

bool isRawPrefix(std::string_view word) {
  return word == "R" || word == "u8R" || word == "uR" || word == "UR" || word == "LR";
}
bool isEncodingPrefix(std::string_view word) {
  return word == "u8" || word == "u" || word == "U" || word == "L";
}
bool namesHeaderNext(std::string_view directive) {
  return directive == "include" || directive == "include_next" || directive == "import" ||
         directive == "embed";
}

/// Cuts the spliced text into preprocessing tokens, dropping comments and white space.
class Lexer {
 public:
  Lexer(const SplicedText& spliced, std::string_view source)
      : s_(spliced.text), origin_(spliced.origin), source_(source) {}

  std::vector<Token> tokens() {
    std::vector<Token> out;
    bool startsLine = true;
    bool spaceBefore = false;
    bool headerNameNext = false;  // just after "#include": <...> is one token
    bool inDirective = false;
    std::size_t i = 0;
    while (i < s_.size()) {
      const char c = s_[i];
      if (isNewline(c)) {
        ++i;
        startsLine = true;
        spaceBefore = headerNameNext = inDirective = false;
        continue;
      }
      if (isSpace(c)) {
        ++i;
        spaceBefore = true;
        continue;
      }
      if (c == '/' && peek(i + 1) == '/') {
        while (i < s_.size() && !isNewline(s_[i])) ++i;
        spaceBefore = true;
        continue;
      }
      if (c == '/' && peek(i + 1) == '*') {
        // A comment's own newlines do not start a line: "int x; /*", then "*/ #define" is no
        // directive, as GCC reads it.
        const std::size_t end = s_.find("*/", i + 2);
        i = end == std::string_view::npos ? s_.size() : end + 2;
        spaceBefore = true;
        continue;
      }
      Token token;
      token.at = i;
      token.startsLine = startsLine;
      token.spaceBefore = spaceBefore;
      const std::size_t end = lexOne(i, headerNameNext, inDirective, token);
      token.text = s_.substr(i, end - i);
      if (token.spelling.empty()) token.spelling = token.text;
      i = end;

      headerNameNext = token.kind == Kind::identifier && namesHeaderNext(token.text) &&
                       !out.empty() && out.back().startsLine && out.back().spelling == "#" &&
                       !token.startsLine;
      if (token.startsLine && token.spelling == "#") inDirective = true;
      out.push_back(token);
      startsLine = spaceBefore = false;
    }
    return out;
  }

 private:
  char peek(std::size_t i) const { return i < s_.size() ? s_[i] : '\0'; }

  /// Reads the token starting at `i`, sets its kind (and spelling for a digraph) and returns
  /// where it ends.
  std::size_t lexOne(std::size_t i, bool headerNameNext, bool inDirective, Token& token) const {
    const char c = s_[i];
    if (headerNameNext && (c == '<' || c == '"')) {
      const char close = c == '<' ? '>' : '"';
      std::size_t j = i + 1;
      while (j < s_.size() && s_[j] != close && !isNewline(s_[j])) ++j;
      if (j < s_.size() && s_[j] == close) {
        token.kind = Kind::headerName;
        return j + 1;
      }
      // Not a header name after all: an unfinished "... is a literal, a lone < a punctuator.
    }
    if (isIdentifierChar(c) && !isDigit(c)) {
      std::size_t j = i;
      while (j < s_.size() && isIdentifierChar(s_[j])) ++j;
      const std::string_view word = s_.substr(i, j - i);
      if (peek(j) == '"' && isRawPrefix(word)) {
        const std::size_t end = rawLiteralEnd(j, inDirective);
        if (end != std::string_view::npos) {
          token.kind = Kind::literal;
          return end;
        }
      }
      if ((peek(j) == '"' || peek(j) == '\'') && isEncodingPrefix(word)) {
        token.kind = Kind::literal;
        return quotedLiteralEnd(j);
      }
      token.kind = Kind::identifier;
      return j;
    }
    if (isDigit(c) || (c == '.' && isDigit(peek(i + 1)))) {
      token.kind = Kind::number;
      return numberEnd(i);
    }
    if (c == '"' || c == '\'') {
      token.kind = Kind::literal;
      return quotedLiteralEnd(i);
    }
    token.kind = Kind::punctuator;
    return punctuatorEnd(i, token);
  }

  /// A pp-number: 1'000, 0x1Fu, 1.5e-3f, 2_km... The ' of a digit separator is not a quote.
  std::size_t numberEnd(std::size_t i) const {
    std::size_t j = i + 1;
    while (j < s_.size()) {
      const char c = s_[j];
      const char before = s_[j - 1];
      const bool exponentSign = (c == '+' || c == '-') &&
                                (before == 'e' || before == 'E' || before == 'p' || before == 'P');
      if (isIdentifierChar(c) || c == '.' || exponentSign) {
        ++j;
      } else if (c == '\'' && isIdentifierChar(peek(j + 1))) {
        j += 2;
      } else {
        break;
      }
    }
    return j;
  }

  /// A "string" or 'c'haracter literal from its opening quote, with escapes and a suffix
  /// ("km"_s). One left open ends at the end of its line, as GCC reads it.
  std::size_t quotedLiteralEnd(std::size_t i) const {
    const char quote = s_[i];
    std::size_t j = i + 1;
    while (j < s_.size()) {
      const char c = s_[j];
      if (isNewline(c)) return j;
      if (c == '\\') {
        j += isNewline(peek(j + 1)) ? 1u : 2u;
        continue;
      }
      ++j;
      if (c == quote) return suffixEnd(j);
    }
    return s_.size();
  }

  std::size_t suffixEnd(std::size_t j) const {
    while (j < s_.size() && isIdentifierChar(s_[j])) ++j;
    return std::min(j, s_.size());
  }

  /// A raw string R"delim(...)delim" from its opening quote, or npos when the delimiter is not
  /// a valid one (then the R is an identifier, as after a compile error). Line splices inside
  /// a raw string are not splices (the standard reverts them), so its end is looked for in
  /// the source as written. In a directive it ends with the line, as GCC reads it.
  std::size_t rawLiteralEnd(std::size_t quote, bool inDirective) const {
    constexpr std::size_t longestDelimiter = 16;
    std::size_t open = quote + 1;
    while (open < s_.size() && s_[open] != '(') {
      const auto u = static_cast<unsigned char>(s_[open]);
      const bool valid = u > 0x20 && u < 0x7f && u != ')' && u != '\\';
      if (!valid || open - quote > longestDelimiter) return std::string_view::npos;
      ++open;
    }
    if (open >= s_.size()) return std::string_view::npos;
    const std::string closing = ")" + std::string(s_.substr(quote + 1, open - quote - 1)) + "\"";

    std::size_t limit = source_.size();  // where to stop looking, in the source
    std::size_t splicedLimit = s_.size();
    if (inDirective) {
      splicedLimit = open;
      while (splicedLimit < s_.size() && !isNewline(s_[splicedLimit])) ++splicedLimit;
      limit = origin_[splicedLimit];
    }
    const std::size_t from = origin_[open] + 1;
    const std::size_t found = source_.substr(0, limit).find(closing, from);
    if (found == std::string_view::npos) return splicedLimit;
    const std::size_t endInSource = found + closing.size();
    const auto end = std::lower_bound(origin_.begin(), origin_.end(), endInSource);
    return suffixEnd(static_cast<std::size_t>(end - origin_.begin()));
  }

  /// One punctuator. Only # ## [ ] { } matter to the rules, with their digraphs (%: %:%: <: :>
  /// <% %>); anything else is one character, as good as any other for the scan.
  std::size_t punctuatorEnd(std::size_t i, Token& token) const {
    const std::string_view rest = s_.substr(i, 4);
    auto spelled = [&token](std::string_view spelling, std::size_t length) {
      token.spelling = spelling;
      return length;
    };
    if (rest.substr(0, 4) == "%:%:") return i + spelled("##", 4);
    if (rest.substr(0, 2) == "##") return i + spelled("##", 2);
    if (rest.substr(0, 2) == "%:") return i + spelled("#", 2);
    // "<::" is '<' then "::" (std::vector<::Maze>), unless a ':' or '>' follows.
    const bool templateOfGlobal =
        rest.substr(0, 3) == "<::" && rest.size() == 4 && rest[3] != ':' && rest[3] != '>';
    const bool templateAtEnd = rest == "<::";
    if (rest.substr(0, 2) == "<:" && !templateOfGlobal && !templateAtEnd) {
      return i + spelled("[", 2);
    }
    if (rest.substr(0, 2) == ":>") return i + spelled("]", 2);
    if (rest.substr(0, 2) == "<%") return i + spelled("{", 2);
    if (rest.substr(0, 2) == "%>") return i + spelled("}", 2);
    return i + 1;
  }

  std::string_view s_;
  const std::vector<std::size_t>& origin_;
  std::string_view source_;
};

std::vector<Token> lex(const SplicedText& spliced, std::string_view source) {
  return Lexer(spliced, source).tokens();
}

// ---- the names and headers the rules know

/// The words of a list written as one text, for the name lists below.
std::set<std::string_view> words(std::string_view text) {
  std::set<std::string_view> out;
  while (!text.empty()) {
    const std::size_t start = text.find_first_not_of(' ');
    if (start == std::string_view::npos) break;
    const std::size_t end = std::min(text.find(' ', start), text.size());
    out.insert(text.substr(start, end - start));
    text.remove_prefix(end);
  }
  return out;
}

/// Catch2 2.13's macros (its CATCH_ and INTERNAL_CATCH_ names are matched by prefix).
bool isCatch2Name(std::string_view name) {
  static const std::set<std::string_view> names = words(
      "REQUIRE REQUIRE_FALSE REQUIRE_THROWS REQUIRE_THROWS_AS REQUIRE_THROWS_WITH "
      "REQUIRE_THROWS_MATCHES REQUIRE_NOTHROW REQUIRE_THAT "
      "CHECK CHECK_FALSE CHECKED_IF CHECKED_ELSE CHECK_NOFAIL CHECK_THROWS CHECK_THROWS_AS "
      "CHECK_THROWS_WITH CHECK_THROWS_MATCHES CHECK_NOTHROW CHECK_THAT INTERNAL_CHECK_THAT "
      "INFO UNSCOPED_INFO WARN CAPTURE "
      "TEST_CASE TEST_CASE_METHOD METHOD_AS_TEST_CASE REGISTER_TEST_CASE ANON_TEST_CASE "
      "SECTION DYNAMIC_SECTION FAIL FAIL_CHECK SUCCEED "
      "TEMPLATE_TEST_CASE TEMPLATE_TEST_CASE_SIG TEMPLATE_TEST_CASE_METHOD "
      "TEMPLATE_TEST_CASE_METHOD_SIG TEMPLATE_PRODUCT_TEST_CASE TEMPLATE_PRODUCT_TEST_CASE_SIG "
      "TEMPLATE_PRODUCT_TEST_CASE_METHOD TEMPLATE_PRODUCT_TEST_CASE_METHOD_SIG "
      "TEMPLATE_LIST_TEST_CASE TEMPLATE_LIST_TEST_CASE_METHOD STATIC_REQUIRE STATIC_REQUIRE_FALSE "
      "SCENARIO SCENARIO_METHOD GIVEN AND_GIVEN WHEN AND_WHEN THEN AND_THEN "
      "GENERATE GENERATE_COPY GENERATE_REF BENCHMARK BENCHMARK_ADVANCED");
  return names.count(name) != 0 || name.substr(0, 6) == "CATCH_" ||
         name.substr(0, 15) == "INTERNAL_CATCH_";
}

/// C++'s keywords (up to C++20, so that no compiler's reading of them can be changed) and the
/// names the compiler gives a meaning: redefining one changes what the tests' own code says.
bool isLanguageName(std::string_view name) {
  static const std::set<std::string_view> names = words(
      "alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t "
      "char16_t char32_t class compl concept const consteval constexpr constinit const_cast "
      "continue co_await co_return co_yield decltype default delete do double dynamic_cast else "
      "enum explicit export extern false float for friend goto if inline int long mutable "
      "namespace new noexcept not not_eq nullptr operator or or_eq private protected public "
      "register reinterpret_cast requires return short signed sizeof static static_assert "
      "static_cast struct switch template this thread_local throw true try typedef typeid "
      "typename union unsigned using virtual void volatile wchar_t while xor xor_eq "
      // not keywords, but the tests rely on what they mean
      "main defined __LINE__ __FILE__ __COUNTER__ __DATE__ __TIME__ __cplusplus __has_include "
      "__has_cpp_attribute __VA_ARGS__ __VA_OPT__");
  return names.count(name) != 0;
}

/// Names from Catch2's own code that a submission can reach: its namespace, and the
/// functions Catch2 calls unqualified to compare, which a submission's overload for its own
/// types would replace.
bool isCatch2Internal(std::string_view name) {
  return name == "Catch" || name == "compareEqual" || name == "compareNotEqual";
}

/// The C++17 standard library's headers.
bool isStandardHeader(std::string_view header) {
  static const std::set<std::string_view> headers = words(
      "algorithm any array atomic bitset charconv chrono codecvt complex condition_variable "
      "deque exception execution filesystem forward_list fstream functional future "
      "initializer_list iomanip ios iosfwd iostream istream iterator limits list locale map "
      "memory memory_resource mutex new numeric optional ostream queue random ratio regex "
      "scoped_allocator set shared_mutex sstream stack stdexcept streambuf string string_view "
      "strstream system_error thread tuple type_traits typeindex typeinfo unordered_map "
      "unordered_set utility valarray variant vector "
      // C++'s wrappers of the C headers
      "cassert ccomplex cctype cerrno cfenv cfloat cinttypes ciso646 climits clocale cmath "
      "csetjmp csignal cstdalign cstdarg cstdbool cstddef cstdint cstdio cstdlib cstring "
      "ctgmath ctime cuchar cwchar cwctype "
      // the C headers themselves
      "assert.h complex.h ctype.h errno.h fenv.h float.h inttypes.h iso646.h limits.h locale.h "
      "math.h setjmp.h signal.h stdalign.h stdarg.h stdbool.h stddef.h stdint.h stdio.h "
      "stdlib.h string.h tgmath.h time.h uchar.h wchar.h wctype.h");
  return headers.count(header) != 0;
}

/// turtle/<name>.hpp: the turtle library's headers, present and future.
bool isTurtleHeader(std::string_view header) {
  const std::string_view folder = "turtle/";
  const std::string_view extension = ".hpp";
  if (header.size() <= folder.size() + extension.size()) return false;
  if (header.substr(0, folder.size()) != folder) return false;
  if (header.substr(header.size() - extension.size()) != extension) return false;
  const std::string_view name =
      header.substr(folder.size(), header.size() - folder.size() - extension.size());
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_' || c == '-';
  });
}

/// An attribute name that makes code run before or after main. GCC also spells each one
/// with two underscores either side (__constructor__).
std::string_view runsOutsideMain(std::string_view name) {
  if (name.size() > 4 && name.substr(0, 2) == "__" && name.substr(name.size() - 2) == "__") {
    name = name.substr(2, name.size() - 4);
  }
  if (name == "constructor" || name == "init_priority" || name == "section" || name == "ifunc") {
    return "code that runs before main";
  }
  if (name == "destructor") return "code that runs after main";
  return {};
}

// ---- the scan

/// What a flag shows of the submission: printable ASCII on one line, at most about 80
/// characters (a forged #line can be a megabyte long).
std::string shown(std::string_view text) {
  constexpr std::size_t limit = 80;
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i == limit) return out + "...";
    const auto u = static_cast<unsigned char>(text[i]);
    if (u >= 0x20 && u < 0x7f) {
      out += text[i];
    } else {
      out += u == '\n' || u == '\r' || u == '\t' ? ' ' : '?';
    }
  }
  return out;
}

/// What no test of a lesson's code needs, and what reads the program's own bytes (its code
/// through a function pointer, the linker's symbols, the loaded libraries) or tells one run
/// from another (which pages are in memory, other processes, the line a macro is on).
bool readsTheProgram(std::string_view name) {
  static const std::set<std::string_view> names = words(
      "__executable_start etext _etext __etext edata _end dl_iterate_phdr getauxval dlopen "
      "dlsym dladdr dlinfo mincore mmap mmap64 mprotect madvise syscall ptrace process_vm_readv "
      "fork vfork clone reinterpret_cast memcpy memcmp bit_cast __builtin_memcpy "
      "__builtin_return_address __builtin_frame_address __builtin_extract_return_addr "
      "__COUNTER__ __INCLUDE_LEVEL__ __TIMESTAMP__ __DATE__ __TIME__");
  return names.count(name) != 0;
}

class Scan {
 public:
  Scan(const std::string& file, std::string_view source, const TamperRules& rules)
      : file_(file),
        rules_(rules),
        spliced_(splice(source)),
        lines_(source),
        tokens_(lex(spliced_, source)) {}

  std::vector<TamperFlag> run() {
    std::size_t attributeEnd = 0;  // tokens before this are in an attribute already read
    bool inDefine = false;
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
      const Token& token = tokens_[i];
      if (token.startsLine) {
        inDefine = false;
        if (token.spelling == "#") inDefine = directive(i);
      }
      if (token.kind == Kind::identifier) {
        const std::string_view name = token.text;
        if (name == "asm" || name == "__asm" || name == "__asm__") {
          flag(i, shownCall(i) + ": inline assembly is not allowed");
        } else if (name == "_Pragma") {
          flag(i, shownCall(i) + ": only #pragma once is allowed");
        } else if (isCatch2Internal(name)) {
          flag(i, std::string(name) +
                      ": a submission must not use Catch2's own names, which can change how "
                      "the tests compare");
        } else if (rules_.testsFile && readsTheProgram(name)) {
          flag(i, std::string(name) +
                      ": a test must judge the code by what it does, not by reading the "
                      "program's own bytes or telling its runs apart");
        } else if (rules_.testsFile && name == "extern" && i + 1 < tokens_.size() &&
                   tokens_[i + 1].kind == Kind::literal) {
          flag(i, text(i, std::min(i + 2, tokens_.size())) +
                      ": a test declares no system or C function of its own; it calls the code "
                      "it tests");
        } else if ((name == "__attribute__" || name == "__attribute") && !inDefine &&
                   i >= attributeEnd) {
          attributeEnd = gnuAttribute(i);
        }
      } else if (rules_.testsFile && token.kind == Kind::literal &&
                 token.text.find("/proc/") != std::string_view::npos) {
        flag(i,
             "a string naming /proc/: a test must judge the code by what it does, not by "
             "reading the program's own files");
      } else if (token.spelling == "[" && isPunctuator(i + 1, "[") && !inDefine &&
                 i >= attributeEnd) {
        attributeEnd = standardAttribute(i);
      }
    }
    std::stable_sort(flags_.begin(), flags_.end(),
                     [](const TamperFlag& a, const TamperFlag& b) { return a.line < b.line; });
    return flags_;
  }

 private:
  void flag(std::size_t token, std::string what) {
    const std::size_t offset = spliced_.origin[tokens_[token].at];
    flags_.push_back({file_, lines_.lineOf(offset), std::move(what)});
  }

  bool isPunctuator(std::size_t i, std::string_view spelling) const {
    return i < tokens_.size() && tokens_[i].kind == Kind::punctuator &&
           tokens_[i].spelling == spelling;
  }

  /// The end of a directive's line: the next token that starts a line.
  std::size_t lineEnd(std::size_t first) const {
    std::size_t end = first + 1;
    while (end < tokens_.size() && !tokens_[end].startsLine) ++end;
    return end;
  }

  /// Tokens [first, last) as written, a space where the source has one; the directive's
  /// '#' always as "#define", however spelled or spaced.
  std::string text(std::size_t first, std::size_t last, bool directive = false) const {
    constexpr std::size_t budget = 100;  // more than shown() shows, never a megabyte
    std::string out;
    for (std::size_t i = first; i < last && out.size() < budget; ++i) {
      const Token& token = tokens_[i];
      const bool glued = directive && i == first + 1 && token.kind == Kind::identifier;
      if (i > first && token.spaceBefore && !glued) out += ' ';
      const std::string_view written = directive && i == first ? "#" : token.text;
      out += written.substr(0, budget - std::min(budget, out.size()));
    }
    return shown(out);
  }

  /// A name with its parenthesised arguments when it has them (looked for among the next few
  /// tokens only, so that a flood of them is still read in linear time).
  std::string shownCall(std::size_t i) const {
    std::size_t end = i + 1;
    if (isPunctuator(end, "(")) {
      int depth = 0;
      for (std::size_t limit = std::min(tokens_.size(), i + 40); end < limit; ++end) {
        if (isPunctuator(end, "(")) ++depth;
        if (isPunctuator(end, ")") && --depth == 0) break;
      }
      end = std::min(end + 1, tokens_.size());
    }
    return text(i, end);
  }

  // ---- #directives

  /// Checks the directive whose '#' is token `hash`; true when it is a #define.
  bool directive(std::size_t hash) {
    const std::size_t end = lineEnd(hash);
    if (hash + 1 >= end) return false;  // a lone '#' does nothing
    const Token& name = tokens_[hash + 1];
    const std::string shownLine = text(hash, end, true);
    if (name.kind == Kind::number) {  // # 40 "maze.hpp": GCC's line marker
      flag(hash, shownLine +
                     ": a line marker changes the file names and line numbers the "
                     "build log shows");
      return false;
    }
    if (name.kind != Kind::identifier) return false;
    const std::string_view word = name.text;
    if (word == "define") {
      define(hash, end, shownLine);
      return true;
    }
    if (word == "undef") {
      if (hash + 2 < end && tokens_[hash + 2].kind == Kind::identifier) {
        const std::string_view macro = tokens_[hash + 2].text;
        if (const std::string why = protection(macro, "undefined"); !why.empty()) {
          flag(hash, shownLine + ": " + why);
        }
      }
    } else if (word == "include") {
      include(hash, end, shownLine);
    } else if (word == "include_next" || word == "import" || word == "embed") {
      flag(hash, shownLine + ": only #include is allowed, not #" + std::string(word));
    } else if (word == "line") {
      flag(hash, shownLine +
                     ": #line changes the file names and line numbers the build log "
                     "shows");
    } else if (word == "pragma") {
      const bool once = end == hash + 3 && tokens_[hash + 2].text == "once";
      if (!once) flag(hash, shownLine + ": only #pragma once is allowed");
    }
    return false;
  }

  /// Why a macro name must not be #defined or #undef'd, or "" when it may.
  std::string protection(std::string_view macro, const std::string& changed) const {
    if (isCatch2Name(macro)) return "a Catch2 macro must not be redefined";
    if (isLanguageName(macro)) return "a C++ keyword or predefined name must not be redefined";
    if (rules_.protectedNames.count(std::string(macro)) != 0) {
      return "the lesson's tests use " + std::string(macro) + ", so it must not be " + changed;
    }
    return "";
  }

  void define(std::size_t hash, std::size_t end, const std::string& shownLine) {
    const std::size_t nameAt = hash + 2;
    if (nameAt >= end || tokens_[nameAt].kind != Kind::identifier) return;
    const std::string_view macro = tokens_[nameAt].text;
    // Function-like when a '(' follows the name with no space (a comment counts as a space).
    const bool functionLike =
        isPunctuator(nameAt + 1, "(") && nameAt + 1 < end && !tokens_[nameAt + 1].spaceBefore;
    std::size_t body = nameAt + 1;
    if (functionLike) {
      while (body < end && !isPunctuator(body, ")")) ++body;
      body = std::min(body + 1, end);
    }

    if (isCatch2Name(macro) || isLanguageName(macro)) {
      flag(hash, shownLine + ": " + protection(macro, "redefined"));
    } else if (rules_.protectedNames.count(std::string(macro)) != 0 &&
               (functionLike || !isOneLiteral(body, end))) {
      flag(hash, shownLine + ": the lesson's tests use " + std::string(macro) +
                     ", so it may only be #defined as one number or string");
    }

    bool pasting = false;
    bool attribute = false;
    for (std::size_t i = body; i < end; ++i) {
      const Token& token = tokens_[i];
      pasting = pasting || token.spelling == "##";
      attribute = attribute ||
                  (token.kind == Kind::identifier &&
                   (token.text == "__attribute__" || token.text == "__attribute" ||
                    !runsOutsideMain(token.text).empty())) ||
                  (token.spelling == "[" && isPunctuator(i + 1, "["));
    }
    if (pasting) flag(hash, shownLine + ": token pasting can build forbidden names");
    if (attribute) {
      flag(hash, shownLine + ": an attribute inside a macro can hide code that runs before main");
    }
  }

  /// True when tokens [first, last) are one number or one string or character literal,
  /// perhaps signed or in parentheses: 1, -1, (20), 2.5, "blue", 'W'. A user-defined literal
  /// (20_px) calls the student's code, so it is not one.
  bool isOneLiteral(std::size_t first, std::size_t last) const {
    while (last - first >= 2 && isPunctuator(first, "(") && isPunctuator(last - 1, ")")) {
      ++first;
      --last;
    }
    if (last - first == 2 && (isPunctuator(first, "-") || isPunctuator(first, "+")) &&
        tokens_[first + 1].kind == Kind::number) {
      ++first;
    }
    if (last - first != 1) return false;
    const Token& token = tokens_[first];
    if (token.kind == Kind::number) return token.text.find('_') == std::string_view::npos;
    if (token.kind != Kind::literal) return false;
    const std::size_t closingQuote = token.text.find_last_of("\"'");
    return closingQuote != std::string_view::npos &&
           token.text.find('_', closingQuote) == std::string_view::npos;
  }

  void include(std::size_t hash, std::size_t end, const std::string& shownLine) {
    const std::size_t operandAt = hash + 2;
    if (operandAt >= end || tokens_[operandAt].kind != Kind::headerName) {
      flag(hash, shownLine + ": a computed #include (a file named by a macro) cannot be checked");
      return;
    }
    const std::string_view operand = tokens_[operandAt].text;
    std::string_view header = operand.substr(1, operand.size() - 2);
    while (header.substr(0, 2) == "./") header.remove_prefix(2);
    const bool escapes = header.find("..") != std::string_view::npos ||
                         header.substr(0, 1) == "/" || header.substr(0, 1) == "\\";
    const bool allowed = isStandardHeader(header) || isTurtleHeader(header) ||
                         rules_.allowedIncludes.count(std::string(header)) != 0;
    if (escapes || !allowed) {
      std::string lessonFiles;
      for (const std::string& file : rules_.allowedIncludes) {
        lessonFiles += (lessonFiles.empty() ? "" : ", ") + file;
      }
      flag(hash, shownLine + (lessonFiles.empty()
                                  ? ": only the standard library and <turtle/...> may be included"
                                  : ": only the standard library, <turtle/...> and the lesson's "
                                    "files (" +
                                        shown(lessonFiles) + ") may be included"));
    }
  }

  // ---- attributes

  /// Checks __attribute__((...)) at `at`; returns where it ends.
  std::size_t gnuAttribute(std::size_t at) {
    if (!isPunctuator(at + 1, "(")) {
      flag(at, text(at, std::min(at + 4, tokens_.size())) +
                   ": an attribute built by a macro can hide code that runs before main");
      return at + 1;
    }
    std::size_t end = at + 1;
    int depth = 0;
    std::string_view why;
    for (; end < tokens_.size(); ++end) {
      if (isPunctuator(end, "(")) ++depth;
      if (isPunctuator(end, ")") && --depth == 0) break;
      if (why.empty() && tokens_[end].kind == Kind::identifier) {
        why = runsOutsideMain(tokens_[end].text);
      }
    }
    end = std::min(end + 1, tokens_.size());
    if (!why.empty()) flag(at, text(at, end) + ": " + std::string(why));
    return end;
  }

  /// Checks [[...]] (or <:<:...:>:>) at `at`; returns where it ends.
  std::size_t standardAttribute(std::size_t at) {
    std::size_t end = at;
    int depth = 0;
    std::string_view why;
    for (; end < tokens_.size(); ++end) {
      if (isPunctuator(end, "[")) ++depth;
      if (isPunctuator(end, "]") && --depth == 0) break;
      if (why.empty() && tokens_[end].kind == Kind::identifier) {
        why = runsOutsideMain(tokens_[end].text);
      }
    }
    end = std::min(end + 1, tokens_.size());
    if (!why.empty()) flag(at, text(at, end) + ": " + std::string(why));
    return end;
  }

  const std::string& file_;
  const TamperRules& rules_;
  SplicedText spliced_;
  Lines lines_;
  std::vector<Token> tokens_;
  std::vector<TamperFlag> flags_;
};

}  // namespace

TamperRules tamperRules(const std::vector<std::string>& testSources,
                        const std::vector<std::string>& lessonFiles) {
  TamperRules rules;
  for (const std::string& source : testSources) {
    const SplicedText spliced = splice(source);
    for (const Token& token : lex(spliced, source)) {
      if (token.kind == Kind::identifier) rules.protectedNames.emplace(token.text);
    }
  }
  rules.allowedIncludes.insert(lessonFiles.begin(), lessonFiles.end());
  return rules;
}

std::vector<TamperFlag> scanSource(const std::string& fileName, std::string_view source,
                                   const TamperRules& rules) {
  return Scan(fileName, source, rules).run();
}

}  // namespace mazekit::grade
