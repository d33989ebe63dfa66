// Finding submissions and taking from each only the lesson's declared files.
//
// An instructor grades careless and hostile students together, so a submission is first
// turned into an inventory: every entry's path (split into folders, whatever separator the
// student's computer used) and type. Nothing is trusted that a student could lie about:
//   - folders are walked without following links, never below IntakeLimits::maxDepth;
//   - archives are read by libarchive in this process, in memory: no entry is ever unpacked
//     to disk, so an absolute path or a `..` cannot write anywhere, and every size is counted
//     as the decompressed bytes come out, not as the archive's directory claims;
//   - a file is opened only if it is a plain file, with O_NOFOLLOW and O_NONBLOCK, so a link
//     is never followed and a FIFO never blocks.
// Then the lesson's own folder is found, if the submission has one (exercises/02-building-the-
// maze/ of a student's repository): only what is in it is searched. Each declared file is
// looked for by name (exact, else any case, else with an extra ".txt"), and everything else
// the student handed in is reported in notes.
//
// The walk of a folder is intake_folder.cpp's, the reading of an archive intake_archive.cpp's,
// the finding of the declared files intake_declared_files.cpp's and the conversion to UTF-8
// text_encoding.cpp's; here: the intake's public functions and the helpers its files share.
#include "grade/submission.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "common/files.hpp"
#include "common/text.hpp"
#include "grade/intake_internal.hpp"
#include "grade/text_encoding.hpp"

namespace fs = std::filesystem;

namespace mazekit::grade::intake {

using common::asciiLower;

// ---- Shared by the intake's files ---------------------------------------------------------

std::string bytesAndMegabytes(std::size_t bytes) {
  const std::string exact = std::to_string(bytes) + " bytes";
  const bool megabytes = bytes >= (1u << 20) && bytes % (1u << 20) == 0;
  return megabytes ? exact + " (" + std::to_string(bytes >> 20) + " MB)" : exact;
}

std::string listed(const std::vector<std::string>& items) {
  constexpr std::size_t shown = 8;
  std::string out;
  for (std::size_t i = 0; i < items.size() && i < shown; ++i) out += (i ? ", " : "") + items[i];
  if (items.size() > shown) out += " and " + std::to_string(items.size() - shown) + " more";
  return out;
}

std::string errnoText(int error) { return std::generic_category().message(error); }

bool isHiddenName(const std::string& part) {
  return (!part.empty() && part.front() == '.') || part == "__MACOSX";
}

bool isToolFolderName(const std::string& part) {
  const std::string name = asciiLower(part);
  static const std::set<std::string> names{"build",   "out", "bin",          "obj",  "debug",
                                           "release", "x64", "node_modules", "venv", "__pycache__"};
  return names.count(name) != 0 || name.rfind("build-", 0) == 0 || name.rfind("build_", 0) == 0 ||
         name.rfind("cmake-build-", 0) == 0;
}

std::string joined(const std::vector<std::string>& parts, std::size_t count) {
  std::string out;
  for (std::size_t i = 0; i < count && i < parts.size(); ++i) out += (i ? "/" : "") + parts[i];
  return out;
}

SubmissionError tooBig(const std::string& describe, const IntakeLimits& limits) {
  return SubmissionError(describe + " is larger than " + std::to_string(limits.maxEntryBytes) +
                         " bytes; a lesson file may have at most " +
                         bytesAndMegabytes(limits.maxEntryBytes));
}

SubmissionError tooManyEntries(const std::string& what, const IntakeLimits& limits) {
  return SubmissionError(what + " holds more than " + std::to_string(limits.maxEntries) +
                         " files and folders; at most " + std::to_string(limits.maxEntries) +
                         " are accepted (leave out build folders and .git)");
}

// ---- Taking the declared files ----------------------------------------------------------------

namespace {

using common::endsWith;

/// One note for a group: "hidden folder not read: .git", "hidden folders not read: .a, .b".
void noteGroup(std::vector<std::string>& notes, const std::string& one, const std::string& many,
               const std::vector<std::string>& items, const std::string& why = "") {
  if (items.empty()) return;
  notes.push_back((items.size() == 1 ? one : many) + ": " + listed(items) + why);
}

Content contentOf(const Inventory& inventory, const Entry& entry, const IntakeLimits& limits) {
  if (entry.read) return entry.content;
  if (inventory.folder.empty()) {  // an archive's entry whose bytes were not kept
    Content content;
    content.error = "not kept while reading the archive";
    return content;
  }
  return readInsideFolder(inventory.folder, entry.path, limits.maxEntryBytes,
                          entry.path + " " + inventory.where);
}

/// Writes `bytes` to `target` (its folder made first), whole or not at all, readable by the
/// student's user that builds and runs it (0644).
void writeAtomically(const fs::path& target, const std::string& bytes) {
  fs::create_directories(target.parent_path());
  common::saveFileAtomically(target, bytes, 0644);
}

bool isBuildFile(const std::string& fileName) {
  return fileName == "CMakeLists.txt" || fileName == "CMakePresets.json" ||
         fileName == "CMakeUserPresets.json" || endsWith(fileName, ".cmake");
}

void checkDeclaredName(const std::string& declared) {
  const fs::path path(declared);
  bool climbs = false;
  for (const auto& part : path) climbs = climbs || part == "..";
  if (declared.empty() || path.is_absolute() || climbs) {
    throw std::runtime_error(
        "the lesson's file '" + declared +
        "' must be a relative path inside the exercise folder (lesson.json \"files\")");
  }
}

PreparedCode takeLoneFile(const Submission& submission, const Lesson& lesson, const fs::path& code,
                          const IntakeLimits& limits) {
  const std::string fileName = submission.source.filename().string();
  if (lesson.files.size() != 1) {
    std::string all;
    for (const auto& file : lesson.files) all += (all.empty() ? "" : ", ") + file;
    throw SubmissionError("the submission is one file, " + fileName + ", but the lesson needs " +
                          std::to_string(lesson.files.size()) + " files (" + all +
                          "); hand in a folder, .zip or .tar.gz holding them");
  }
  const std::string& declared = lesson.files.front();
  const common::Fd file = openPlainFile(submission.source, fileName);
  const Content content = readAtMost(file.get(), limits.maxEntryBytes, fileName);
  if (content.tooBig) throw tooBig(fileName, limits);
  PreparedCode prepared;
  if (fileName != declared) prepared.notes.push_back("took " + fileName + " as " + declared);
  writeAtomically(code / declared, asUtf8(content.bytes, fileName, prepared.notes));
  return prepared;
}

/// Writes each of the lesson's declared files, chosen in `inventory`, into `code`: the entries
/// taken. A file missing, unreadable or too big is refused (SubmissionError).
std::set<const Entry*> takeDeclaredFiles(const Inventory& inventory, const Lesson& lesson,
                                         const fs::path& code, const IntakeLimits& limits,
                                         std::vector<std::string>& notes) {
  std::set<const Entry*> used;
  for (const auto& declared : lesson.files) {
    const Entry& entry = chooseEntry(inventory, declared, lesson, limits, notes);
    const Content content = contentOf(inventory, entry, limits);
    if (!content.error.empty()) {
      throw SubmissionError("cannot read " + entry.path + " " + inventory.where + ": " +
                            content.error + "; make the archive again and check that it opens");
    }
    if (content.tooBig) throw tooBig(entry.path + " " + inventory.where, limits);
    writeAtomically(code / declared, asUtf8(content.bytes, entry.path, notes));
    used.insert(&entry);
  }
  return used;
}

/// The student's own tests (a test-writing step's my_tests.cpp): taken when there, else
/// that step scores nothing, which the note says. The entries looked at join `used`.
void takeStudentTests(const Inventory& inventory, const Lesson& lesson, const fs::path& code,
                      const IntakeLimits& limits, std::set<const Entry*>& used,
                      std::vector<std::string>& notes) {
  for (const auto& declared : lesson.testsFiles()) {
    checkDeclaredName(declared);
    try {
      const Entry& entry = chooseEntry(inventory, declared, lesson, limits, notes);
      const Content content = contentOf(inventory, entry, limits);
      if (!content.error.empty() || content.tooBig) {
        notes.push_back(declared + " not taken: " +
                        (content.tooBig ? std::string("it is too big") : content.error));
        used.insert(&entry);
        continue;
      }
      used.insert(&entry);
      writeAtomically(code / declared, asUtf8(content.bytes, entry.path, notes));
    } catch (const SubmissionError& error) {
      const std::string why = error.what();
      notes.push_back(why.rfind("no ", 0) == 0 ? "no " + declared +
                                                     ": the step where you write the tests "
                                                     "scores 0"
                                               : declared + " not taken: " + why);
    }
  }
}

/// Whether the student's copy of a lesson's test differs from the kit's `test` (or cannot be
/// read).
bool isEditedTest(const Inventory& inventory, const Entry& entry, const fs::path& test,
                  const IntakeLimits& limits) {
  Content content;
  try {
    content = contentOf(inventory, entry, limits);
  } catch (const SubmissionError&) {
    content.error = "unreadable";
  }
  return !content.error.empty() || content.tooBig || content.bytes != common::readFileOrEmpty(test);
}

/// What was not used is reported: above all, tests and build files the student changed, then
/// what was not read (folders of builds and tools, hidden files, links, unsafe paths, ...).
void noteWhatWasNotUsed(Inventory& inventory, const Lesson& lesson,
                        const std::set<const Entry*>& used, const IntakeLimits& limits,
                        std::vector<std::string>& notes) {
  std::map<std::string, fs::path> tests;
  for (const auto& step : lesson.steps) tests[step.test.filename().string()] = step.test;
  std::vector<std::string> buildFiles, ignored, links, special;
  for (const auto& entry : inventory.entries) {
    if (used.count(&entry) != 0) continue;
    if (entry.type == EntryType::symlink || entry.type == EntryType::hardlink) {
      links.push_back(entry.path);
      continue;
    }
    if (entry.type == EntryType::special) {
      special.push_back(entry.path + " (" + entry.typeName + ")");
      continue;
    }
    if (const auto test = tests.find(entry.fileName); test != tests.end()) {
      if (isEditedTest(inventory, entry, test->second, limits)) {
        notes.push_back("edited test ignored: " + entry.path +
                        " (graded with the lesson's own test)");
      }
      continue;
    }
    if (isBuildFile(entry.fileName)) {
      buildFiles.push_back(entry.path);
      continue;
    }
    ignored.push_back(entry.path);
  }
  noteGroup(notes, "build file ignored", "build files ignored", buildFiles,
            " (graded with the kit's build)");
  noteGroup(notes, "not part of the lesson, ignored", "not part of the lesson, ignored", ignored);
  // A hidden folder is named once, however many files it holds.
  std::map<Unread::Why, std::vector<std::string>> unread;
  std::set<std::pair<Unread::Why, std::string>> named;
  std::sort(inventory.unread.begin(), inventory.unread.end(),
            [](const Unread& a, const Unread& b) { return a.shown < b.shown; });
  for (const auto& item : inventory.unread) {
    if (named.insert({item.why, item.shown}).second) unread[item.why].push_back(item.shown);
  }
  using Why = Unread::Why;
  noteGroup(notes, "folder of a build or a tool, not read", "folders of builds and tools, not read",
            unread[Why::toolFolder], " (only the lesson's files are graded)");
  noteGroup(notes, "hidden folder not read", "hidden folders not read", unread[Why::hiddenFolder]);
  noteGroup(notes, "hidden file not read", "hidden files not read", unread[Why::hiddenFile]);
  noteGroup(notes, "link not followed", "links not followed", links);
  noteGroup(notes, "special file not read", "special files not read", special);
  noteGroup(notes, "unsafe path not read", "unsafe paths not read", unread[Why::unsafePath],
            " (absolute paths, drive letters and '..' are never taken)");
  noteGroup(notes, "another lesson's folder, not searched", "other lessons' folders, not searched",
            unread[Why::otherLesson]);
  noteGroup(notes, "folder too deep, not read", "folders too deep, not read", unread[Why::tooDeep],
            " (more than " + std::to_string(limits.maxDepth) + " folders deep)");
  noteGroup(notes, "archive warning", "archive warnings", inventory.warnings, " (read anyway)");
}

/// The declared files of a folder or an archive written into `code`, with the notes.
PreparedCode takeFromSubmission(const Submission& submission, const Lesson& lesson,
                                const fs::path& code, const IntakeLimits& limits) {
  const Wanted wanted = wantedBy(lesson);
  Inventory inventory = submission.kind == Submission::Kind::folder
                            ? walkFolder(submission.source, limits)
                            : scanArchive(submission, wanted, limits);
  std::sort(inventory.entries.begin(), inventory.entries.end(),
            [](const Entry& a, const Entry& b) { return a.path < b.path; });

  PreparedCode prepared;
  keepTheLessonFolder(inventory, lesson, prepared.notes);
  std::set<const Entry*> used = takeDeclaredFiles(inventory, lesson, code, limits, prepared.notes);
  takeStudentTests(inventory, lesson, code, limits, used, prepared.notes);
  noteWhatWasNotUsed(inventory, lesson, used, limits, prepared.notes);
  return prepared;
}

}  // namespace
}  // namespace mazekit::grade::intake

namespace mazekit::grade {

bool isIgnoredFolderName(const std::string& name) {
  return intake::isHiddenName(name) || intake::isToolFolderName(name);
}

std::vector<Submission> findSubmissions(const fs::path& folder, std::vector<std::string>& skipped) {
  using common::asciiLower;
  using common::endsWith;
  std::vector<Submission> out;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string file = entry.path().filename().string();
    if (!file.empty() && file.front() == '.') {
      skipped.push_back(file + ": hidden (its name starts with '.'), not read");
      continue;
    }
    const std::string lower = asciiLower(file);
    const auto status = entry.symlink_status();
    Submission s;
    s.source = entry.path();
    if (fs::is_directory(status)) {
      s.name = file;
      s.kind = Submission::Kind::folder;
    } else if (fs::is_regular_file(status) && endsWith(lower, ".zip")) {
      s.name = file.substr(0, file.size() - 4);
      s.kind = Submission::Kind::zip;
    } else if (fs::is_regular_file(status) &&
               (endsWith(lower, ".tar.gz") || endsWith(lower, ".tgz"))) {
      s.name = file.substr(0, file.size() - (endsWith(lower, ".tgz") ? 4 : 7));
      s.kind = Submission::Kind::tarGz;
    } else {
      skipped.push_back(file + ": not a folder, .zip, .tar.gz or .tgz" +
                        (fs::is_symlink(status) ? " (links are not followed)" : ""));
      continue;
    }
    out.push_back(s);
  }
  std::sort(out.begin(), out.end(), [](const Submission& a, const Submission& b) {
    return a.name != b.name ? a.name < b.name : a.source < b.source;
  });
  return out;
}

PreparedCode prepareCode(const Submission& submission, const Lesson& lesson, const fs::path& code,
                         const IntakeLimits& limits) {
  for (const auto& declared : lesson.files) intake::checkDeclaredName(declared);
  fs::create_directories(code);
  if (submission.kind == Submission::Kind::file) {
    return intake::takeLoneFile(submission, lesson, code, limits);
  }
  return intake::takeFromSubmission(submission, lesson, code, limits);
}

}  // namespace mazekit::grade
