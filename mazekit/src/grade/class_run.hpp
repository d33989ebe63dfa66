#pragma once
// One grading run of a lesson, shared by the grader's files: what grading each student reads
// (ClassRun), and what each file offers the others: the run set up (grade_setup.cpp), a
// student graded (grade_student.cpp), a student's steps built and run (grade_steps.cpp).

#include <csignal>
#include <cstddef>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

#include "grade/build.hpp"
#include "grade/grader.hpp"
#include "grade/grading.hpp"
#include "grade/submission.hpp"
#include "grade/tamper.hpp"
#include "kit/kit.hpp"
#include "kit/lessons.hpp"
#include "kit/manifest.hpp"
#include "run/process.hpp"
#include "run/report.hpp"

namespace mazekit::grade::class_run {

namespace fs = std::filesystem;

/// The file that marks a folder as mazekit grade's --out (--force clears only such a folder).
inline constexpr const char* outMarker = ".mazekit-grade";

/// What grading each student of the run reads, set up once (prepareRun); `print` keeps the
/// workers' progress lines whole.
struct ClassRun {
  const GradeOptions& options;
  const volatile std::sig_atomic_t* stop;
  Manifest manifest;  ///< as built; as the student's user sees it in user mode (userView)
  const Lesson& lesson;
  const Lesson& steps;  // the lesson as the build has it (manifest): test cases, file tags
  TamperRules rules;
  fs::path out;
  fs::path work;
  fs::path pch;
  fs::path lessonTests;
  CompileLimits compileLimits;
  run::Limits stepLimits;
  std::mutex print;
};

inline bool stopped(const ClassRun& run) { return run.stop != nullptr && *run.stop != 0; }

// What every grading run reads first: the kit, the lesson, and the build manifest's view of it.
struct KitLesson {
  Kit kit;
  std::vector<Lesson> lessons;
  const Lesson* lesson = nullptr;
  Manifest manifest;
  const Lesson* steps = nullptr;
  std::vector<std::string> testSources;
};

// Which program runs each step: one with every step (then Catch2's -# selects the step's
// file), or one of its own; or, when the step cannot run, its verdict already.
struct StepProgram {
  fs::path program;
  bool shared = false;   ///< holds other steps too
  bool decided = false;  ///< the verdict is known without running
};
using StepPrograms = std::vector<StepProgram>;

// ---- The run set up (grade_setup.cpp) ------------------------------------------------------

/// Writes `text` to `path`, replacing it; throws std::runtime_error when it cannot.
void writeFile(const fs::path& path, const std::string& text);
/// `s` as the shortest decimal: "2.5", "30".
std::string seconds(double s);

// --out must be new or empty; --force clears one that an earlier run of mazekit grade made.
void prepareOut(const GradeOptions& options, const fs::path& out);
/// The kit, options.lesson in it and the build's manifest of it; std::runtime_error when the
/// kit's build is out of date with the lesson.
void loadKitLesson(const GradeOptions& options, KitLesson& k);

// The run's limits, places and the precompiled header, once for every student.
void prepareRun(ClassRun& run, RunInfo& info);
/// The precompiled header every student's build uses, built once (a warning when it cannot be).
void buildPch(ClassRun& run);

// Without the sandbox, as the student's user: the compiler sees copies of what it needs (the
// turtle library's headers, the harness and the kit's libraries, the lesson's tests) under
// --out, never the kit itself, whose solutions and chaffs stay closed to that user. Then, as
// that user, it checks it can read them and the precompiled header: a work folder under a
// private folder (like /root) would otherwise grade every student 0.
void makeUserView(ClassRun& run);

// ---- A student graded (grade_student.cpp) ----------------------------------------------------

// Without the sandbox, with a user of the student's own: the folder the student's programs
// write in is theirs, and the student's code is readable to them.
void giveTo(const GradeOptions& options, const fs::path& folder);

// ... and taken back once the compiler is done, before any of the student's code runs:
// root's, closed to everyone else, so that no program of the student's reads an unkeyed
// program (and from it the key) or what another build left.
void takeBack(const GradeOptions& options, const fs::path& folder);

// Grades one student, and scores them: every step judged (a kit failure says so in the
// student's row), the total, and --strict's zero for a flagged student.
void gradeAndScore(ClassRun& run, const Submission& submission, StudentResult& student);

// ---- A student's steps built and run (grade_steps.cpp) ----------------------------------------

// Builds the student's step programs, in its sandbox, within its compile budget, and keys
// them. First every step in one program. If that fails and the student's files alone fail with
// the same first error, every step fails with it. Otherwise each step is compiled on its own
// (an object file), and the objects that compiled are linked into one program; should that
// link fail, each is linked alone.
void buildPrograms(ClassRun& run, const BuildPlaces& places, const run::Key& key,
                   const fs::path& keyed, StudentResult& student, StepPrograms& programs);

// Runs each step that has a program, alone in a fresh sandbox, and judges it from how it
// ended and its signed report.
void runSteps(ClassRun& run, const StepPrograms& programs, const run::Key& key,
              const fs::path& scratch, StudentResult& student);

// The student's tests of a test-writing step, judged by what the code they test does, and by
// nothing else. Every build is made alike: the version of the code (the wheat, or a chaff)
// copied to the same folder, the tests at the same path, compiled in the student's sandbox
// into a folder of its own with flags of its own (diversityFlags: no hash or size of the
// machine code carries from one build to the next), keyed, and run as the same program name
// in a fresh sandbox, from a fresh copy, leaving nothing behind. First the wheat alone: tests
// that fail on correct code catch nothing, and the chaffs are not built. Then the wheat again
// and every chaff, each built anew, run in a random order: a test that tells its first run
// from the others fails on the wheat's second run.
void gradeTestsStep(ClassRun& run, const BuildPlaces& student, const run::Key& key,
                    const fs::path& dir, const Step& step, StepResult& r);

}  // namespace mazekit::grade::class_run
