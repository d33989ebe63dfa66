#pragma once
// Building one student's step programs: the compiler runs in the student's sandbox, seeing
// the student's code, the lesson's tests, the turtle library's headers and the kit's
// libraries read-only, and writing only the student's own bin folder. Then each program gets
// the student's key written into its harness (see mazekit/harness/report_signature.hpp).

#include <csignal>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "kit/manifest.hpp"
#include "run/process.hpp"
#include "run/report.hpp"
#include "run/sandbox.hpp"

namespace mazekit::grade {

/// Where the pieces of a build are, on the host and as the compiler sees them.
struct BuildPlaces {
  bool sandboxed = true;
  std::filesystem::path pch;  ///< host folder with harness_pch.hpp and its .gch
  std::filesystem::path lessonTests;
  std::filesystem::path code;     ///< the student's code (read-only to the compiler)
  std::filesystem::path sources;  ///< generated sources (read-only to the compiler)
  std::filesystem::path bin;      ///< the only place the compiler writes
  unsigned runAsUid = 0;          ///< not sandboxed: the user the compiler runs as (0: mazekit's)
  unsigned runAsGid = 0;
  /// Compiler flags that change the program's bytes and sizes but not what it does (see
  /// diversityFlags); none for the kit's steps.
  std::vector<std::string> diversity;
  /// The most a compile may write to one file; 0: CompileLimits' own.
  std::size_t fileBytes = 0;

  /// The sandbox that shows these places, and a private /tmp.
  run::Sandbox sandbox(const Manifest& manifest) const;
  /// How `host` (one of the places above, or a file in one) is seen by the compiler.
  std::string seen(const std::filesystem::path& host) const;
};

struct CompileLimits {
  double seconds = 60;
  std::size_t memoryBytes = std::size_t(2048) << 20;
};

struct Compiled {
  bool ok = false;
  std::string error;  ///< "maze.hpp:12:3: 'dig' was not declared in this scope", one line
  double seconds = 0;
  bool interrupted = false;
  bool limitHit = false;  ///< stopped at a limit (time, memory, output), not a compile error
};

/// The compiler's command line for one program from `source` (a generated file under
/// places.sources) into places.bin/`program`.
std::vector<std::string> compileCommand(const Manifest& manifest, const BuildPlaces& places,
                                        const std::filesystem::path& source,
                                        const std::string& program);

/// Precompiles the harness header (Catch2, the turtle library) once for a run, with the flags
/// every student's program is built with. Throws std::runtime_error when it fails; returns a
/// one-line warning when the compiler would not take it (grading is then slower), else "".
std::string buildPrecompiledHeader(const Manifest& manifest, const BuildPlaces& places,
                                   const CompileLimits& limits);

/// Compiles and links one program. The first error is shown relative to the student's folder
/// or the lesson's.
Compiled compile(const Manifest& manifest, const BuildPlaces& places,
                 const std::filesystem::path& source, const std::string& program,
                 const CompileLimits& limits, const volatile std::sig_atomic_t* stop);

/// Compiles one source into the object file places.bin/`object`, without linking.
Compiled compileObject(const Manifest& manifest, const BuildPlaces& places,
                       const std::filesystem::path& source, const std::string& object,
                       const CompileLimits& limits, const volatile std::sig_atomic_t* stop);

/// Links object files of places.bin with the harness and the kit's libraries into
/// places.bin/`program`. A link error ("undefined reference to ...") is the first error.
Compiled linkProgram(const Manifest& manifest, const BuildPlaces& places,
                     const std::vector<std::string>& objects, const std::string& program,
                     const CompileLimits& limits, const volatile std::sig_atomic_t* stop);

/// A new random key (from the kernel's generator).
run::Key newKey();

/// Flags for one build of a student's tests, drawn from `random`: a random number of no-ops
/// before every function, a random alignment of functions, stack canaries in every function
/// or in none. Two builds of the same code then differ in their bytes and sizes, so a test
/// that hashes or measures the machine code it tests learns nothing that holds for the next
/// build. g++ and clang take them, and so does the precompiled header.
std::vector<std::string> diversityFlags(const run::Key& random);

/// Copies the program `from` to `to` (mode 0555) with `key` in its harness's key slot and the
/// slot's marker overwritten. `from` is opened without following links and must be a regular
/// file under 1 GB; the marker must occur exactly once. Throws std::runtime_error saying what
/// was wrong (a program whose code holds the marker itself counts as tampered by the caller).
void writeKeyedProgram(const std::filesystem::path& from, const std::filesystem::path& to,
                       const run::Key& key);

/// Thrown by writeKeyedProgram when the marker is not there exactly once.
class MarkerError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace mazekit::grade
