// mazekit render: the gallery. Every step of every lesson drawn by its reference solution, and
// the lesson's maze dug and solved stamp by stamp, in one folder that opens from disk.
//
//     mazekit render                  # out/gallery/index.html
//     mazekit render --out my-gallery
#include <iostream>
#include <memory>
#include <stdexcept>

#include "commands.hpp"
#include "kit/edition.hpp"
#include "kit/kit.hpp"
#include "kit/lessons.hpp"
#include "kit/manifest.hpp"
#ifdef MAZEKIT_GALLERY
#include "render/gallery.hpp"
#endif

namespace {

struct RenderOptions {
  std::string out = "out/gallery";
  std::uint64_t seed = 7;
};

void renderCommand(const RenderOptions& o) {
  const mazekit::Kit kit = mazekit::locateKit();
  mazekit::requireWholeKit(kit, "solutions to draw the gallery with",
                           "each step's expected picture is in lessons/LESSON/pictures, and "
                           "mazekit check draws yours in out/pictures");
#ifdef MAZEKIT_GALLERY
  const auto lessons = mazekit::loadLessons(kit);
  const std::filesystem::path out = o.out;
  const mazekit::Manifest manifest = mazekit::readManifest(kit);
  mazekit::render::checkPicturePrograms(kit, manifest, lessons);  // before anything is written
  mazekit::render::prepareOutputFolder(out);
  const auto result = mazekit::render::renderGallery(kit, manifest, lessons, out, o.seed);
  std::cout << "mazekit: the gallery is in " << out.string() << ": " << result.pictures
            << " step pictures of " << lessons.size() << " lessons, makeMaze() and solve() in "
            << result.frames << " frames\n"
            << "open " << std::filesystem::absolute(result.index).lexically_normal().string()
            << "\n";
#else
  (void)o;
  throw std::runtime_error(
      "this mazekit was built without the maze library's Maze, which the "
      "gallery draws: build it from the whole kit");
#endif
}

}  // namespace

namespace mazekit::render {

void addRenderCommand(CLI::App& app) {
  auto options = std::make_shared<RenderOptions>();
  auto* cmd = app.add_subcommand(
      "render",
      "Draw the gallery: every lesson step's picture and the maze animation, with an index.html");
  cmd->add_option("--out,-o", options->out, "The gallery's folder")->capture_default_str();
  cmd->add_option("--seed", options->seed, "The seed of the animated maze")->capture_default_str();
  cmd->callback([options] { renderCommand(*options); });
}

}  // namespace mazekit::render
