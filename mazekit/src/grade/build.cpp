// Building a student's step programs in the sandbox, and keying them (see build.hpp).
#include "grade/build.hpp"

#include "common/platform.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>

#include "../../harness/report_signature.hpp"
#include "run/compiler_output.hpp"
#include "run/process.hpp"

namespace fs = std::filesystem;

namespace mazekit::grade {
namespace {

constexpr const char* pchHeader = "harness_pch.hpp";

// Where a kit library is seen: under /usr as it is, elsewhere in /kit/lib.
std::string libraryPath(const BuildPlaces& places, const fs::path& library) {
  if (!places.sandboxed || library.string().rfind("/usr/", 0) == 0) return library.string();
  return "/kit/lib/" + library.filename().string();
}

std::string describeLimitHit(const run::Result& r, const CompileLimits& limits) {
  if (r.timedOut) {
    return "the compiler was stopped after " + std::to_string(static_cast<int>(limits.seconds)) +
           " s, the time limit for a compile";
  }
  if (r.outOfMemory) {
    return "the compiler used more than " + std::to_string(limits.memoryBytes >> 20) +
           " MB, the memory limit for a compile";
  }
  if (r.signal != 0) return "the compiler was stopped: " + run::describeSignal(r.signal);
  return "";
}

run::Limits compileLimits(const CompileLimits& limits) {
  run::Limits l;
  l.wallSeconds = limits.seconds;
  l.cpuSeconds = limits.seconds;
  l.memoryBytes = limits.memoryBytes;
  l.processes = 32;
  l.fileBytes = std::size_t(512) << 20;
  l.outputBytes = 256u << 10;
  return l;
}

run::Result runCompiler(const Manifest& manifest, const BuildPlaces& places,
                        const std::vector<std::string>& argv, const CompileLimits& limits,
                        const volatile std::sig_atomic_t* stop) {
  run::Limits l = compileLimits(limits);
  if (places.fileBytes != 0) l.fileBytes = std::min(l.fileBytes, places.fileBytes);
  if (places.sandboxed) {
    run::Sandbox sandbox = places.sandbox(manifest);
    sandbox.environment.push_back("LC_ALL=C");
    return run::runSandboxed(sandbox, argv, false, l, stop);
  }
  run::Command command{
      argv, places.bin, {"PATH=/usr/bin:/bin", "LC_ALL=C", "TMPDIR=" + places.bin.string()}, false};
  command.runAsUid = places.runAsUid;
  command.runAsGid = places.runAsGid;
  return run::runProcess(command, l, stop);
}

}  // namespace

run::Sandbox BuildPlaces::sandbox(const Manifest& manifest) const {
  using Kind = run::Mount::Kind;
  run::Sandbox s;
  // The precompiled header is built where the compiles use it, /grade/pch: clang's records
  // its header's path and refuses it when that header is not there.
  const bool buildingPch = bin == pch;
  s.mounts = {{Kind::readOnly, manifest.studentInclude.string(), "/kit/include"},
              {Kind::readOnly, manifest.harness.string(), libraryPath(*this, manifest.harness)},
              {buildingPch ? Kind::writable : Kind::readOnly, pch.string(), "/grade/pch"},
              {Kind::readOnly, lessonTests.string(), "/lesson/tests"},
              {Kind::readOnly, code.string(), "/student"},
              {Kind::readOnly, sources.string(), "/grade/src"}};
  if (!buildingPch) s.mounts.push_back({Kind::writable, bin.string(), "/grade/out"});
  s.mounts.push_back({Kind::tmpfs, "", "/tmp", std::size_t(256) << 20});
  for (const fs::path& library : manifest.libraries) {
    if (libraryPath(*this, library) != library.string()) {
      s.mounts.push_back({Kind::readOnly, library.string(), libraryPath(*this, library)});
    }
  }
  // Catch2's headers outside /usr (which the sandbox shows already), where they are.
  for (const fs::path& dir : manifest.systemInclude) {
    const fs::path underUsr = dir.lexically_relative("/usr");
    if (underUsr.empty() || *underUsr.begin() == "..")
      s.mounts.push_back({Kind::readOnly, dir.string(), dir.string()});
  }
  s.cwd = buildingPch ? "/grade/pch" : "/grade/out";
  return s;
}

std::string BuildPlaces::seen(const fs::path& host) const {
  if (!sandboxed) return host.string();
  // The precompiled header's first: its build has one folder as all of them, at /grade/pch.
  for (const auto& [place, target] : {std::pair{pch, "/grade/pch"},
                                      {bin, "/grade/out"},
                                      {lessonTests, "/lesson/tests"},
                                      {code, "/student"},
                                      {sources, "/grade/src"}}) {
    const fs::path rel = host.lexically_relative(place);
    if (!rel.empty() && *rel.begin() != "..")
      return rel == "." ? target : (fs::path(target) / rel).string();
  }
  return host.string();
}

namespace {

// Catch2's headers where the compiler does not look by itself: -isystem, as CMake gives them.
void addSystemIncludes(const Manifest& manifest, std::vector<std::string>& argv) {
  for (const fs::path& dir : manifest.systemInclude)
    argv.insert(argv.end(), {"-isystem", dir.string()});
}

// The compiler and its flags for a student's source, up to the source itself.
// No -D: a macro defined on the command line that the precompiled header mentions (as
// lesson_picture.hpp mentions KIT_STEP_ID) makes g++ ignore the header and parse it again, four
// times the compile. The step programs hand their picture to the report, so they need no names.
std::vector<std::string> compilerFlags(const Manifest& manifest, const BuildPlaces& places) {
  std::vector<std::string> argv{manifest.compiler, manifest.standard};
  argv.insert(argv.end(), manifest.cxxFlags.begin(), manifest.cxxFlags.end());
  argv.insert(argv.end(), places.diversity.begin(), places.diversity.end());
  // Built for speed of building, not of running: the lesson steps run in milliseconds; the
  // first error is all the report shows, so the compiler stops there. Line tables only (-g1):
  // where an exception was thrown, a crash or a loop that was stopped, in the student's file.
  argv.insert(argv.end(),
              {"-O0", "-g1", "-pipe", "-fdiagnostics-color=never", "-Wfatal-errors", "-include",
               places.seen(places.pch / pchHeader), "-I", places.seen(places.code), "-I",
               places.sandboxed ? "/kit/include" : manifest.studentInclude.string()});
  addSystemIncludes(manifest, argv);
  return argv;
}

// What a step program links after its own code: the harness, the kit's libraries, no local
// symbols (the key slot, static in the harness, has no name to look up in the program's own
// file). The line tables stay: mazekit reads them to name the student's line (run/trace.hpp).
void addLinkTail(const Manifest& manifest, const BuildPlaces& places,
                 std::vector<std::string>& argv) {
  argv.push_back(libraryPath(places, manifest.harness));
  for (const fs::path& library : manifest.libraries) argv.push_back(libraryPath(places, library));
  argv.insert(argv.end(), manifest.linkerFlags.begin(), manifest.linkerFlags.end());
#if MAZEKIT_LINUX
  argv.push_back("-Wl,--discard-all");
#else
  argv.push_back("-Wl,-x");  // the same, in the spelling Apple's ld64 knows too (GNU ld's -x)
#endif
}

// Runs a compile or link that writes places.bin/`output`, and says how it went: the first
// error relative to the student's folder or the lesson's.
Compiled runBuild(const Manifest& manifest, const BuildPlaces& places,
                  const std::vector<std::string>& argv, const std::string& output,
                  const CompileLimits& limits, const volatile std::sig_atomic_t* stop) {
  Compiled compiled;
  std::error_code ec;
  fs::remove(places.bin / output, ec);
  const run::Result r = runCompiler(manifest, places, argv, limits, stop);
  compiled.seconds = r.seconds;
  compiled.interrupted = r.interrupted;
  if (r.exitedWith(0) && fs::is_regular_file(fs::symlink_status(places.bin / output))) {
    compiled.ok = true;
    return compiled;
  }
  if (!r.started) {
    compiled.error = "could not run the compiler: " + r.error;
  } else if (const std::string hit = describeLimitHit(r, limits); !hit.empty()) {
    compiled.error = hit;
    compiled.limitHit = true;
  } else {
    const std::vector<fs::path> roots{
        places.seen(places.code), places.seen(places.lessonTests).empty()
                                      ? fs::path()
                                      : fs::path(places.seen(places.lessonTests)).parent_path()};
    const auto first = run::firstBuildError(r.output, roots);
    compiled.error = first ? first->text(300)
                           : "the compiler failed (exit status " + std::to_string(r.exitCode) + ")";
  }
  return compiled;
}

}  // namespace

std::vector<std::string> compileCommand(const Manifest& manifest, const BuildPlaces& places,
                                        const fs::path& source, const std::string& program) {
  std::vector<std::string> argv = compilerFlags(manifest, places);
  argv.insert(argv.end(), {places.seen(source), "-o", places.seen(places.bin / program)});
  addLinkTail(manifest, places, argv);
  return argv;
}

std::string buildPrecompiledHeader(const Manifest& manifest, const BuildPlaces& places,
                                   const CompileLimits& limits) {
  fs::create_directories(places.pch);
  std::ofstream(places.pch / pchHeader)
      << "// The headers every step program starts with, precompiled once per run.\n"
         "#include <catch2/catch.hpp>\n#include <lesson_picture.hpp>\n";
  BuildPlaces header = places;
  header.sources = places.pch;
  header.bin = places.pch;
  std::vector<std::string> argv{manifest.compiler, manifest.standard};
  argv.insert(argv.end(), manifest.cxxFlags.begin(), manifest.cxxFlags.end());
  argv.insert(argv.end(),
              {"-O0", "-g1", "-pipe", "-fdiagnostics-color=never", "-x", "c++-header", "-I",
               places.sandboxed ? "/kit/include" : manifest.studentInclude.string(),
               header.seen(places.pch / pchHeader), "-o",
               header.seen(places.pch / (std::string(pchHeader) + ".gch"))});
  addSystemIncludes(manifest, argv);
  CompileLimits generous = limits;
  generous.seconds = std::max(limits.seconds, 300.0);
  const run::Result r = runCompiler(manifest, header, argv, generous, nullptr);
  if (!r.exitedWith(0) || !fs::is_regular_file(places.pch / (std::string(pchHeader) + ".gch"))) {
    throw std::runtime_error(
        "cannot precompile the harness's header for the students' programs: " +
        (r.error.empty() ? describeLimitHit(r, generous) + "\n" + r.output : r.error));
  }
  // A header g++ does not take is parsed again in every compile, silently: ask it.
  std::ofstream(places.pch / "probe.cpp") << "// Does the compiler take the precompiled header?\n";
  std::vector<std::string> probe = compilerFlags(manifest, header);
  probe.insert(probe.end(),
               {"-Winvalid-pch", "-fsyntax-only", header.seen(places.pch / "probe.cpp")});
  const run::Result taken = runCompiler(manifest, header, probe, generous, nullptr);
  if (taken.exitedWith(0) && taken.output.find("not used") == std::string::npos) return "";
  return "the precompiled header is not used, so every compile parses Catch2 again (slower, "
         "grades unchanged): " +
         (taken.output.empty() ? taken.error : taken.output.substr(0, taken.output.find('\n')));
}

Compiled compile(const Manifest& manifest, const BuildPlaces& places, const fs::path& source,
                 const std::string& program, const CompileLimits& limits,
                 const volatile std::sig_atomic_t* stop) {
  return runBuild(manifest, places, compileCommand(manifest, places, source, program), program,
                  limits, stop);
}

Compiled compileObject(const Manifest& manifest, const BuildPlaces& places, const fs::path& source,
                       const std::string& object, const CompileLimits& limits,
                       const volatile std::sig_atomic_t* stop) {
  std::vector<std::string> argv = compilerFlags(manifest, places);
  argv.insert(argv.end(), {"-c", places.seen(source), "-o", places.seen(places.bin / object)});
  return runBuild(manifest, places, argv, object, limits, stop);
}

Compiled linkProgram(const Manifest& manifest, const BuildPlaces& places,
                     const std::vector<std::string>& objects, const std::string& program,
                     const CompileLimits& limits, const volatile std::sig_atomic_t* stop) {
  std::vector<std::string> argv{manifest.compiler};
  for (const std::string& object : objects) argv.push_back(places.seen(places.bin / object));
  argv.insert(argv.end(), {"-o", places.seen(places.bin / program)});
  addLinkTail(manifest, places, argv);
  return runBuild(manifest, places, argv, program, limits, stop);
}

std::vector<std::string> diversityFlags(const run::Key& random) {
  const unsigned entry = random[0] % 32;  // no-ops at every function's entry
  const unsigned before = entry == 0 ? 0 : random[1] % (entry + 1);  // of them, before it
  const unsigned align = 1u << (random[2] % 7);                      // 1 to 64 bytes
  return {"-fpatchable-function-entry=" + std::to_string(entry) + "," + std::to_string(before),
          "-falign-functions=" + std::to_string(align),
          random[3] % 2 == 0 ? "-fstack-protector-all" : "-fno-stack-protector"};
}

run::Key newKey() {
  run::Key key{};
  std::size_t got = 0;
  while (got < key.size()) {
#if MAZEKIT_LINUX
    const ssize_t n = ::getrandom(key.data() + got, key.size() - got, 0);
#else
    // getentropy (POSIX 2024, macOS): at most 256 bytes a call, all of them or none.
    const std::size_t want = std::min<std::size_t>(key.size() - got, 256);
    const ssize_t n =
        ::getentropy(key.data() + got, want) == 0 ? static_cast<ssize_t>(want) : ssize_t{-1};
#endif
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      throw std::runtime_error(std::string("cannot read random bytes: ") + std::strerror(errno));
    got += static_cast<std::size_t>(n);
  }
  return key;
}

void writeKeyedProgram(const fs::path& from, const fs::path& to, const run::Key& key) {
  const int raw = ::open(from.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (raw < 0)
    throw std::runtime_error("cannot open the program " + from.string() + ": " +
                             std::strerror(errno));
  run::Fd fd(raw);
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > (off_t{1} << 30)) {
    throw std::runtime_error("the program " + from.string() + " is not a regular file under 1 GB");
  }
  std::string bytes(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::read(fd.get(), bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error("cannot read the program " + from.string());
    done += static_cast<std::size_t>(n);
  }
  const std::string_view marker(harness::keySlotMarker, sizeof harness::keySlotMarker - 1);
  const std::size_t at = bytes.find(marker);
  if (at == std::string::npos || bytes.find(marker, at + 1) != std::string::npos ||
      at + marker.size() + key.size() > bytes.size()) {
    throw MarkerError(at == std::string::npos
                          ? "the program has no harness key slot"
                          : "the program holds the harness's key marker more than once");
  }
  std::copy(key.begin(), key.end(),
            bytes.begin() + static_cast<std::ptrdiff_t>(at + marker.size()));
  const run::Key noise = newKey();
  std::copy(noise.begin(), noise.end(), bytes.begin() + static_cast<std::ptrdiff_t>(at));
  const fs::path temporary = to.string() + ".partial";
  {
    // No child may be forked while the program is open for writing: it would keep the file
    // open, and starting the program would fail with "Text file busy".
    const auto noForks = run::holdForks();
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + temporary.string());
  }
  fs::permissions(temporary, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                 fs::perms::group_exec | fs::perms::others_read |
                                 fs::perms::others_exec);
  fs::rename(temporary, to);
}

}  // namespace mazekit::grade
