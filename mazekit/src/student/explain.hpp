#pragma once
// The compiler's first error in a beginner's words: the errors a student coming from Python
// meets in their first weeks, each with what it means and what to do. mazekit status, watch
// and check show it under g++'s line; the Gradescope autograder under the step's error.

#include <optional>
#include <string>
#include <vector>

namespace mazekit::student {

/// What g++'s message `message` (the text after "error: ", with ASCII or typographic quotes)
/// means and what to do, in one or two sentences; nothing for a message the kit does not know.
///
///     explainCompileError("'print' was not declared in this scope; did you mean 'printf'?")
///     // "C++ has no print(): write std::cout << x << '\n'; (#include <iostream>) ..."
std::optional<std::string> explainCompileError(const std::string& message);

/// One known error: a sample message and what it is. Every sample is explained (the tests
/// check each one), so the list is also the documentation of what the kit explains.
struct KnownError {
  std::string sample;  ///< g++ 12's words, as a student sees them
  std::string topic;   ///< "a Turtle passed by value", for the docs
};
const std::vector<KnownError>& knownCompileErrors();

/// What an exception that stopped a step's test means, from its message: what the library or
/// the kit that threw it asks for, or what a standard library's message means; always a
/// sentence, since every exception that stops a test needs the same first advice.
///
///     explainException("vector::_M_range_check: __n (which is 20) >= this->size() (which is 20)")
///     // "Your code asked a vector for its item 20 with .at(), and it holds 20 ..."
std::string explainException(const std::string& message);

/// The exceptions explainException knows by their messages, each with a sample.
const std::vector<KnownError>& knownExceptions();

}  // namespace mazekit::student
