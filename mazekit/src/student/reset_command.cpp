// mazekit reset LESSON: the lesson's starting files back, the student's kept in a backup.
#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <turtle/save_file.hpp>

#include "commands.hpp"
#include "common/files.hpp"
#include "student/session.hpp"

namespace mazekit::student {
namespace {
namespace fs = std::filesystem;

struct ResetOptions {
  std::string lesson;
  bool yes = false;
};

std::string timestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%d-%H%M%S", &local);
  return text;
}

// Asks in the terminal before replacing the student's files. False when they say no.
bool confirmed(const Session& s, const Lesson& lesson, const fs::path& backup) {
  if (::isatty(0) == 0) {
    throw UsageError("mazekit reset replaces your files in " + s.shown(lesson.exercise) +
                     ": run it in a terminal to confirm, or add --yes");
  }
  std::cout << "Put " << s.shown(lesson.exercise) << " back to lesson " << lesson.number
            << "'s starting files?\n";
  if (!backup.empty()) std::cout << "Your files will be kept in " << s.shown(backup) << "/\n";
  std::cout << "Type yes to go on: " << std::flush;
  std::string answer;
  std::getline(std::cin, answer);
  if (answer == "yes" || answer == "y") return true;
  std::cout << "Nothing changed.\n";
  return false;
}

// The student's files into `backup`, whole: written under a temporary name, then renamed.
void keepCopy(const fs::path& exercise, const std::vector<fs::path>& mine, const fs::path& backup) {
  fs::path partial = backup;
  partial += ".partial";
  fs::remove_all(partial);
  for (const fs::path& file : mine) {
    fs::create_directories((partial / file).parent_path());
    fs::copy_file(exercise / file, partial / file);
  }
  fs::rename(partial, backup);
}

void reset(const ResetOptions& o) {
  Session s;
  const Lesson& lesson = findLesson(s.lessons, o.lesson);
  const fs::path starting = s.kit.build / "mazekit" / "starting-files" / lesson.id;
  if (!fs::is_directory(starting)) {
    throw std::runtime_error("no starting files for lesson " + std::to_string(lesson.number) +
                             " in '" + starting.string() +
                             "': configure the kit's build tree again (cmake --preset dev)");
  }
  const std::vector<fs::path> mine = studentFiles(lesson.exercise);
  fs::path backup;
  if (!mine.empty()) {
    backup = lesson.exercise / (".backup-" + timestamp());
    for (int n = 2; fs::exists(backup); ++n) {
      backup = lesson.exercise / (".backup-" + timestamp() + "-" + std::to_string(n));
    }
  }
  if (!o.yes && !confirmed(s, lesson, backup)) return;
  if (!backup.empty()) keepCopy(lesson.exercise, mine, backup);
  // Then the starting files, each written whole; files the start does not have go (they are
  // in the backup).
  const std::vector<fs::path> start = studentFiles(starting);
  for (const fs::path& file : mine) {
    if (std::find(start.begin(), start.end(), file) == start.end())
      fs::remove(lesson.exercise / file);
  }
  for (const fs::path& file : start) {
    fs::create_directories((lesson.exercise / file).parent_path());
    turtle::saveFileAtomically(lesson.exercise / file, common::readFile(starting / file));
  }
  s.state.passed.erase(lesson.id);
  if (s.state.lesson == lesson.id) s.state.step.clear();
  s.save();
  std::cout << "Lesson " << lesson.number << " is back to its starting files in "
            << s.shown(lesson.exercise) << "/";
  if (!backup.empty()) std::cout << "; yours are in " << s.shown(backup) << "/";
  std::cout << "\n";
}

}  // namespace

void addResetCommand(CLI::App& app) {
  auto options = std::make_shared<ResetOptions>();
  auto* cmd = app.add_subcommand(
      "reset",
      "Put a lesson's exercise files back as they were at the start (yours are kept in a backup)");
  cmd->add_option("lesson", options->lesson, "The lesson: its number or name")->required();
  cmd->add_flag("--yes,-y", options->yes, "Do not ask for confirmation");
  cmd->callback([options] { reset(*options); });
}

}  // namespace mazekit::student
