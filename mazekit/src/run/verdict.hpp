#pragma once
// What became of one step, in the same words everywhere: a student's `mazekit status`, the
// instructor's terminal table, grades.csv, report.html, results.json and junit.xml.

#include <string>
#include <string_view>

namespace mazekit::run {

enum class Outcome {
  passed,          ///< every test case of the step ran and passed
  doesNotCompile,  ///< the step's test did not build against the student's code
  failed,          ///< a check failed
  crashed,         ///< a signal (or a sanitizer's report) ended the program
  timedOut,        ///< wall-time or CPU-time limit
  endedEarly,      ///< the program ended before its tests finished (exit(), abort, ...)
  wrongTests,      ///< the report does not hold exactly the step's test cases, each asserting
  tampered,        ///< the report was not written by the kit's harness
  notGraded,       ///< never run: no submission, compile budget used, ...
  graderError,     ///< the kit failed, not the student: the instructor must look
};

/// "passed", "does not compile", "failed", "crashed", "timed out", "ended early",
/// "wrong tests", "tampered", "not graded", "grader error".
std::string_view outcomeName(Outcome outcome);

/// The letter of the terminal table: '#' passed, 'C', 'F', 'X', 'T', 'E', 'N', '!', '-', '?'.
char outcomeLetter(Outcome outcome);

/// One step's result: what happened and why, in one line a student can read.
struct Verdict {
  Outcome outcome = Outcome::graderError;
  std::string reason;  ///< "failed: test line 12: REQUIRE( m.getMatrixValueAt(0, 0) == WALL ), with
                       ///< values 0 == 1"

  bool passed() const { return outcome == Outcome::passed; }
};

}  // namespace mazekit::run
