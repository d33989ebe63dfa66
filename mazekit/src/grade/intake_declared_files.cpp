// Which of a submission's entries are the lesson's declared files: the lesson's own folder
// found first (a student's repository, its exercises/ folder), then each declared name matched
// (exact, any case, an extra ".txt"), never a silent pick between two.
#include <algorithm>
#include <iterator>
#include <set>
#include <sstream>

#include "common/text.hpp"
#include "grade/intake_internal.hpp"

namespace fs = std::filesystem;

namespace mazekit::grade::intake {

using common::asciiLower;

int matchLevel(const std::string& fileName, const std::string& declared) {
  if (fileName == declared) return 1;
  const std::string lower = asciiLower(fileName);
  if (lower == asciiLower(declared)) return 2;
  if (lower == asciiLower(declared) + ".txt") return 3;
  return 0;
}

std::string fileNameOf(const std::string& declared) {
  return fs::path(declared).filename().string();
}

Wanted wantedBy(const Lesson& lesson) {
  Wanted wanted;
  for (const auto& file : lesson.files) wanted.declaredNames.push_back(fileNameOf(file));
  for (const auto& file : lesson.testsFiles()) wanted.declaredNames.push_back(fileNameOf(file));
  for (const auto& step : lesson.steps) wanted.testNames.insert(step.test.filename().string());
  return wanted;
}

namespace {

/// Why a file that could have been the declared one was not read: said in the refusal.
std::string whyUnread(const Unread& unread, const IntakeLimits& limits) {
  switch (unread.why) {
    case Unread::Why::hiddenFolder:
      return unread.path + " is in a hidden folder, which is not read";
    case Unread::Why::hiddenFile:
      return unread.path + " is a hidden file, which is not read";
    case Unread::Why::toolFolder:
      return unread.path + " is in " + unread.shown +
             ", a folder of a build or a tool, which is not read";
    case Unread::Why::unsafePath:
      return unread.path + " has an unsafe path, which is never read";
    case Unread::Why::tooDeep:
      return unread.path + " is more than " + std::to_string(limits.maxDepth) +
             " folders deep, too deep to be read";
    case Unread::Why::otherLesson:
      return unread.path + " is in " + unread.shown +
             ", another lesson's folder or the kit's, which is never taken";
  }
  return unread.path;
}

std::string numberWord(std::size_t n) {
  return n == 2 ? "two" : n == 3 ? "three" : std::to_string(n);
}

/// The folders of the lesson's own name ("02-building-the-maze", any case) that hold a file
/// that could be one of its declared files: the lesson's folder of a student's repository, of
/// its exercises/ folder, or the lesson's folder handed in by itself. A folder in lessons/ is
/// the kit's, never the student's work, and is not one.
std::vector<std::string> lessonFoldersIn(const Inventory& inventory, const Lesson& lesson,
                                         bool inExercises) {
  const std::string id = asciiLower(lesson.id);
  std::set<std::string> folders;
  for (const auto& entry : inventory.entries) {
    bool declared = false;
    for (const auto& file : lesson.files)
      declared = declared || matchLevel(entry.fileName, fileNameOf(file)) != 0;
    if (!declared) continue;
    std::vector<std::string> parts;
    std::istringstream in(entry.path);
    for (std::string part; std::getline(in, part, '/');) parts.push_back(part);
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
      if (asciiLower(parts[i]) != id) continue;
      const std::string parent = i > 0 ? asciiLower(parts[i - 1]) : "";
      if (parent == "lessons" || (parent == "exercises") != inExercises) continue;
      folders.insert(joined(parts, i + 1));
    }
  }
  return {folders.begin(), folders.end()};
}

/// The folder of `path` that is another lesson's ("exercises/03-solving-the-maze": two digits
/// and a dash, not this lesson's id) or the kit's ("lessons/02-building-the-maze"); empty if
/// none is.
std::string otherLessonFolder(const std::string& path, const Lesson& lesson) {
  std::vector<std::string> parts;
  std::istringstream in(path);
  for (std::string part; std::getline(in, part, '/');) parts.push_back(part);
  const auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    const std::string& part = parts[i];
    const bool lessonLike =
        part.size() > 3 && isDigit(part[0]) && isDigit(part[1]) && part[2] == '-';
    if (!lessonLike) continue;
    const bool kits = i > 0 && asciiLower(parts[i - 1]) == "lessons";
    if (kits || asciiLower(part) != asciiLower(lesson.id)) return joined(parts, i + 1);
  }
  return "";
}

/// The refusal when no entry could be `declared`: the files of that name that were not read,
/// and why, and the folders of builds and tools that were not searched.
SubmissionError noDeclaredFile(const Inventory& inventory, const std::string& declared,
                               const Lesson& lesson, const IntakeLimits& limits) {
  const std::string name = fileNameOf(declared);
  std::string unreadMatches;
  std::vector<std::string> unwalked;
  for (const auto& unread : inventory.unread) {
    const std::string fileName = fs::path(unread.path).filename().string();
    // A folder's build/ is not walked: what it holds is unknown, so it is named as a place.
    if (unread.why == Unread::Why::toolFolder && unread.path == unread.shown) {
      unwalked.push_back(unread.path);
    } else if (matchLevel(fileName, name) != 0) {
      unreadMatches += (unreadMatches.empty() ? " (" : "; ") + whyUnread(unread, limits);
    }
  }
  if (!unwalked.empty()) {
    std::sort(unwalked.begin(), unwalked.end());
    unreadMatches += (unreadMatches.empty() ? " (" : "; ") +
                     std::string("folders of builds and tools are not searched: ") +
                     listed(unwalked);
  }
  if (!unreadMatches.empty()) unreadMatches += ")";
  std::string all;
  for (const auto& file : lesson.files) all += (all.empty() ? "" : ", ") + file;
  return SubmissionError("no " + declared + " in the submission" + unreadMatches +
                         "; hand in the lesson's files: " + all);
}

}  // namespace

/// When the submission holds the lesson's own folder (a student's repository, its exercises/
/// folder, the lesson's folder, each perhaps inside another folder), only what is in it is
/// searched: another lesson's maze.hpp, or a copy elsewhere, is never taken. A folder in
/// exercises/ comes first. Two such folders are refused, naming both; a submission without
/// one is searched whole, as a loose hand-in.
void keepTheLessonFolder(Inventory& inventory, const Lesson& lesson,
                         std::vector<std::string>& notes) {
  std::vector<std::string> folders = lessonFoldersIn(inventory, lesson, true);
  if (folders.empty()) folders = lessonFoldersIn(inventory, lesson, false);
  if (folders.empty()) {
    // A loose hand-in: searched whole, but never in another lesson's folder (03-solving-the-
    // maze/) or the kit's lessons/: their maze.hpp is not this lesson's work.
    const auto notOurs = std::stable_partition(
        inventory.entries.begin(), inventory.entries.end(),
        [&](const Entry& e) { return otherLessonFolder(e.path, lesson).empty(); });
    for (auto it = notOurs; it != inventory.entries.end(); ++it) {
      inventory.unread.push_back(
          {Unread::Why::otherLesson, otherLessonFolder(it->path, lesson), it->path});
    }
    inventory.entries.erase(notOurs, inventory.entries.end());
    return;
  }
  if (folders.size() > 1) {
    throw SubmissionError(numberWord(folders.size()) + " folders could be lesson " +
                          std::to_string(lesson.number) + "'s: " + listed(folders) +
                          "; hand in only one (mazekit submit " + std::to_string(lesson.number) +
                          " makes the zip of exercises/" + lesson.id + ")");
  }
  const std::string folder = folders.front();
  const auto inside = [&folder](const std::string& path) {
    return path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 &&
           path[folder.size()] == '/';
  };
  const auto outside = std::stable_partition(inventory.entries.begin(), inventory.entries.end(),
                                             [&](const Entry& e) { return inside(e.path); });
  const auto others = static_cast<std::size_t>(std::distance(outside, inventory.entries.end()));
  inventory.entries.erase(outside, inventory.entries.end());
  inventory.unread.erase(std::remove_if(inventory.unread.begin(), inventory.unread.end(),
                                        [&](const Unread& u) { return !inside(u.path); }),
                         inventory.unread.end());
  inventory.lessonFolder = folder;
  notes.push_back("took the lesson's files from " + folder + "/" +
                  (others == 0 ? std::string()
                               : " (" + std::to_string(others) + " other file" +
                                     (others == 1 ? "" : "s") + " in the submission not graded)"));
}

const Entry& chooseEntry(const Inventory& inventory, const std::string& declared,
                         const Lesson& lesson, const IntakeLimits& limits,
                         std::vector<std::string>& notes) {
  const std::string name = fileNameOf(declared);
  for (int level = 1; level <= 3; ++level) {
    std::vector<const Entry*> matches;
    for (const auto& entry : inventory.entries) {
      if (matchLevel(entry.fileName, name) == level) matches.push_back(&entry);
    }
    if (matches.empty()) continue;
    // Where the kit keeps it (exercises/02-building-the-maze/maze.hpp, or maze.hpp at the top
    // of a loose hand-in) is meant; the others are listed as not part of the lesson.
    std::vector<const Entry*> inItsPlace;
    const std::string place = inventory.lessonFolder.empty()
                                  ? std::string(declared)
                                  : inventory.lessonFolder + "/" + declared;
    for (const auto* match : matches) {
      if (match->path == place) inItsPlace.push_back(match);
    }
    if (matches.size() > 1 && inItsPlace.size() == 1) matches = inItsPlace;
    if (matches.size() > 1) {
      std::vector<std::string> paths;
      for (const auto* match : matches) paths.push_back(match->path);
      throw SubmissionError(numberWord(matches.size()) + " files could be " + declared + ": " +
                            listed(paths) + "; hand in only one, as " + lesson.id + "/" + declared +
                            " (mazekit submit " + std::to_string(lesson.number) +
                            " makes that zip)");
    }
    const Entry& entry = *matches.front();
    if (entry.type != EntryType::file) {
      throw SubmissionError(entry.path + " " + inventory.where + " is " + entry.typeName +
                            "; only plain files are accepted");
    }
    if (level == 2) {
      notes.push_back("took " + entry.path + " as " + declared +
                      " (names are case-sensitive: call it " + declared + ")");
    } else if (level == 3) {
      notes.push_back("took " + entry.path + " as " + declared + " (drop the .txt: call it " +
                      declared + ")");
    } else if (entry.path != place) {
      notes.push_back("took " + entry.path + " as " + declared);
    }
    return entry;
  }
  throw noDeclaredFile(inventory, declared, lesson, limits);
}

}  // namespace mazekit::grade::intake
