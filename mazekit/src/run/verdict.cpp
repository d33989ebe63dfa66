// The names and letters of the outcomes: one switch each, so that a new outcome is a
// compiler warning (-Wswitch) until it has both.
#include "run/verdict.hpp"

namespace mazekit::run {

std::string_view outcomeName(Outcome outcome) {
  switch (outcome) {
    case Outcome::passed:
      return "passed";
    case Outcome::doesNotCompile:
      return "does not compile";
    case Outcome::failed:
      return "failed";
    case Outcome::crashed:
      return "crashed";
    case Outcome::timedOut:
      return "timed out";
    case Outcome::endedEarly:
      return "ended early";
    case Outcome::wrongTests:
      return "wrong tests";
    case Outcome::tampered:
      return "tampered";
    case Outcome::notGraded:
      return "not graded";
    case Outcome::graderError:
      return "grader error";
  }
  return "grader error";  // a value outside the enum: the kit's fault, never the student's
}

char outcomeLetter(Outcome outcome) {
  switch (outcome) {
    case Outcome::passed:
      return '#';
    case Outcome::doesNotCompile:
      return 'C';
    case Outcome::failed:
      return 'F';
    case Outcome::crashed:
      return 'X';
    case Outcome::timedOut:
      return 'T';
    case Outcome::endedEarly:
      return 'E';
    case Outcome::wrongTests:
      return 'N';
    case Outcome::tampered:
      return '!';
    case Outcome::notGraded:
      return '-';
    case Outcome::graderError:
      return '?';
  }
  return '?';
}

}  // namespace mazekit::run
