#pragma once
// Where the student's code was: the harness's side of the student's own file and line. The
// return addresses of the stack (innermost first), as offsets into the step program's file, at
// three moments: an exception thrown (every throw is noted; the reporter keeps the one that
// stopped a test case), a fatal signal that Catch2 reports (taken as the reporter hears of it),
// and SIGUSR1, which mazekit sends a step program before it kills it for taking too long (then
// one line, "mazekit-trace stopped <offsets>", goes to the report channel). mazekit turns the
// offsets into file and line with addr2line on the program (run/trace.hpp). A location is only
// ever information for the student: nothing of a grade depends on it.

#include <string>
#include <typeinfo>

namespace mazekit::harness {

/// Notes where the step program is loaded and installs the SIGUSR1 handler that writes the
/// stack to the report channel `reportFd` (-1: none).
void startTracing(int reportFd);

/// The stack where the last exception of this thread was thrown: "1a2b 1c40 ...", hex offsets
/// into the program's file, each an address within the instruction to look up; "" when none.
std::string lastThrowTrace();

/// The stack here and now, as lastThrowTrace() writes it: for a fatal signal, the frames of the
/// signal handler first, then the interrupted instruction and its callers.
std::string traceHere();

/// An exception of `type` is being thrown (every throw passes here first): unless it is
/// Catch2's own, calls mazekit_exception_thrown(), where `mazekit debug` stops (catch_main.cpp).
void thrown(const std::type_info* type);

}  // namespace mazekit::harness
