// mazekit init-repo DIR: the student's own repository, with the students' CI. It is a copy of
// the kit as the student has it (their exercises included; builds, pictures, the progress file
// and reset's backups left out) and .github/workflows/mazekit.yml, which checks their steps on
// every push (docs/instructor-guide.md, "Students' CI"). It is the student edition of the kit
// (kit/edition.hpp: no solutions) unless --with-solutions keeps the whole kit.
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <turtle/save_file.hpp>

#include "commands.hpp"
#include "common/files.hpp"
#include "kit/edition.hpp"
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
  bool withSolutions = false;
};

bool inside(const fs::path& path, const fs::path& folder) {
  const fs::path relative = path.lexically_relative(folder);
  return !relative.empty() && *relative.begin() != "..";
}

// Refuses a target that is not a new or empty folder, or that lies inside the kit where the
// copy would copy itself (only build/ and out/, which it leaves out, may hold it).
void checkTarget(const std::string& folder, const fs::path& target, const fs::path& source) {
  if (fs::exists(target) && !(fs::is_directory(target) && fs::is_empty(target))) {
    throw UsageError("'" + folder +
                     "' is already there and not an empty folder: init-repo makes a new "
                     "repository; give the name of a new folder, e.g. ../my-maze");
  }
  const fs::path canonicalTarget = fs::weakly_canonical(target);
  const std::string topInKit = inside(canonicalTarget, source)
                                   ? canonicalTarget.lexically_relative(source).begin()->string()
                                   : std::string();
  if (!topInKit.empty() && topInKit != "build" && topInKit != "out") {
    throw UsageError("'" + folder + "' is inside the kit ('" + source.string() +
                     "'): give a folder outside it, e.g. ../my-maze");
  }
}

// The students' workflow, checking `lessonValue` (empty: from lesson 1 on).
std::string workflowFor(const fs::path& source, const std::string& lessonValue) {
  std::string workflow = common::readFile(source / workflowTemplate);
  const auto at = workflow.find("\n" + lessonLine + "\n");
  if (at == std::string::npos) {
    throw std::runtime_error("'" + (source / workflowTemplate).string() + "' has no line '" +
                             lessonLine + "' to name the lesson in");
  }
  if (!lessonValue.empty())
    workflow.replace(at + 1, lessonLine.size(), "  MAZEKIT_LESSON: \"" + lessonValue + "\"");
  return workflow;
}

void sayWhatNext(const InitRepoOptions& o, bool edition, const std::string& lessonValue) {
  std::cout << "Made your repository in " << o.folder << ": "
            << (edition ? "the student edition of the kit (no solutions: "
                          "docs/instructor-guide.md, \"The student edition\") with your exercises"
                        : "the whole kit, solutions too, with your exercises")
            << ", and .github/workflows/mazekit.yml, which checks "
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

void initRepo(const InitRepoOptions& o) {
  const Kit kit = locateKit();
  const std::vector<Lesson> lessons = loadLessons(kit);
  std::string lessonValue;
  if (!o.lesson.empty()) lessonValue = std::to_string(findLesson(lessons, o.lesson).number);

  const fs::path target = fs::absolute(o.folder).lexically_normal();
  const fs::path source = fs::weakly_canonical(kit.source);
  checkTarget(o.folder, target, source);
  const std::string workflow = workflowFor(source, lessonValue);

  // Made beside the target and renamed into place: a new repository is whole or not there.
  // For a class, the student edition (no answers); for a learner on their own, the whole kit.
  const bool fromEdition = isStudentEdition(kit);
  if (fromEdition && o.withSolutions)
    throw UsageError(notInStudentEdition(
        "solutions", "leave out --with-solutions, or run init-repo in the whole kit"));
  const bool edition = fromEdition || !o.withSolutions;
  makeFolderWhole(target, [&](const fs::path& partial) {
    if (!fromEdition && edition)
      writeStudentEdition(kit, partial);
    else
      copyKitFiles(source, partial);
    fs::create_directories(partial / ".github" / "workflows");
    turtle::saveFileAtomically(partial / ".github" / "workflows" / "mazekit.yml", workflow);
    // The kit it was made from: the repository has a history of its own, not the kit's tags.
    turtle::saveFileAtomically(partial / "VERSION", std::string(kitVersion()) + "\n");
  });
  sayWhatNext(o, edition, lessonValue);
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
  cmd->add_flag("--with-solutions", options->withSolutions,
                "Keep the whole kit, the lessons' solutions too (a learner on their own); "
                "without it, the student edition a class is handed");
  cmd->callback([options] { initRepo(*options); });
}

}  // namespace mazekit::student
