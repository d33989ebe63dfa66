// mazekit grade SUBMISSIONS --lesson N --out DIR [-j K]: every student's steps built against
// the lesson's own tests in one generated CMake project, each step program run alone within
// limits, and the grades written as a table, CSV, Gradescope JSON, JUnit XML and HTML.
#include <algorithm>
#include <atomic>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include <turtle/save_file.hpp>

#include "commands.hpp"
#include "grade/grading.hpp"
#include "grade/process.hpp"
#include "grade/submission.hpp"
#include "kit.hpp"
#include "lessons.hpp"

namespace fs = std::filesystem;
using namespace mazekit::grade;

namespace {

// The first line of an AddressSanitizer or UndefinedBehaviorSanitizer report in a program's
// output, or "" when there is none.
std::string sanitizerReport(const std::string& output) {
  for (const char* marker : {"ERROR: AddressSanitizer", ": runtime error: "}) {
    const std::size_t at = output.find(marker);
    if (at == std::string::npos) continue;
    const std::size_t begin = output.rfind('\n', at);
    const std::size_t start = begin == std::string::npos ? 0 : begin + 1;
    const std::size_t end = output.find('\n', at);
    return output.substr(start, (end == std::string::npos ? output.size() : end) - start);
  }
  return "";
}

struct GradeOptions {
  std::string submissions;
  std::string lesson;
  std::string out;
  int jobs = 0;
  double timeout = 5;  // a lesson step's tests run in milliseconds; 5 s is generous
  int memoryMb = 1024;
};

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// Quoted for a CMake file: "..." with \ and " and $ escaped.
std::string cmakeQuote(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '\\' || c == '"' || c == '$' || c == ';') out += '\\';
    out += c;
  }
  return out + "\"";
}

// A folder name for a student: letters, digits, '.', '-', '_' kept, the rest '_'.
std::string slugFor(const std::string& name, std::set<std::string>& taken) {
  std::string slug;
  for (const char c : name) {
    slug += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.') ? c : '_';
  }
  if (slug.empty() || slug.front() == '.') slug = "_" + slug;
  std::string candidate = slug;
  for (int n = 2; taken.count(candidate) != 0; ++n) candidate = slug + "-" + std::to_string(n);
  taken.insert(candidate);
  return candidate;
}

// How many test cases a step's test file declares.
int countTestCases(const fs::path& test) {
  std::istringstream in(readFile(test));
  static const std::regex declaration(R"(^\s*(TEST_CASE|TEST_CASE_METHOD|SCENARIO)\s*\()");
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    if (std::regex_search(line, declaration)) ++n;
  }
  return n;
}

std::string cacheValue(const std::string& cache, const std::string& name) {
  std::istringstream in(cache);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(name + ":", 0) == 0) {
      const auto eq = line.find('=');
      if (eq != std::string::npos) return line.substr(eq + 1);
    }
  }
  return "";
}

std::string stepTarget(const std::string& prefix, int k) {
  return prefix + (k < 10 ? "_step0" : "_step") + std::to_string(k);
}

// The first error of each target that failed to build, from ninja's or make's output.
std::map<std::string, std::string> firstErrors(const std::string& log,
                                               const std::map<std::string, std::string>& codeDirs) {
  std::map<std::string, std::string> errors;
  static const std::regex target(R"(CMakeFiles/(s[0-9]+_step[0-9]+)\.dir/|bin/(s[0-9]+_step[0-9]+)\b)");
  std::istringstream in(log);
  std::string current;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("FAILED: ", 0) == 0) {
      std::smatch m;
      current = std::regex_search(line, m, target) ? (m[1].matched ? m[1].str() : m[2].str()) : "";
      if (!current.empty() && errors.count(current) == 0) errors[current] = "";
      continue;
    }
    if (line.rfind("ninja: ", 0) == 0 || (!line.empty() && line.front() == '[' && line.find('/') != std::string::npos && line.find(']') != std::string::npos)) {
      current.clear();
      continue;
    }
    if (current.empty() || !errors[current].empty()) continue;
    if (line.find("error:") != std::string::npos || line.find("error ") == 0 || line.find("undefined reference") != std::string::npos) {
      std::string text = line;
      const std::string prefix = current.substr(0, current.find('_'));
      if (const auto dir = codeDirs.find(prefix); dir != codeDirs.end()) {
        for (auto at = text.find(dir->second); at != std::string::npos; at = text.find(dir->second)) {
          text.erase(at, dir->second.size());
        }
      }
      if (text.size() > 300) text = text.substr(0, 297) + "...";
      errors[current] = text;
    }
  }
  return errors;
}

std::string shorten(std::string text, std::size_t max) {
  if (text.size() > max) text = text.substr(0, max) + "\n[... output cut at " + std::to_string(max) + " bytes]";
  return text;
}

void grade(const GradeOptions& options) {
  const mazekit::Kit kit = mazekit::locateKit();
  const auto lessons = mazekit::loadLessons(kit);
  const mazekit::Lesson& lesson = mazekit::findLesson(lessons, options.lesson);
  if (!fs::is_directory(options.submissions)) {
    throw mazekit::UsageError("SUBMISSIONS '" + options.submissions + "' is not a folder; give the folder that holds one subfolder, .zip or .tar.gz per student");
  }
  if (options.jobs < 1 || options.jobs > 256) {
    throw mazekit::UsageError("-j must be from 1 to 256; got " + std::to_string(options.jobs));
  }
  if (!(options.timeout > 0 && options.timeout <= 3600)) {
    throw mazekit::UsageError("--timeout must be from 0 to 3600 seconds; got " + std::to_string(options.timeout));
  }
  if (options.memoryMb < 64) {
    throw mazekit::UsageError("--memory must be at least 64 (MB); got " + std::to_string(options.memoryMb));
  }
  const fs::path submissions = fs::weakly_canonical(fs::absolute(options.submissions));
  const fs::path out = fs::weakly_canonical(fs::absolute(options.out));
  {
    const auto rel = out.lexically_relative(submissions);
    if (!rel.empty() && *rel.begin() != "..") {
      throw mazekit::UsageError("--out '" + options.out + "' is inside SUBMISSIONS; choose a folder outside it");
    }
  }
  try {
    fs::create_directories(out);
    turtle::saveFileAtomically(out / ".mazekit-grade", "mazekit grade writes here\n");
  } catch (const std::exception& error) {
    throw mazekit::UsageError("cannot write to --out '" + options.out + "' (" + error.what() + "); choose a folder you can write to");
  }
  const fs::path config = kit.build / "mazekit-build-tree" / "mazekitConfig.cmake";
  const std::string cache = readFile(kit.build / "CMakeCache.txt");
  if (!fs::exists(config) || cache.empty()) {
    throw std::runtime_error("the kit's build tree '" + kit.build.string() + "' has no " +
                             config.filename().string() + " in mazekit-build-tree/: configure it again with this kit (cmake --preset dev), or set MAZEKIT_BUILD");
  }

  std::vector<std::string> skipped;
  const auto found = findSubmissions(submissions, skipped);
  for (const auto& s : skipped) std::cerr << "mazekit grade: skipped " << s << "\n";
  if (found.empty()) {
    throw mazekit::UsageError("no submissions in '" + options.submissions + "': it must hold one subfolder, .zip or .tar.gz per student");
  }

  // 1. Each student's code: only the lesson's declared files, in work/<slug>/code.
  const fs::path work = out / "work";
  std::set<std::string> taken{"work", "build", "grades.csv", "report.html"};
  std::vector<StudentResult> students;
  std::map<std::string, std::string> codeDirs;  // target prefix -> code folder + "/"
  std::vector<std::string> prefixes;
  ArchiveLimits archiveLimits;
  for (std::size_t i = 0; i < found.size(); ++i) {
    StudentResult student;
    student.name = found[i].name;
    student.slug = slugFor(found[i].name, taken);
    student.steps.resize(lesson.steps.size());
    const fs::path dir = work / student.slug;
    fs::remove_all(dir);
    fs::create_directories(dir);
    char prefix[32];
    std::snprintf(prefix, sizeof prefix, "s%03zu", i + 1);
    prefixes.emplace_back(prefix);
    try {
      const auto prepared = prepareCode(found[i], lesson, dir, dir / "code", archiveLimits);
      student.notes = prepared.notes;
      codeDirs[prefix] = (dir / "code").string() + "/";
    } catch (const SubmissionError& error) {
      student.error = error.what();
      std::cerr << "mazekit grade: " << student.name << ": " << student.error << "; every step scores 0\n";
    } catch (const fs::filesystem_error& error) {
      student.error = std::string("cannot read the submission: ") + error.what();
      std::cerr << "mazekit grade: " << student.name << ": " << student.error << "; every step scores 0\n";
    }
    for (const auto& note : student.notes) std::cerr << "mazekit grade: " << student.name << ": " << note << "\n";
    students.push_back(std::move(student));
  }

  // 2. One CMake project: every student's steps against the lesson's pristine tests, sharing
  //    one compiled Catch2 main and one precompiled catch.hpp.
  const fs::path project = work / "project";
  fs::create_directories(project);
  std::ostringstream cm;
  cm << "# Generated by mazekit grade: every student's steps of lesson " << lesson.id << ".\n"
     << "cmake_minimum_required(VERSION 3.25)\n"
     << "project(mazekit_grading LANGUAGES CXX)\n"
     << "set(CMAKE_RUNTIME_OUTPUT_DIRECTORY \"${CMAKE_BINARY_DIR}/bin\")\n"
     << "list(APPEND CMAKE_MODULE_PATH " << cmakeQuote((kit.source / "cmake").string()) << ")\n"
     << "find_package(mazekit CONFIG REQUIRED PATHS " << cmakeQuote(config.parent_path().string()) << " NO_DEFAULT_PATH)\n"
     << "include(kit_lessons)\n"
     << "# A compiler that never stops (a template bomb) is stopped.\n"
     << "set(CMAKE_CXX_COMPILER_LAUNCHER /usr/bin/timeout --kill-after=5 300)\n";
  // The launcher must be set before targets are made; CMake reads it per target.
  // One step's test cases of a combined program: Catch2's -# tags each test case with the
  // name of its file, [#step04_blue_background].
  std::vector<std::string> stepSpecs;
  bool combinedNames = true;
  for (const auto& step : lesson.steps) {
    const std::string stem = step.test.stem().string();
    for (const char c : stem) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') combinedNames = false;
    }
    stepSpecs.push_back("[#" + stem + "]");
  }
  std::string body;
  for (std::size_t i = 0; i < students.size(); ++i) {
    if (!students[i].error.empty()) continue;
    // First all of a student's steps in one program, quick to build when they all compile;
    // for a student whose code does not, one program per step, so each step fails alone.
    const std::string lessonArg = "kit_build_lesson_steps(LESSON " + cmakeQuote(lesson.folder.string()) +
                                  " CODE " + cmakeQuote((work / students[i].slug / "code").string());
    body += "# " + students[i].slug + "\n";
    if (combinedNames) body += lessonArg + " COMBINED " + prefixes[i] + "_all)\n";
    body += lessonArg + " PREFIX " + prefixes[i] + (combinedNames ? " EXCLUDE_FROM_ALL" : "") + ")\n";
  }
  std::string text = cm.str() + body;
  if (readFile(project / "CMakeLists.txt") != text) turtle::saveFileAtomically(project / "CMakeLists.txt", text);

  const fs::path build = out / "build";
  const std::string generator = cacheValue(cache, "CMAKE_GENERATOR");
  const bool ninja = generator == "Ninja";
  Limits toolLimits;
  toolLimits.wallSeconds = 3600;
  toolLimits.cpuSeconds = 36000;
  toolLimits.outputBytes = 8u << 20;
  toolLimits.fileBytes = std::size_t(4) << 30;
  std::vector<std::string> configure{kit.cmake, "-S", project.string(), "-B", build.string(),
    "-G", generator,
    "-DCMAKE_CXX_COMPILER=" + cacheValue(cache, "CMAKE_CXX_COMPILER"),
    // Students' code is compiled for speed of building, not of running: no optimiser, no
    // debug information (the kit's sanitizer flags, if any, are kept).
    "-DCMAKE_BUILD_TYPE=",
    "-DCMAKE_CXX_FLAGS=" + cacheValue(cache, "CMAKE_CXX_FLAGS") + " -O0 -g0",
    "-DCMAKE_EXE_LINKER_FLAGS=" + cacheValue(cache, "CMAKE_EXE_LINKER_FLAGS")};
  if (const auto program = cacheValue(cache, "CMAKE_MAKE_PROGRAM"); !program.empty()) {
    configure.push_back("-DCMAKE_MAKE_PROGRAM=" + program);
  }
  std::cout << "mazekit grade: lesson " << lesson.id << ", " << students.size()
            << " submissions; building with -j " << options.jobs << " (log: " << (build / "build.log").string() << ")\n"
            << std::flush;
  fs::create_directories(build);
  const auto configured = runProcess(configure, project, {}, toolLimits);
  turtle::saveFileAtomically(out / "build" / "configure.log", configured.output);
  if (!configured.exitedWith(0)) {
    throw std::runtime_error("configuring the grading build failed; see " + (build / "configure.log").string());
  }
  fs::remove_all(build / "bin");  // no program from an earlier run is mistaken for this one's
  std::vector<std::string> buildCommand{kit.cmake, "--build", build.string(), "--", ninja ? "-k" : "-k"};
  if (ninja) buildCommand.push_back("0");
  buildCommand.push_back("-j" + std::to_string(options.jobs));
  const auto built = runProcess(buildCommand, project, {}, toolLimits);
  turtle::saveFileAtomically(build / "build.log", built.output);
  if (built.output.find("kit_catch_main") != std::string::npos && built.output.find("FAILED: CMakeFiles/kit_catch") != std::string::npos) {
    throw std::runtime_error("the kit's Catch2 main or precompiled header did not build; see " + (build / "build.log").string());
  }
  std::string buildLog = built.output;
  // Students whose combined program did not build: one program per step.
  std::vector<bool> combined(students.size(), false);
  std::vector<std::string> stepTargets;
  for (std::size_t i = 0; i < students.size(); ++i) {
    if (!students[i].error.empty()) continue;
    combined[i] = combinedNames && fs::exists(build / "bin" / (prefixes[i] + "_all"));
    if (!combined[i] && combinedNames) {
      for (std::size_t k = 0; k < lesson.steps.size(); ++k) stepTargets.push_back(stepTarget(prefixes[i], static_cast<int>(k + 1)));
    }
  }
  if (!stepTargets.empty()) {
    std::vector<std::string> second{kit.cmake, "--build", build.string(), "--target"};
    second.insert(second.end(), stepTargets.begin(), stepTargets.end());
    second.insert(second.end(), {"--", "-k"});
    if (ninja) second.push_back("0");
    second.push_back("-j" + std::to_string(options.jobs));
    const auto built2 = runProcess(second, project, {}, toolLimits);
    buildLog += "\n# One program per step, for the students whose steps did not all compile together:\n" + built2.output;
    turtle::saveFileAtomically(build / "build.log", buildLog);
  }
  const auto errors = firstErrors(buildLog, codeDirs);

  // 3. Every step program alone, within limits, -j at a time.
  struct Job {
    std::size_t student;
    std::size_t step;
  };
  std::vector<Job> jobs;
  std::vector<int> expectedCases;
  for (const auto& step : lesson.steps) expectedCases.push_back(countTestCases(step.test));
  for (std::size_t i = 0; i < students.size(); ++i) {
    for (std::size_t k = 0; k < lesson.steps.size(); ++k) {
      auto& r = students[i].steps[k];
      if (!students[i].error.empty()) {
        r.status = "not graded";
        r.reason = students[i].error;
        continue;
      }
      const std::string target = stepTarget(prefixes[i], static_cast<int>(k + 1));
      if (!combined[i] && !fs::exists(build / "bin" / target)) {
        r.status = "does not compile";
        const auto e = errors.find(target);
        r.reason = "does not compile: " + (e != errors.end() && !e->second.empty() ? e->second : "see " + (build / "build.log").string());
        continue;
      }
      jobs.push_back({i, k});
    }
  }
  Limits stepLimits;
  stepLimits.wallSeconds = options.timeout;
  stepLimits.cpuSeconds = static_cast<long>(std::max(1.0, options.timeout));
  const bool sanitized = cacheValue(cache, "CMAKE_CXX_FLAGS").find("-fsanitize=address") != std::string::npos;
  stepLimits.addressSpaceBytes = sanitized ? 0 : std::size_t(options.memoryMb) << 20;
  stepLimits.fileBytes = 16u << 20;
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t j = next++; j < jobs.size(); j = next++) {
      auto& student = students[jobs[j].student];
      const std::size_t k = jobs[j].step;
      const auto& step = lesson.steps[k];
      auto& r = student.steps[k];
      const fs::path runDir = work / student.slug / "run" / step.id;
      fs::remove_all(runDir);
      fs::create_directories(runDir);
      const fs::path xml = runDir / "catch-results.xml";
      const bool all = combined[jobs[j].student];
      const fs::path program = build / "bin" / (all ? prefixes[jobs[j].student] + "_all" : stepTarget(prefixes[jobs[j].student], static_cast<int>(k + 1)));
      std::vector<std::string> argv{program.string()};
      if (all) argv.insert(argv.end(), {"-#", stepSpecs[k]});  // only this step's test cases
      argv.insert(argv.end(), {"-r", "xml", "-o", xml.string()});
      const auto run = runProcess(argv, runDir, {"MAZEKIT_PICTURES=" + (work / student.slug / "pictures" / step.id).string()}, stepLimits);
      r.output = shorten(run.output, 4000);
      const CatchReport report = parseCatchXml(readFile(xml));
      const int expected = expectedCases[k];
      if (!run.started || !run.error.empty()) {
        r.status = "error";
        r.reason = "could not run the step program: " + run.error;
      } else if (run.timedOut) {
        r.status = "timed out";
        r.reason = "timed out: still running after " + std::to_string(static_cast<int>(options.timeout)) + " s (a loop that never ends?)";
      } else if (run.signal != 0) {
        r.status = "crashed";
        r.reason = "crashed: " + describeSignal(run.signal) + (report.firstFailure.empty() ? "" : "; before that: " + report.firstFailure);
      } else if (const std::string sanitizer = sanitizerReport(run.output); !sanitizer.empty()) {
        // A kit built with sanitizers stops a bad memory access with a report and exit status 1
        // rather than a signal: still a crash.
        r.status = "crashed";
        r.reason = "crashed: stopped by the sanitizer: " + sanitizer;
      } else if (!report.complete) {
        r.status = "ended early";
        r.reason = "the program ended before its tests finished, with exit status " + std::to_string(run.exitCode) + " (does the code call exit() or abort?)";
      } else if (report.finished < expected) {
        r.status = "too few tests";
        r.reason = "ran " + std::to_string(report.finished) + " of the step's " + std::to_string(expected) + " test cases";
      } else if (report.passed < report.finished || run.exitCode != 0) {
        r.status = "failed";
        r.reason = "failed: " + (report.firstFailure.empty() ? "exit status " + std::to_string(run.exitCode) : report.firstFailure);
      } else {
        r.status = "passed";
        r.passed = true;
        r.score = step.points;
        r.reason = "passed " + std::to_string(report.passed) + " of " + std::to_string(expected) + " test cases";
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < options.jobs; ++t) threads.emplace_back(worker);
  for (auto& t : threads) t.join();

  // 4. Totals, pictures, reports.
  for (auto& student : students) {
    student.total = 0;
    for (const auto& r : student.steps) student.total += r.score;
    for (std::size_t k = lesson.steps.size(); k-- > 0;) {
      // Named after the step, or "combined" when it was drawn by the student's combined program.
      fs::path png = work / student.slug / "pictures" / lesson.steps[k].id / lesson.id / (lesson.steps[k].id + ".png");
      if (!fs::exists(png)) png.replace_filename("combined.png");
      if (student.steps[k].passed && fs::exists(png)) {
        student.picture = readFile(png);
        student.pictureStep = lesson.steps[k].id;
        break;
      }
    }
  }
  writeReports(lesson, students, out);
  std::cout << formatTable(lesson, students);
  std::cout << "mazekit grade: wrote " << (out / "grades.csv").string() << ", " << (out / "report.html").string()
            << " and each student's results.json and junit.xml\n";
}

void addGrade(CLI::App& app) {
  static GradeOptions options;
  options.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  auto* cmd = app.add_subcommand("grade", "Grade students' submissions of a lesson: every step built and run in isolation");
  cmd->add_option("SUBMISSIONS", options.submissions, "Folder with one subfolder, .zip or .tar.gz per student")->required();
  cmd->add_option("--lesson", options.lesson, "Lesson number or id, like 2 or 02-building-the-maze")->required();
  cmd->add_option("--out", options.out, "Folder for grades.csv, report.html and each student's results")->required();
  cmd->add_option("-j,--jobs", options.jobs, "Compilations and step programs at a time (default: the number of cores)");
  cmd->add_option("--timeout", options.timeout, "Wall-time limit per step program, in seconds (default 5)");
  cmd->add_option("--memory", options.memoryMb, "Address-space limit per step program, in MB (default 1024)");
  cmd->callback([] { grade(options); });
}

const bool added = mazekit::addCommand(40, addGrade);

}  // namespace
