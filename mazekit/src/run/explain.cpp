// The compiler's first error in a beginner's words (see explain.hpp).
#include "run/explain.hpp"

#include <regex>
#include <utility>

namespace mazekit::run {
namespace {

/// One compiler's words for a mistake: g++'s, or clang's, which often puts the names in
/// another order or leaves one out.
struct Wording {
  std::regex pattern;  ///< on the message with ASCII quotes
  /// What the text's $1, $2... say, each a format of the pattern's groups: {"$2", "$1"} swaps
  /// them, {"type"} says a word where this compiler names nothing. Empty: $1 is group 1...
  std::vector<std::string> fills;
};

struct Explanation {
  std::vector<Wording> wordings;  ///< the first that matches explains the message
  std::string text;               ///< what it means and what to do, with $1... filled in
  KnownError known;
};

Wording said(const char* pattern, std::vector<std::string> fills = {}) {
  return {std::regex(pattern), std::move(fills)};
}

Explanation entry(std::vector<Wording> wordings, const char* text, const char* sample,
                  const char* topic) {
  return {std::move(wordings), text, {sample, topic}};
}

Explanation entry(const char* pattern, const char* text, const char* sample, const char* topic) {
  return entry({said(pattern)}, text, sample, topic);
}

// Python's names a student reaches for first, and what C++ calls them: g++'s words (11 to 14
// say the same), then clang's. tests/mazekit/compiler_messages/ holds a mistake for each and
// what each compiler said of it. A table, one entry a mistake: long because the list is.
const std::vector<Explanation>& explanations() {
  static const std::vector<Explanation> table = {
      entry({said(R"(use of deleted function 'turtle::(Turtle|Screen)::\1\(const turtle::\1&\))"),
             said(R"(call to deleted constructor of 'turtle::(Turtle|Screen)')")},
            "A $1 cannot be copied: a parameter written turtle::$1 t asks for a copy. Take it by "
            "reference, with &: void draw(turtle::$1& t) - then the function uses your $1 "
            "itself, as Python always does.",
            "use of deleted function 'turtle::Turtle::Turtle(const turtle::Turtle&)'",
            "a Turtle or Screen passed by value"),
      // A class of the student's that holds a Turtle or a Screen cannot be copied either.
      entry({said(R"(use of deleted function '(\w+)::\1\(const \1&\))"),
             said(R"(call to implicitly-deleted copy constructor of '(\w+)')")},
            "A $1 cannot be copied (it holds a Turtle or a Screen, which cannot), and a "
            "parameter written $1 m asks for a copy. Take it by reference: const $1& m to read "
            "it, $1& m to change it - the function then uses the caller's $1 itself.",
            "use of deleted function 'Maze::Maze(const Maze&)'",
            "a Maze (a class that holds a Turtle) passed by value"),
      // clang: "unknown type name 'screen'", but not a std:: name it knows ('string').
      entry({said(R"('(\w+)' is not a type)"),
             said(R"(unknown type name '([a-z]\w*)'(?!; did you mean 'std::))")},
            "A class member is made with braces, not parentheses: write turtle::Turtle "
            "turtle{$1}; (with parentheses C++ reads a function that takes a '$1').",
            "'screen' is not a type", "a member made with parentheses"),
      // clang names no word: "expected unqualified-id" is all it says of t.goto(x, y).
      entry(
          {said(R"(expected unqualified-id before 'goto')"), said(R"(^expected unqualified-id$)")},
          "goto is a word of C++ itself, so the turtle's goto is called goTo: t.goTo(x, y).",
          "expected unqualified-id before 'goto'", "t.goto(...)"),
      // Where the ; goes depends on where the compiler points: g++ points at the word after a
      // declaration that lacks its ; (on the next line), but at the end of a statement that
      // lacks one, as clang does at both. {line} is the line the compiler names.
      entry({said(R"(expected '[,;]' or '[,;]' before '(.*)')",
                  {"the line above line {line}, where the declaration before '$1' ends"}),
             said(R"(expected ';' at end of (?:member )?declaration)", {"line {line}"})},
            "A declaration ends with a semicolon: add ; at the end of $1.",
            "expected ',' or ';' before 'return'", "a missing semicolon"),
      entry({said(R"(expected ';' before '(.*)')", {"line {line}, just after its last word"}),
             said(R"(expected ';' after )", {"line {line}, just after its last word"})},
            "A statement ends with a semicolon: add ; at the end of $1.",
            "expected ';' before 'return'", "a missing semicolon after a statement"),
      entry(R"(expected initializer before '(.*)')",
            "A declaration ends with a semicolon: add ; at the end of the line above line "
            "{line}, where the declaration before '$1' ends (int total;), or give it a value "
            "(int total = 0;).",
            "expected initializer before 'return'", "a declaration without its semicolon"),
      entry({said(R"('(?:[^']* )?(\w+)' redeclared as different kind of)"),
             said(R"(redefinition of '(\w+)' as different kind of symbol)")},
            "$1 is declared already as something else (the note below says where: often a "
            "value of an enum, like NORTH in enum Direction). Use the one there is, or give "
            "yours another name.",
            "'const int NORTH' redeclared as different kind of entity",
            "one name declared as two kinds of thing"),
      entry(
          {said(
               R"('(\w+)' (?:in namespace 'std' does not name a (?:template )?type|is not a member of 'std'))"),
           said(R"(no (?:template|type|member) named '(\w+)' in namespace 'std')"),
           // libc++ declares std::vector in <string> without defining it.
           said(R"(implicit instantiation of undefined template 'std::(?:__1::)?(\w+)<)")},
          "std::$1 is in a header this file does not #include: add it at the top, like "
          "#include <vector> for std::vector or #include <iostream> for std::cout (the note "
          "below names it).",
          "'vector' in namespace 'std' does not name a template type", "a missing #include"),
      entry(
          {said(
               R"(no match for 'operator<<' \(operand types are '(?:std::ostream|std::basic_ostream<char>)'.* and '(?:const )?([^']+)'\))"),
           said(
               R"(invalid operands to binary expression \('std::ostream'.* and '(?:const )?([^']+)'\))")},
          "std::cout prints numbers and text, not a $1: print its parts, std::cout << "
          "cell.row << ' ' << cell.col, or give $1 a function that returns its text and print "
          "that (Python's print used __str__).",
          "no match for 'operator<<' (operand types are 'std::ostream' {aka "
          "'std::basic_ostream<char>'} and 'const Cell')",
          "cout << an object of your own"),
      entry(
          {said(R"(assignment of read-only (?:variable|location|member) '(.*)')"),
           said(
               R"(cannot assign to (?:variable|non-static data member) '(\w+)' with const-qualified type)")},
          "$1 is const: it may not change once made. Drop the const where it is declared if "
          "it must change, or keep the new value in a new variable.",
          "assignment of read-only variable 'size'", "changing a const variable"),
      entry({said(R"(ISO C\+\+ forbids declaration of '(\w+)' with no type)"),
             said(R"(C\+\+ requires a type specifier for all declarations)", {"name"})},
            "Where Python writes def, C++ writes the type the function returns: int $1(int x) "
            "{ ... }, or void $1(...) when it returns nothing.",
            "ISO C++ forbids declaration of 'twice' with no type [-fpermissive]",
            "a function without its return type"),
      entry(R"('else' without a previous 'if')",
            "Without braces an if guards only the one statement after it, however it is "
            "indented: put its statements in braces, if (x > 0) { ... } else { ... }.",
            "'else' without a previous 'if'", "else without its if"),
      entry(
          R"(suggest parentheses around assignment used as truth value|using the result of an assignment as a condition)",
          "= assigns and == compares: if (value == 2) tests the value, if (value = 2) sets it "
          "to 2 and is always true.",
          "suggest parentheses around assignment used as truth value [-Wparentheses]",
          "= where == is meant"),
      entry(
          R"(invalid operands of types 'const char ?[\[*].*' to binary 'operator\+'|invalid operands to binary expression \('const char ?[\[*])",
          "Text in \"quotes\" is not a std::string, and a number is not text: write "
          "std::string(\"row \") + std::to_string(row) + \"\\n\" (std::to_string makes text of a "
          "number).",
          "invalid operands of types 'const char*' and 'const char [2]' to binary 'operator+'",
          "text + a number"),
      entry(
          R"(cannot convert '[^']*' from type '[^']*::\)\(|invalid use of non-static member function|reference to non-static member function must be called)",
          "A member function is called with parentheses, even with nothing in them: "
          "values.size(), not values.size.",
          "cannot convert 'std::vector<int>::size' from type 'std::vector<int>::size_type "
          "(std::vector<int>::)() const noexcept' to type 'int'",
          "a member function named without ()"),
      entry(R"('str' was not declared|undeclared identifier 'str')",
            "C++ has no str(): std::to_string(x) makes text of a number (#include <string>).",
            "'str' was not declared in this scope; did you mean 'std'?", "str(x)"),
      entry(
          {said(
               R"('(?:class|struct) std::(?:__cxx11::|__1::)?(vector|basic_string|string)[^']*' has no member named '(\w+)')"),
           said(
               R"(no member named '(\w+)' in 'std::(?:__cxx11::|__1::)?(vector|basic_string|string))",
               {"$2", "$1"})},
          "A std::$1 has no $2: Python's append(x) is push_back(x) and len(v) is v.size(); "
          "cppreference.com lists what a std::$1 has.",
          "'class std::vector<int>' has no member named 'append'",
          "a Python method on a vector or string"),
      entry(
          R"(conversion from 'int' to non-scalar type 'std::(?:__cxx11::)?(?:string|basic_string)|no viable conversion from 'int' to 'std::(?:__1::)?(?:string|basic_string))",
          "C++ writes text in double quotes, \"blue\": single quotes hold one character, 'b'. "
          "(A number becomes text with std::to_string(n).)",
          "conversion from 'int' to non-scalar type 'std::string' {aka "
          "'std::__cxx11::basic_string<char>'} requested",
          "text in single quotes"),
      entry(
          R"(invalid type argument of unary '\*' \(have '(?:int|long|double|float)|indirection requires pointer operand \('(?:int|long|double|float)' invalid\))",
          "C++ has no ** operator: x * x squares, and std::pow(x, 2) (from <cmath>) raises "
          "to any power.",
          "invalid type argument of unary '*' (have 'int')", "x ** 2"),
      entry(R"('print' was not declared|undeclared identifier 'print')",
            "C++ has no print(): write std::cout << x << '\\n'; with #include <iostream> at the "
            "top of the file.",
            "'print' was not declared in this scope; did you mean 'int'?", "print(...)"),
      entry(R"('(?:True|False)' was not declared|undeclared identifier '(?:True|False)')",
            "C++ writes true and false in small letters.", "'True' was not declared in this scope",
            "True and False"),
      entry(R"('None' was not declared|undeclared identifier 'None')",
            "C++ has no None: a pointer that points nowhere is nullptr, and a function that "
            "returns nothing is declared void.",
            "'None' was not declared in this scope", "None"),
      entry(R"('self' was not declared|undeclared identifier 'self')",
            "Inside a member function C++ needs no self: write the member's name alone (x, not "
            "self.x); this is the pointer to the object, if you need it.",
            "'self' was not declared in this scope", "self"),
      entry(R"('len' was not declared|undeclared identifier 'len')",
            "C++ has no len(): a vector or a string tells its length itself, v.size().",
            "'len' was not declared in this scope", "len(...)"),
      entry(R"('elif' was not declared|undeclared identifier 'elif')",
            "C++ spells elif as two words: else if (condition) { ... }",
            "'elif' was not declared in this scope", "elif"),
      entry(
          {said(
               R"('(cout|cin|cerr|endl|string|vector|map|set|pair|sort|swap|min|max|abs)' was not declared)"),
           said(
               R"(undeclared identifier '(cout|cin|cerr|endl|string|vector|map|set|pair|sort|swap|min|max|abs)')")},
          "$1 lives in the standard library's namespace: write std::$1 (and #include the "
          "header it comes from, like <iostream>, <string> or <vector>).",
          "'cout' was not declared in this scope; did you mean 'std::cout'?",
          "cout, string, vector without std::"),
      entry({said(R"('(\w+)' was not declared in this scope)"),
             said(R"(use of undeclared identifier '(\w+)')")},
            "C++ must see every name declared before the line that uses it: write $1 if the "
            "step asks for it, check its spelling and capitals, or #include the file that "
            "declares it. A variable is declared with its type: int count = 0;",
            "'y' was not declared in this scope", "a name used before it is declared"),
      entry({said(R"('(?:class|struct) ([\w:]+)' has no member named '(\w+)')"),
             said(R"(no member named '(\w+)' in '(?:(?:class|struct) )?([\w:]+)')", {"$2", "$1"})},
            "Your $1 has no $2 yet: add it to the class (as a member function or variable), or "
            "check that its name is spelled exactly as the test spells it.",
            "'struct Maze' has no member named 'dig'", "a member the class does not have"),
      // clang says this of a member function only: of a free function, that no function fits.
      entry({said(R"(too (few|many) arguments to function '(.*)')"),
             said(R"(too (few|many) arguments to function call, expected (\d+))",
                  {"$1", "declared to take $2 of them"})},
            "The call gives too $1 values: the function is $2, so give exactly the values "
            "it lists, in that order.",
            "too few arguments to function 'void jump(int, int)'", "a call with the wrong number"),
      entry(R"(no matching (?:member )?function for call to '(.*)')",
            "No function takes these arguments: compare the call's values and their types "
            "with the declaration's parameters (the notes under the compiler's line list the "
            "ones there are).",
            "no matching function for call to 'Maze::dig(int)'", "a call that fits no function"),
      entry(R"(expected '\}' at end of input|^expected '\}'$)",
            "A { has no }: each opening brace needs its closing one. An editor that highlights "
            "the brace under the cursor finds the one missing.",
            "expected '}' at end of input", "a missing closing brace"),
      entry(
          R"(return-statement with a value, in function returning 'void'|void function '.*' should not return a value)",
          "The function is declared void (returns nothing) but returns a value: declare its "
          "return type, like int f() or bool f().",
          "return-statement with a value, in function returning 'void' [-fpermissive]",
          "return x in a void function"),
      entry(R"(control reaches end of non-void function|non-void function does not return a value)",
            "The function can end without return: every path through a function that returns "
            "a value must say which one (add a return at its end).",
            "control reaches end of non-void function [-Wreturn-type]", "a missing return"),
      entry(R"(redefinition of '(.*)')",
            "$1 is defined twice: keep one definition. If a header is included twice, put "
            "#pragma once on its first line.",
            "redefinition of 'int one()'", "something defined twice"),
      entry(
          {said(R"(use of old-style cast to '(.*)')"), said(R"(use of old-style cast)", {"type"})},
          "C++ converts with static_cast<$1>(value) rather than ($1)value, so that the "
          "conversion is easy to see.",
          "use of old-style cast to 'int' [-Wold-style-cast]", "(int)x"),
      // g++ 11 says 'const string', 12 to 14 'const std::string'; clang with libc++ spells out
      // basic_string<char, char_traits<char>, allocator<char>>.
      entry(
          R"((?:cannot convert|no viable conversion from) '(?:const )?(?:std::)?(?:string|__cxx11::basic_string<char>)'.* to '(?:const )?(?:int|long|double|float|bool)')",
          "C++ does not turn text into a number by itself: std::stoi(text) gives an int, "
          "std::stod(text) a double.",
          "cannot convert 'const std::string' {aka 'const std::__cxx11::basic_string<char>'} to "
          "'int' in initialization",
          "a string where a number goes"),
      entry(
          {said(R"(passing 'const ([\w:]+)' as 'this' argument discards qualifiers)"),
           said(
               R"('this' argument to member function '\w+' has type 'const ([\w:]+)', but function is not marked const)")},
          "The $1 is const here (it may not change), and the function called may change it: "
          "if that function does not change the object, write const after its parameters, "
          "like int get() const { ... }.",
          "passing 'const Cell' as 'this' argument discards qualifiers [-fpermissive]",
          "a changing call on a const object"),
      // g++ says "expected '(' before 'x'" of if x > 1: (taken below, as a for's); clang says
      // "expected expression" of if (x > 1): as of anything missing a value, so only its
      // if x > 1: is explained here.
      entry(R"(expected primary-expression before ':' token|expected '\(' after '(?:if|while)')",
            "C++ has no : after if, for or while: the condition goes in parentheses and the body "
            "in braces, if (x > 1) { ... }",
            "expected primary-expression before ':' token", "if x > 1:"),
      entry(R"(expected '\(' before '\w+'|expected '\(' after 'for')",
            "The condition or loop head goes in parentheses: for (int i = 0; i < 10; ++i) { ... } "
            "counts like Python's for i in range(10).",
            "expected '(' before 'i'", "for i in range(...)"),
      entry(R"('(?:[\w:]+ )?(\w+)' has incomplete type|has incomplete type '[\w:]+')",
            "The compiler has seen only a declaration of its class so far: #include the header "
            "that defines the class before this line.",
            "aggregate 'Maze maze' has incomplete type and cannot be defined",
            "a class used before it is defined"),
  };
  return table;
}

// The messages of exceptions that stop a beginner's test: the standard library's terse ones
// and the kit's own, which say what would be right already (so their words say where to look).
const std::vector<Explanation>& exceptionExplanations() {
  static const std::vector<Explanation> table = {
      entry(
          R"(vector::_M_range_check: __n \(which is (\d+)\) >= this->size\(\) \(which is (\d+)\))",
          "Your code asked a vector for its item $1 with .at(), and it holds $2 items, "
          "numbered from 0 to one less than $2: check the loop's bounds, or the row and the "
          "column your code passed.",
          "vector::_M_range_check: __n (which is 20) >= this->size() (which is 20)",
          "an index past the end of a vector"),
      entry(
          R"(basic_string::(?:at|substr|_M_check|replace|erase|insert): __(?:n|pos) \(which is (\d+)\) >=? this->size\(\) \(which is (\d+)\))",
          "Your code asked a string for its character $1, and it holds $2 characters, "
          "numbered from 0 to one less than $2.",
          "basic_string::at: __n (which is 5) >= this->size() (which is 3)",
          "an index past the end of a string"),
      entry(R"(^sto(?:i|l|ll|ul|ull|f|d|ld)$)",
            "std::stoi (or std::stod) was given text that does not start with a number: print "
            "the text before converting it to see what it holds.",
            "stoi", "text that is not a number"),
      entry(R"(std::bad_alloc)",
            "Your code asked for more memory than there is: most often a loop that never ends, "
            "adding to a vector or a string each time round.",
            "std::bad_alloc", "out of memory"),
      entry(R"(unknown colou?r '([^']*)')",
            "The turtle library does not know the colour '$1': use one of Python's colour "
            "names (docs/turtle.md lists them), or \"#rrggbb\". It stopped your code at the "
            "call that named it.",
            "unknown colour 'bleu' \xE2\x80\x94 did you mean 'blue'?", "an unknown colour name"),
      entry(R"(.)",
            "Your code threw an exception and nothing caught it, so the test stopped there, "
            "before its checks. The message above says what was wrong (the turtle's and the "
            "maze's say what would be right too): find the call in your code that it names.",
            "a message of the kit's own", "any other exception"),
  };
  return table;
}

// g++ quotes with ‘ and ’ under a UTF-8 locale, with ' under C.
std::string asciiQuotes(std::string text) {
  for (const char* quote : {"\xE2\x80\x98", "\xE2\x80\x99"}) {
    for (std::size_t at = text.find(quote); at != std::string::npos; at = text.find(quote, at)) {
      text.replace(at, 3, "'");
    }
  }
  return text;
}

// The text of `e` with the words of its first wording that matches `message`, if one does.
std::optional<std::string> explainedBy(const Explanation& e, const std::string& message) {
  for (const Wording& wording : e.wordings) {
    std::smatch match;
    if (!std::regex_search(message, match, wording.pattern)) continue;
    if (wording.fills.empty()) return match.format(e.text);
    std::string text;
    for (std::size_t at = 0; at < e.text.size(); ++at) {
      const char next = at + 1 < e.text.size() ? e.text[at + 1] : ' ';
      const auto n = static_cast<std::size_t>(next - '0');  // $1 is fills[0]
      if (e.text[at] == '$' && next >= '1' && next <= '9' && n <= wording.fills.size()) {
        text += match.format(wording.fills[n - 1]);
        ++at;
      } else {
        text += e.text[at];
      }
    }
    return text;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> explainCompileError(const std::string& message, int line) {
  const std::string ascii = asciiQuotes(message);
  for (const Explanation& e : explanations()) {
    auto text = explainedBy(e, ascii);
    if (!text) continue;
    // The line the compiler names, or where it points when the line is not known.
    const std::string place = "line {line}";
    for (std::size_t at = text->find(place); at != std::string::npos; at = text->find(place)) {
      text->replace(at, place.size(),
                    line > 0 ? "line " + std::to_string(line) : "the line the compiler points at");
    }
    return text;
  }
  return std::nullopt;
}

bool explanationNamesNotes(const std::string& explanation) {
  return explanation.find("the note") != std::string::npos ||
         explanation.find("the notes") != std::string::npos;
}

namespace {
std::vector<KnownError> knownOf(const std::vector<Explanation>& table) {
  std::vector<KnownError> all;
  for (const Explanation& e : table) all.push_back(e.known);
  return all;
}
}  // namespace

std::optional<std::string> compileErrorTopic(const std::string& message) {
  const std::string ascii = asciiQuotes(message);
  for (const Explanation& e : explanations()) {
    if (explainedBy(e, ascii)) return e.known.topic;
  }
  return std::nullopt;
}

const std::vector<KnownError>& knownCompileErrors() {
  static const std::vector<KnownError> known = knownOf(explanations());
  return known;
}

std::string explainException(const std::string& message) {
  for (const Explanation& e : exceptionExplanations()) {
    if (auto text = explainedBy(e, message)) return *text;
  }
  return exceptionExplanations().back().text;  // an empty message
}

const std::vector<KnownError>& knownExceptions() {
  static const std::vector<KnownError> known = knownOf(exceptionExplanations());
  return known;
}

}  // namespace mazekit::run
