// The compiler's first error in a beginner's words (see explain.hpp).
#include "student/explain.hpp"

#include <regex>

namespace mazekit::student {
namespace {

struct Explanation {
  std::regex pattern;  ///< on the message with ASCII quotes
  std::string text;    ///< what it means and what to do; $1... are the pattern's groups
  KnownError known;
};

Explanation entry(const char* pattern, const char* text, const char* sample, const char* topic) {
  return {std::regex(pattern), text, {sample, topic}};
}

// Python's names a student reaches for first, and what C++ calls them.
const std::vector<Explanation>& explanations() {
  static const std::vector<Explanation> table = {
      entry(R"(use of deleted function 'turtle::(Turtle|Screen)::\1\(const turtle::\1&\))",
            "A $1 cannot be copied: a parameter written turtle::$1 t asks for a copy. Take it by "
            "reference, with &: void draw(turtle::$1& t) - then the function uses your $1 "
            "itself, as Python always does.",
            "use of deleted function 'turtle::Turtle::Turtle(const turtle::Turtle&)'",
            "a Turtle or Screen passed by value"),
      entry(R"('(\w+)' is not a type)",
            "A class member is made with braces, not parentheses: write turtle::Turtle "
            "turtle{$1}; (with parentheses C++ reads a function that takes a '$1').",
            "'screen' is not a type", "a member made with parentheses"),
      entry(R"(expected unqualified-id before 'goto')",
            "goto is a word of C++ itself, so the turtle's goto is called goTo: t.goTo(x, y).",
            "expected unqualified-id before 'goto'", "t.goto(...)"),
      entry(R"(expected '[,;]' or '[,;]' before '(.*)'|expected ';' before '(.*)')",
            "A statement ends with a semicolon: add ; at the end of the line before this one.",
            "expected ',' or ';' before 'return'", "a missing semicolon"),
      entry(R"('print' was not declared)",
            "C++ has no print(): write std::cout << x << '\\n'; with #include <iostream> at the "
            "top of the file.",
            "'print' was not declared in this scope; did you mean 'printf'?", "print(...)"),
      entry(R"('(True|False)' was not declared)", "C++ writes true and false in small letters.",
            "'True' was not declared in this scope", "True and False"),
      entry(R"('None' was not declared)",
            "C++ has no None: a pointer that points nowhere is nullptr, and a function that "
            "returns nothing is declared void.",
            "'None' was not declared in this scope", "None"),
      entry(R"('self' was not declared)",
            "Inside a member function C++ needs no self: write the member's name alone (x, not "
            "self.x); this is the pointer to the object, if you need it.",
            "'self' was not declared in this scope", "self"),
      entry(R"('len' was not declared)",
            "C++ has no len(): a vector or a string tells its length itself, v.size().",
            "'len' was not declared in this scope; did you mean 'mblen'?", "len(...)"),
      entry(R"('elif' was not declared)",
            "C++ spells elif as two words: else if (condition) { ... }",
            "'elif' was not declared in this scope", "elif"),
      entry(
          R"('(cout|cin|cerr|endl|string|vector|map|set|pair|sort|swap|min|max|abs)' was not declared)",
          "$1 lives in the standard library's namespace: write std::$1 (and #include the "
          "header it comes from, like <iostream>, <string> or <vector>).",
          "'cout' was not declared in this scope; did you mean 'std::cout'?",
          "cout, string, vector without std::"),
      entry(R"('(\w+)' was not declared in this scope)",
            "C++ must see every name declared before the line that uses it: write $1 if the "
            "step asks for it, check its spelling and capitals, or #include the file that "
            "declares it. A variable is declared with its type: int count = 0;",
            "'y' was not declared in this scope", "a name used before it is declared"),
      entry(R"('(?:class|struct) (\w+)' has no member named '(\w+)')",
            "Your $1 has no $2 yet: add it to the class (as a member function or variable), or "
            "check that its name is spelled exactly as the test spells it.",
            "'struct M' has no member named 'dig'", "a member the class does not have"),
      entry(R"(too (few|many) arguments to function '(.*)')",
            "The call gives too $1 values: the function is $2, so give exactly the values "
            "it lists, in that order.",
            "too few arguments to function 'void h(int, int)'", "a call with the wrong number"),
      entry(R"(no matching function for call to '(.*)')",
            "No function takes these arguments: compare the call's values and their types "
            "with the declaration's parameters (the notes under g++'s line list the ones there "
            "are).",
            "no matching function for call to 'Maze::dig(int)'", "a call that fits no function"),
      entry(R"(expected '\}' at end of input)",
            "A { has no }: each opening brace needs its closing one. An editor that highlights "
            "the brace under the cursor finds the one missing.",
            "expected '}' at end of input", "a missing closing brace"),
      entry(R"(return-statement with a value, in function returning 'void')",
            "The function is declared void (returns nothing) but returns a value: declare its "
            "return type, like int f() or bool f().",
            "return-statement with a value, in function returning 'void' [-fpermissive]",
            "return x in a void function"),
      entry(R"(control reaches end of non-void function)",
            "The function can end without return: every path through a function that returns "
            "a value must say which one (add a return at its end).",
            "control reaches end of non-void function [-Werror=return-type]", "a missing return"),
      entry(R"(redefinition of '(.*)')",
            "$1 is defined twice: keep one definition. If a header is included twice, put "
            "#pragma once on its first line.",
            "redefinition of 'int f()'", "something defined twice"),
      entry(R"(use of old-style cast to '(.*)')",
            "C++ converts with static_cast<$1>(value) rather than ($1)value, so that the "
            "conversion is easy to see.",
            "use of old-style cast to 'int' [-Werror=old-style-cast]", "(int)x"),
      entry(
          R"(cannot convert '(?:std::string|std::__cxx11::basic_string<char>)'.* to '(?:int|double|float|bool)')",
          "C++ does not turn text into a number by itself: std::stoi(text) gives an int, "
          "std::stod(text) a double.",
          "cannot convert 'std::string' {aka 'std::__cxx11::basic_string<char>'} to 'int' in "
          "initialization",
          "a string where a number goes"),
      entry(R"(passing 'const (\w+)' as 'this' argument discards qualifiers)",
            "The $1 is const here (it may not change), and the function called may change it: "
            "if that function does not change the object, write const after its parameters, "
            "like int get() const { ... }.",
            "passing 'const A' as 'this' argument discards qualifiers [-fpermissive]",
            "a changing call on a const object"),
      entry(R"(expected primary-expression before ':' token)",
            "C++ has no : after if, for or while: the condition goes in parentheses and the body "
            "in braces, if (x > 1) { ... }",
            "expected primary-expression before ':' token", "if x > 1:"),
      entry(R"(expected '\(' before '\w+')",
            "The condition or loop head goes in parentheses: for (int i = 0; i < 10; ++i) { ... } "
            "counts like Python's for i in range(10).",
            "expected '(' before 'i'", "for i in range(...)"),
      entry(R"('(\w+)' has incomplete type)",
            "The compiler has seen only a declaration of its class so far: #include the header "
            "that defines the class before this line.",
            "'m' has incomplete type", "a class used before it is defined"),
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

}  // namespace

std::optional<std::string> explainCompileError(const std::string& message) {
  const std::string ascii = asciiQuotes(message);
  for (const Explanation& e : explanations()) {
    std::smatch match;
    if (std::regex_search(ascii, match, e.pattern)) return match.format(e.text);
  }
  return std::nullopt;
}

namespace {
std::vector<KnownError> knownOf(const std::vector<Explanation>& table) {
  std::vector<KnownError> all;
  for (const Explanation& e : table) all.push_back(e.known);
  return all;
}
}  // namespace

const std::vector<KnownError>& knownCompileErrors() {
  static const std::vector<KnownError> known = knownOf(explanations());
  return known;
}

std::string explainException(const std::string& message) {
  for (const Explanation& e : exceptionExplanations()) {
    std::smatch match;
    if (std::regex_search(message, match, e.pattern)) return match.format(e.text);
  }
  return exceptionExplanations().back().text;  // an empty message
}

const std::vector<KnownError>& knownExceptions() {
  static const std::vector<KnownError> known = knownOf(exceptionExplanations());
  return known;
}

}  // namespace mazekit::student
