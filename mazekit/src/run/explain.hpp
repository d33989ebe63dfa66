#pragma once
// The compiler's first error in a beginner's words: the errors a student coming from Python
// meets in their first weeks, each with what it means and what to do, in g++'s words (11 to 14)
// and clang's. mazekit status, watch and check show it under the compiler's line; the
// Gradescope autograder under the step's error.

#include <optional>
#include <string>
#include <vector>

namespace mazekit::run {

/// What the compiler's message `message` (the text after "error: " or "warning: ", g++'s with
/// ASCII or typographic quotes, or clang's) means and what to do, in one or two sentences;
/// nothing for a message the kit does not know.
///
///     explainCompileError("'print' was not declared in this scope; did you mean 'printf'?")
///     // "C++ has no print(): write std::cout << x << '\n'; (#include <iostream>) ..."
/// `line` is the line the compiler's message names (0: not known): where an explanation says
/// which line to change ("add ; at the end of line 3"), it is said from it.
std::optional<std::string> explainCompileError(const std::string& message, int line = 0);

/// The explanation refers to the notes under the compiler's line ("the notes ... list the
/// ones there are"): they are shown under the error (notesOfFirstError).
bool explanationNamesNotes(const std::string& explanation);

/// One known error: a sample message and what it is. Every sample is explained (the tests
/// check each one), so the list is also the documentation of what the kit explains; what g++
/// 11, 12 and 14 and clang 14 say of each is in tests/mazekit/compiler_messages/.
struct KnownError {
  std::string sample;  ///< g++ 12's words, as a student sees them
  std::string topic;   ///< "a Turtle or Screen passed by value", for the docs
};
const std::vector<KnownError>& knownCompileErrors();

/// Which known error explains `message`: its topic, as knownCompileErrors() names it, or
/// nothing when explainCompileError has no words for it.
///
///     compileErrorTopic("no member named 'dig' in 'Maze'")
///     // "a member the class does not have"
std::optional<std::string> compileErrorTopic(const std::string& message);

/// What an exception that stopped a step's test means, from its message: what the library or
/// the kit that threw it asks for, or what a standard library's message means; always a
/// sentence, since every exception that stops a test needs the same first advice.
///
///     explainException("vector::_M_range_check: __n (which is 20) >= this->size() (which is 20)")
///     // "Your code asked a vector for its item 20 with .at(), and it holds 20 ..."
std::string explainException(const std::string& message);

/// The exceptions explainException knows by their messages, each with a sample.
const std::vector<KnownError>& knownExceptions();

}  // namespace mazekit::run
