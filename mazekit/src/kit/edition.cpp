#include "kit/edition.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>

#include "common/files.hpp"
#include "kit/manifest.hpp"

namespace mazekit {
namespace fs = std::filesystem;

namespace {

const std::string packHeader = "mazekit pack 1\n";

// The key stream: splitmix64 from a fixed seed. Anyone with the kit's source can undo it; it
// only keeps the answer from being read by a glance or a search.
std::string scramble(std::string bytes) {
  std::uint64_t state = 0x6d617a656b697421ULL;
  std::uint64_t word = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (i % 8 == 0) {
      state += 0x9e3779b97f4a7c15ULL;
      word = state;
      word = (word ^ (word >> 30)) * 0xbf58476d1ce4e5b9ULL;
      word = (word ^ (word >> 27)) * 0x94d049bb133111ebULL;
      word ^= word >> 31;
    }
    bytes[i] = static_cast<char>(static_cast<unsigned char>(bytes[i]) ^
                                 static_cast<unsigned char>(word >> (8 * (i % 8))));
  }
  return bytes;
}

// What a student's copy never holds, edition or not: what a build makes, and what is the
// student's alone on this machine (the kit's .gitignore says the same).
bool madeOrPrivate(const fs::path& relative) {
  const std::string top = relative.begin()->string();
  if (top == ".git" || top == "build" || top == "out" || top == ".cache" ||
      top == "compile_commands.json")
    return true;
  if (top == "exercises") {
    const std::string name = relative.filename().string();
    if (name.rfind(".mazekit-progress.json", 0) == 0 || name.rfind(".backup-", 0) == 0) return true;
  }
  return false;
}

int filesUnder(const fs::path& folder) {
  int n = 0;
  for (const auto& entry : fs::recursive_directory_iterator(folder))
    if (entry.is_regular_file()) ++n;
  return n;
}

const char* const markerText =
    "# The student edition\n\n"
    "This copy of the kit was made with `mazekit student-edition` (or `mazekit init-repo`) for\n"
    "a class. It has the lessons, their tests, hints and pictures, and `mazekit`, but not the\n"
    "lessons' reference solutions, nor the reference tests of the steps where you write the\n"
    "tests. Each lesson from 3 on starts from your own finished lesson before it: `mazekit`\n"
    "copies it in when you get there. See docs/student-guide.md.\n\n"
    "CMake reads this file (MAZEKIT_STUDENT_EDITION): it builds mazekit and your steps, not the\n"
    "lessons' proofs or the kit's own tests, which need the solutions.\n";

}  // namespace

bool isStudentEdition(const Kit& kit) { return fs::exists(kit.source / studentEditionMarker); }

std::string notInStudentEdition(const std::string& what, const std::string& instead) {
  return "This is the student edition of the kit, which has no " + what + ": " + instead + ".";
}

void requireWholeKit(const Kit& kit, const std::string& what, const std::string& instead) {
  if (isStudentEdition(kit)) throw UsageError(notInStudentEdition(what, instead));
}

std::string packFiles(const std::vector<PackedFile>& files) {
  std::string plain = packHeader;
  for (const PackedFile& f : files)
    plain += f.path + "\n" + std::to_string(f.bytes.size()) + "\n" + f.bytes;
  return scramble(plain);
}

std::vector<PackedFile> unpackFiles(const std::string& pack, const std::string& shownName) {
  const std::string plain = scramble(pack);
  const auto bad = [&](const std::string& why) {
    return std::runtime_error("'" + shownName + "' is not a pack of the kit (" + why +
                              "): make the student edition again (mazekit student-edition)");
  };
  if (plain.compare(0, packHeader.size(), packHeader) != 0) throw bad("no pack header");
  std::vector<PackedFile> files;
  std::size_t at = packHeader.size();
  while (at < plain.size()) {
    const auto pathEnd = plain.find('\n', at);
    const auto sizeEnd = pathEnd == std::string::npos ? pathEnd : plain.find('\n', pathEnd + 1);
    if (sizeEnd == std::string::npos) throw bad("a file's name or size is cut off");
    PackedFile f;
    f.path = plain.substr(at, pathEnd - at);
    const std::string size = plain.substr(pathEnd + 1, sizeEnd - pathEnd - 1);
    if (size.empty() || size.find_first_not_of("0123456789") != std::string::npos)
      throw bad("a file's size is not a number");
    const fs::path path(f.path);
    if (f.path.empty() || path.is_absolute() ||
        std::any_of(path.begin(), path.end(), [](const fs::path& p) { return p == ".."; }))
      throw bad("a file's name '" + f.path + "' leads outside the pack");
    const std::size_t n = std::stoul(size);
    if (n > plain.size() - sizeEnd - 1) throw bad("'" + f.path + "' is cut off");
    f.bytes = plain.substr(sizeEnd + 1, n);
    at = sizeEnd + 1 + n;
    files.push_back(std::move(f));
  }
  return files;
}

fs::path packOf(const Lesson& lesson, const Step& step) {
  return lesson.folder / "packs" / (step.id + ".pack");
}

UnpackedPack::UnpackedPack(const fs::path& pack) {
  const std::vector<PackedFile> files = unpackFiles(common::readFile(pack), pack.string());
  std::string name = (fs::temp_directory_path() / "mazekit-pack-XXXXXX").string();
  if (::mkdtemp(name.data()) == nullptr)  // mkdtemp makes it 0700: this user's alone
    throw std::runtime_error("cannot make a private folder in '" +
                             fs::temp_directory_path().string() + "' to unpack a pack into");
  folder_ = name;
  try {
    for (const PackedFile& f : files) {
      fs::create_directories((folder_ / f.path).parent_path());
      std::ofstream out(folder_ / f.path, std::ios::binary);
      out << f.bytes;
      if (!out) throw std::runtime_error("cannot write '" + (folder_ / f.path).string() + "'");
    }
  } catch (...) {
    std::error_code ec;
    fs::remove_all(folder_, ec);
    throw;
  }
}

UnpackedPack::~UnpackedPack() {
  std::error_code ec;
  fs::remove_all(folder_, ec);
}

std::string openingLines(const std::string& text) {
  std::size_t at = 0;
  while (at < text.size()) {
    const auto end = text.find('\n', at);
    if (end == std::string::npos) break;
    const std::string line = text.substr(at, end - at);
    if (line != "#pragma once" && line.rfind("//", 0) != 0) break;
    at = end + 1;
  }
  return text.substr(0, at);
}

std::string codeBelowOpening(const std::string& text) {
  return text.substr(openingLines(text).size());
}

std::vector<std::string> filesStartingFromLessonBefore(const Lesson& lesson) {
  std::vector<std::string> files;
  for (const std::string& file : lesson.files)
    if (fs::is_regular_file(lesson.folder / "starts" / file)) files.push_back(file);
  return files;
}

void copyKitFiles(const fs::path& source, const fs::path& target,
                  const std::function<bool(const fs::path&)>& leaveOut) {
  fs::create_directory(target);
  for (auto it = fs::recursive_directory_iterator(source); it != fs::recursive_directory_iterator();
       ++it) {
    const fs::path relative = it->path().lexically_relative(source);
    if (madeOrPrivate(relative) || (leaveOut && leaveOut(relative))) {
      if (it->is_directory() && !it->is_symlink()) it.disable_recursion_pending();
      continue;
    }
    const fs::path to = target / relative;
    if (it->is_symlink()) {
      fs::copy_symlink(it->path(), to);
    } else if (it->is_directory()) {
      fs::create_directory(to);
    } else if (it->is_regular_file()) {
      fs::copy_file(it->path(), to);
    }
  }
}

void makeFolderWhole(const fs::path& target, const std::function<void(const fs::path&)>& make) {
  fs::path partial = target;
  partial += ".partial-" + std::to_string(::getpid());
  fs::remove_all(partial);
  try {
    make(partial);
    if (fs::exists(target)) fs::remove(target);  // the empty folder it replaces
    fs::rename(partial, target);
  } catch (...) {
    std::error_code ec;
    fs::remove_all(partial, ec);
    throw;
  }
}

namespace {

// What the edition leaves out, relative to the kit's top folder: each lesson's source and
// reference tests, the starting files that are the lesson before's finished code (`carried`:
// their lessons start from the student's own lesson before), and what only an instructor uses.
std::set<fs::path> leftOutOf(const std::vector<Lesson>& lessons, const fs::path& source,
                             EditionCounts& counts,
                             std::vector<std::pair<const Lesson*, std::string>>& carried) {
  std::set<fs::path> leftOut;
  for (std::size_t i = 0; i < lessons.size(); ++i) {
    const Lesson& lesson = lessons[i];
    const fs::path top = fs::path("lessons") / lesson.folder.filename();
    // The lesson's one source holds every step's answer (the build cuts the solutions out).
    if (fs::is_directory(lesson.folder / "source")) {
      leftOut.insert(top / "source");
      counts.solutionFiles += filesUnder(lesson.folder / "source");
    }
    for (const Step& step : lesson.steps) {
      if (!step.writesTests()) continue;
      leftOut.insert(top / step.test.lexically_relative(lesson.folder));
      ++counts.referenceTests;
    }
    if (i == 0) continue;
    const Lesson& before = lessons[i - 1];
    for (const std::string& file : lesson.files) {
      const fs::path start = lesson.exercise / file;
      const fs::path finished = before.steps.back().solution / file;
      if (!fs::is_regular_file(start) || !fs::is_regular_file(finished)) continue;
      if (codeBelowOpening(common::readFile(start)) != codeBelowOpening(common::readFile(finished)))
        continue;
      leftOut.insert(fs::path("exercises") / lesson.exercise.filename() / file);
      carried.emplace_back(&lesson, file);
      ++counts.startingFiles;
    }
  }
  // The kit's own tests and the graded example class prove the kit with its solutions; the
  // lesson authors' guide quotes them; the maze library's Maze is a finished Maze with the
  // lessons' own functions (the last lessons' tests pass on it), and the benchmarks draw it.
  for (const char* instructorOnly :
       {"grading", "tests", "docs/lesson-authoring.md", "maze/src/maze.cpp",
        "maze/include/maze/maze.hpp", "lessons/support/library", "bench"}) {
    const fs::path path = source / instructorOnly;
    if (!fs::exists(path)) continue;
    leftOut.insert(instructorOnly);
    counts.instructorFiles += fs::is_directory(path) ? filesUnder(path) : 1;
  }
  return leftOut;
}

// The lesson's lesson.json in the edition's folder `top`, without how each chaff changes the
// wheat (those are the answer's lines), and each test-writing step's wheat and chaffs packed.
void writeLessonOfEdition(const Lesson& lesson, const Manifest& manifest, const fs::path& top,
                          EditionCounts& counts) {
  auto json = nlohmann::ordered_json::parse(common::readFile(lesson.folder / "lesson.json"));
  for (auto& step : json.at("steps")) {
    if (!step.contains("chaffs")) continue;
    for (auto& chaff : step.at("chaffs")) {
      chaff.erase("replace");
      chaff.erase("with");
    }
  }
  common::saveFileAtomically(top / "lesson.json", json.dump(2) + "\n");
  for (const Step& step : lesson.steps) {
    if (!step.writesTests()) continue;
    const Step& built = manifest.step(lesson.id, step.id);
    std::vector<PackedFile> files;
    for (const auto& entry : fs::directory_iterator(built.wheat))
      if (entry.is_regular_file())
        files.push_back(
            {"wheat/" + entry.path().filename().string(), common::readFile(entry.path())});
    for (const Chaff& chaff : built.chaffs) {
      if (!fs::is_directory(chaff.code))
        throw std::runtime_error(
            "the chaff '" + chaff.id + "' of " + lesson.id + " step " + step.id + " is not in '" +
            chaff.code.string() +
            "': build the kit (cmake --build --preset dev), which makes it, and try again");
      for (const auto& entry : fs::directory_iterator(chaff.code))
        if (entry.is_regular_file())
          files.push_back({"chaff/" + chaff.id + "/" + entry.path().filename().string(),
                           common::readFile(entry.path())});
    }
    fs::create_directories(top / "packs");
    common::saveFileAtomically(top / "packs" / (step.id + ".pack"), packFiles(files));
    ++counts.packs;
  }
}

}  // namespace

EditionCounts writeStudentEdition(const Kit& kit, const fs::path& folder) {
  const fs::path source = fs::weakly_canonical(kit.source);
  const std::vector<Lesson> lessons = loadLessons(kit);
  if (isStudentEdition(kit))
    throw UsageError("'" + source.string() +
                     "' is a student edition already: make one from the whole kit");
  const Manifest manifest = readManifest(kit);
  EditionCounts counts;
  std::vector<std::pair<const Lesson*, std::string>> carried;  // starts from the lesson before
  const std::set<fs::path> leftOut = leftOutOf(lessons, source, counts, carried);
  copyKitFiles(source, folder, [&](const fs::path& relative) {
    return leftOut.count(relative.lexically_normal()) != 0;
  });
  for (const Lesson& lesson : lessons)
    writeLessonOfEdition(lesson, manifest, folder / "lessons" / lesson.folder.filename(), counts);
  // The opening lines of each starting file that the student's lesson before becomes.
  for (const auto& [lesson, file] : carried) {
    const fs::path starts = folder / "lessons" / lesson->folder.filename() / "starts";
    fs::create_directories(starts);
    common::saveFileAtomically(starts / file,
                               openingLines(common::readFile(lesson->exercise / file)));
  }
  common::saveFileAtomically(folder / studentEditionMarker, markerText);
  return counts;
}

}  // namespace mazekit
