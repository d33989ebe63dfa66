// The gallery of `mazekit render`: see render/gallery.hpp.
#include "render/gallery.hpp"

#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>

#include <turtle/save_file.hpp>

#include "kit/step_changes.hpp"
#include "render/animation.hpp"
#include "run/process.hpp"
#include "run/text.hpp"

namespace mazekit::render {
namespace fs = std::filesystem;
namespace {

// A path in an href or src: relative, forward slashes, each part percent-encoded where it must be.
std::string urlPath(const std::string& path) {
  std::string out;
  for (const char ch : path) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.') {
      out += static_cast<char>(c);
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", c);
      out += hex;
    }
  }
  return out;
}

// The command that draws a step's picture: the program of the step's solution, running the
// step's own test cases (its file tag), told where to save the picture and what to name it.
run::Command pictureCommand(const std::string& lesson, const Step& step, const fs::path& pictures) {
  run::Command command;
  command.argv = {step.pictureProgram.string(), "-#", "[" + step.fileTag + "]"};
  command.environment = run::inheritedEnvironment({"MAZEKIT_PICTURES=" + pictures.string(),
                                                   "MAZEKIT_PICTURE_LESSON=" + lesson,
                                                   "MAZEKIT_PICTURE_STEP=" + step.id});
  return command;
}

// Runs a step's picture command through the one runner (run/process.hpp), its output to
// `log`. Returns its exit status (or 128 + the signal that ended it).
int runPictureProgram(const std::string& lesson, const Step& step, const fs::path& pictures,
                      const fs::path& log) {
  const run::Command command = pictureCommand(lesson, step, pictures);
  const fs::path& program = step.pictureProgram;
  run::Limits limits;
  limits.wallSeconds = 120;
  limits.cpuSeconds = 120;
  limits.fileBytes = std::size_t{1} << 30;
  limits.outputBytes = 1 << 20;
  const run::Result result = run::runProcess(command, limits);
  turtle::saveFileAtomically(log, result.output);
  if (!result.started) {
    throw std::runtime_error("cannot run '" + program.string() + "': " + result.error);
  }
  if (result.timedOut) {
    throw std::runtime_error("'" + program.string() + "' did not finish within 120 s");
  }
  if (result.signal != 0) return 128 + result.signal;
  return result.exitCode;
}

// A folder that removes itself and everything in it.
struct ScratchFolder {
  fs::path path;
  explicit ScratchFolder(fs::path p) : path(std::move(p)) {
    std::error_code ignored;
    fs::remove_all(path, ignored);
    fs::create_directories(path);
  }
  ~ScratchFolder() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
};

// The gallery's index page, written top to bottom as it reads: long because the page is.
std::string indexPage(const std::vector<Lesson>& lessons, const Drawing& drawing) {
  std::ostringstream out;
  out << R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>mazekit gallery</title>
<style>
  body { font-family: sans-serif; margin: 16px; background: #f4f4f4; color: #222; }
  h1 { margin-top: 0; }
  nav a { margin-right: 12px; }
  .steps { display: flex; flex-wrap: wrap; gap: 12px; }
  figure { margin: 0; width: 200px; background: #fff; padding: 6px; border: 1px solid #ccc; }
  figure img { width: 200px; height: 200px; display: block; outline: 1px solid #bbb; }
  figcaption { font-size: 13px; margin-top: 4px; }
  details pre { font-size: 10px; overflow: auto; max-height: 320px; margin: 4px 0 0; }
  .animations { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
  .animations figure { width: 400px; }
  .animations figure img { width: 400px; height: 400px; }
</style>
</head>
<body>
<h1>mazekit gallery</h1>
<p>Every step of every lesson, drawn by the step's reference solution, and the lesson's maze
being dug and solved.</p>
<nav>
)";
  for (const auto& lesson : lessons) {
    out << "<a href=\"#" << text::htmlText(lesson.id) << "\">Lesson " << lesson.number << "</a>\n";
  }
  out << "<a href=\"#animations\">makeMaze() and solve()</a>\n</nav>\n";
  for (const auto& lesson : lessons) {
    out << "<section id=\"" << text::htmlText(lesson.id) << "\">\n<h2>Lesson " << lesson.number
        << ": " << text::htmlText(lesson.title) << "</h2>\n<div class=\"steps\">\n";
    for (const auto& step : lesson.steps) {
      const std::string base = "lessons/" + lesson.id + "/" + step.id;
      out << "<figure id=\"" << text::htmlText(lesson.id + "-" + step.id) << "\"><a href=\""
          << urlPath(base + ".svg") << "\"><img src=\"" << urlPath(base + ".png") << "\" alt=\""
          << text::htmlText(step.title) << "\"></a><figcaption>Step " << step.number << ": "
          << text::htmlText(step.title) << "</figcaption>";
      // What the step changed in the student's files, beside its picture.
      const std::string changes = stepChanges(lesson, step);
      if (!changes.empty()) {
        out << "<details><summary>What it changed</summary><pre>" << text::htmlText(changes)
            << "</pre></details>";
      }
      out << "</figure>\n";
    }
    out << "</div>\n</section>\n";
  }
  out << "<section id=\"animations\">\n<h2>makeMaze() and solve()</h2>\n"
      << "<p>The lesson's 20 × 20 maze, seed " << drawing.seed << ": " << drawing.stamps.size()
      << " stamps, " << drawing.solveStarts << " while makeMaze() digs and "
      << (drawing.stamps.size() - drawing.solveStarts) << " while solve() marks the way.</p>\n"
      << "<div class=\"animations\">\n"
      << "<figure><img src=\"maze-animation.svg\" alt=\"makeMaze() then solve(), animated\">"
      << "<figcaption>Animated SVG: <a href=\"maze-animation.svg\">maze-animation.svg</a> "
      << "(loops)</figcaption></figure>\n"
      << "<figure><a href=\"maze-animation.html\"><img src=\"maze-animation.svg\" "
      << "alt=\"the slider page\"></a><figcaption><a href=\"maze-animation.html\">Step through it "
      << "with a slider</a>: frame N shows the first N stamps.</figcaption></figure>\n"
      << "</div>\n</section>\n</body>\n</html>\n";
  return out.str();
}

}  // namespace

void checkPicturePrograms(const Kit& kit, const Manifest& manifest,
                          const std::vector<Lesson>& lessons) {
  std::size_t missing = 0;
  std::size_t steps = 0;
  fs::path firstMissing;
  for (const auto& lesson : lessons) {
    for (const auto& step : lesson.steps) {
      const fs::path program = manifest.step(lesson.id, step.id).pictureProgram;
      ++steps;
      if (!fs::is_regular_file(program)) {
        if (missing++ == 0) firstMissing = program;
      }
    }
  }
  if (missing > 0) {
    throw std::runtime_error(std::to_string(missing) + " of the " + std::to_string(steps) +
                             " lesson picture programs are not built (" + firstMissing.string() +
                             " is missing); build the kit's lessons first: " +
                             (kit.build.filename() == "ci"
                                  ? std::string("cmake --build --preset ci")
                                  : "cmake --build '" + kit.build.string() + "'"));
  }
}

void prepareOutputFolder(const fs::path& out) {
  if (out.empty()) throw UsageError("--out must name a folder; got ''");
  std::error_code error;
  const auto status = fs::status(out, error);
  if (fs::exists(status) && !fs::is_directory(status)) {
    throw UsageError("--out must be a folder, but '" + out.string() + "' is a file");
  }
  if (!fs::exists(status)) {
    fs::create_directories(out, error);
    if (error) {
      throw UsageError("--out: cannot make the folder '" + out.string() + "': " + error.message());
    }
  }
  if (access(out.c_str(), W_OK | X_OK) != 0) {
    throw UsageError("--out: cannot write in the folder '" + out.string() +
                     "': " + std::strerror(errno));
  }
}

GalleryResult renderGallery(const Kit& kit, const Manifest& manifest,
                            const std::vector<Lesson>& lessons, const fs::path& out,
                            std::uint64_t seed) {
  checkPicturePrograms(kit, manifest, lessons);
  GalleryResult result;
  {
    // The programs save into a scratch folder beside the gallery (the same file system), and
    // each picture is then renamed into place: a reader sees the old picture or the new one.
    ScratchFolder scratch(out / ".mazekit-render");
    for (const auto& lesson : lessons) {
      const fs::path folder = out / "lessons" / lesson.id;
      fs::create_directories(folder);
      for (const auto& step : lesson.steps) {
        const Step& built = manifest.step(lesson.id, step.id);
        const fs::path log = scratch.path / (lesson.id + "_" + step.id + ".out");
        const int status = runPictureProgram(lesson.id, built, scratch.path, log);
        const fs::path drawn = scratch.path / lesson.id / step.id;
        for (const char* extension : {".png", ".svg"}) {
          fs::path picture = drawn;
          picture += extension;
          if (status != 0 || !fs::is_regular_file(picture)) {
            throw std::runtime_error(
                "lesson " + std::to_string(lesson.number) + " step " + std::to_string(step.number) +
                " (" + step.id + "): its picture program " +
                (status != 0 ? "failed with status " + std::to_string(status)
                             : std::string("saved no picture")) +
                "; run it to see why: MAZEKIT_PICTURES=/tmp/pictures '" +
                built.pictureProgram.string() + "' -# '[" + built.fileTag + "]'");
          }
          fs::path target = folder / step.id;
          target += extension;
          fs::rename(picture, target);
        }
        ++result.pictures;
      }
    }
  }

  const Drawing drawing = mazeDrawing(seed);
  result.frames = drawing.stamps.size();
  turtle::saveFileAtomically(out / "maze-animation.svg", animatedSvg(drawing, 0.03, 3.0));
  turtle::saveFileAtomically(out / "maze-animation.html", sliderPage(drawing));
  result.index = out / "index.html";
  turtle::saveFileAtomically(result.index, indexPage(lessons, drawing));
  return result;
}

}  // namespace mazekit::render
