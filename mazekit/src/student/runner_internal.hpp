#pragma once
// What building and running a student's step shares between runner.cpp (a code step) and
// runner_own_tests.cpp (a test-writing step): where step programs are built, the precompiled
// header, the compiler run and its first error, a program run with the harness's report.

#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

#include "grade/build.hpp"
#include "kit/kit.hpp"
#include "kit/lessons.hpp"
#include "kit/manifest.hpp"
#include "run/process.hpp"
#include "student/runner.hpp"

namespace mazekit::student {

// The compiler, as `mazekit grade` runs it (grade::compileCommand): its output holds the first
// error. Throws std::runtime_error when it cannot be started at all.
run::Result runCompiler(std::vector<std::string> argv, const volatile std::sig_atomic_t* stop);

// A step program (or the student's own tests) run with the harness's report (`-r mazekit`)
// through the report channel, within `seconds`. The picture comes back in the report; the
// program itself writes none.
run::Result runWithReport(std::vector<std::string> argv, double seconds,
                          const volatile std::sig_atomic_t* stop,
                          const std::string& chaffChoice = "");

// Where a student's step programs are built: <build>/mazekit/student/<lesson>/, with the
// precompiled harness header (Catch2 and the lesson's picture helper) in pch/, made once for
// the build tree. As `mazekit grade` builds them (grade/build.hpp), without CMake: with
// -O0 -g0 and that header, a step compiles and links in half the time of the build tree's
// exercise target (debug information, the build tool's own start).
grade::BuildPlaces studentPlaces(const Kit& kit, const Lesson& lesson);

// The precompiled header is made again when it is missing, or older than the manifest or a
// header it holds (the student include folder's: lesson_picture.hpp and the turtle library's,
// which the build tree copies with their own times). g++ does not check the headers a
// precompiled header was made from: a stale one would define lesson::picture a second time.
void preparePrecompiledHeader(const Kit& kit, const Manifest& manifest,
                              const grade::BuildPlaces& places);

// The verdict on a program that did not build: its first error, and what that error means.
StepResult notCompiled(const run::Result& built, const std::vector<std::filesystem::path>& roots);

}  // namespace mazekit::student
