// mazekit init-repo DIR: the student's own repository, with the students' CI. It is a copy of
// the kit as the student has it (their exercises included; builds, pictures, the progress file
// and reset's backups left out) and .github/workflows/mazekit.yml, which checks their steps on
// every push (docs/instructor-guide.md, "Students' CI").
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <turtle/save_file.hpp>

#include "commands.hpp"
#include "common/files.hpp"
#include "kit/kit.hpp"
#include "kit/lessons.hpp"
#include "kit/version.hpp"

namespace mazekit::student {
namespace {
namespace fs = std::filesystem;

// The workflow's template in the kit, and the line of it that names the lesson to check.
const char* const workflowTemplate = "mazekit/student-ci/mazekit.yml";
const std::string lessonLine = "  MAZEKIT_LESSON: \"\"";

struct InitRepoOptions {
  std::string folder;
  std::string lesson;
};

// What a student's repository leaves out of the kit (the kit's .gitignore says the same): what
// a build makes, and what is the student's alone on this machine.
bool leftOut(const fs::path& relative) {
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

// Copies the kit's files from `source` into `target` (a new folder).
void copyKit(const fs::path& source, const fs::path& target) {
  fs::create_directory(target);
  for (auto it = fs::recursive_directory_iterator(source); it != fs::recursive_directory_iterator();
       ++it) {
    const fs::path relative = it->path().lexically_relative(source);
    if (leftOut(relative)) {
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

bool inside(const fs::path& path, const fs::path& folder) {
  const fs::path relative = path.lexically_relative(folder);
  return !relative.empty() && *relative.begin() != "..";
}

void initRepo(const InitRepoOptions& o) {
  const Kit kit = locateKit();
  const std::vector<Lesson> lessons = loadLessons(kit);
  std::string lessonValue;
  if (!o.lesson.empty()) lessonValue = std::to_string(findLesson(lessons, o.lesson).number);

  const fs::path target = fs::absolute(o.folder).lexically_normal();
  const fs::path source = fs::weakly_canonical(kit.source);
  if (fs::exists(target) && !(fs::is_directory(target) && fs::is_empty(target))) {
    throw UsageError("'" + o.folder +
                     "' is already there and not an empty folder: init-repo makes a new "
                     "repository; give the name of a new folder, e.g. ../my-maze");
  }
  // Inside the kit only where the copy leaves out (build/, out/): else it would copy itself.
  const fs::path canonicalTarget = fs::weakly_canonical(target);
  if (inside(canonicalTarget, source) && !leftOut(canonicalTarget.lexically_relative(source))) {
    throw UsageError("'" + o.folder + "' is inside the kit ('" + source.string() +
                     "'): give a folder outside it, e.g. ../my-maze");
  }
  std::string workflow = common::readFile(source / workflowTemplate);
  const auto at = workflow.find("\n" + lessonLine + "\n");
  if (at == std::string::npos) {
    throw std::runtime_error("'" + (source / workflowTemplate).string() + "' has no line '" +
                             lessonLine + "' to name the lesson in");
  }
  if (!lessonValue.empty())
    workflow.replace(at + 1, lessonLine.size(), "  MAZEKIT_LESSON: \"" + lessonValue + "\"");

  // Made beside the target and renamed into place: a new repository is whole or not there.
  fs::path partial = target;
  partial += ".partial-" + std::to_string(::getpid());
  fs::remove_all(partial);
  try {
    copyKit(source, partial);
    fs::create_directories(partial / ".github" / "workflows");
    turtle::saveFileAtomically(partial / ".github" / "workflows" / "mazekit.yml", workflow);
    // The kit it was made from: the repository has a history of its own, not the kit's tags.
    turtle::saveFileAtomically(partial / "VERSION", std::string(kitVersion()) + "\n");
    if (fs::exists(target)) fs::remove(target);  // the empty folder it replaces
    fs::rename(partial, target);
  } catch (...) {
    std::error_code ec;
    fs::remove_all(partial, ec);
    throw;
  }

  std::cout << "Made your repository in " << o.folder
            << ": the kit with your exercises, and .github/workflows/mazekit.yml, which checks "
            << (lessonValue.empty() ? "your lesson (from lesson 1 on, up to the first RED step)"
                                    : "lesson " + lessonValue)
            << " on every push.\n\n"
            << "Next, make it a Git repository and push it to a new, empty repository of yours on "
               "GitHub:\n\n"
            << "  cd " << o.folder << "\n"
            << "  git init -b main && git add -A && git commit -m \"My maze\"\n"
            << "  git remote add origin https://github.com/YOUR-NAME/YOUR-REPOSITORY.git\n"
            << "  git push -u origin main\n\n"
            << "Work there from now on: build it once (cmake --preset dev && cmake --build "
               "build/dev) and put its build/dev/mazekit on your PATH.\n"
            << "Each push's table of steps is on the run's page under Actions (Summary), your "
               "pictures in its artifact \"pictures\".\n";
}

}  // namespace

void addInitRepoCommand(CLI::App& app) {
  auto options = std::make_shared<InitRepoOptions>();
  auto* cmd = app.add_subcommand(
      "init-repo",
      "Make your own repository (the kit with your exercises) whose GitHub workflow checks your "
      "steps on every push");
  cmd->add_option("folder", options->folder, "The new repository's folder, e.g. ../my-maze")
      ->required();
  cmd->add_option("--lesson", options->lesson,
                  "The lesson the workflow checks (number or name); without it, from lesson 1 "
                  "on up to the first RED step");
  cmd->callback([options] { initRepo(*options); });
}

}  // namespace mazekit::student
