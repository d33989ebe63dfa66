#pragma once
// The gallery of `mazekit render`: one folder that opens straight from disk.
//
//     index.html                      every lesson's steps (title and picture), the animations
//     lessons/<lesson>/<step>.png     each step drawn by its reference solution (also .svg)
//     maze-animation.svg              makeMaze() then solve(), stamp by stamp, looping
//     maze-animation.html             the same with a slider and a play button
//
// The step pictures come from the lesson picture programs in the kit's build tree
// (lessonNN_sol_stepKK: the tests up to step K against step K's solution; each picture is drawn
// by running only step K's test cases, picked by their file tag).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "kit/kit.hpp"
#include "kit/lessons.hpp"
#include "kit/manifest.hpp"

namespace mazekit::render {

struct GalleryResult {
  std::size_t pictures = 0;  ///< step pictures (one per step)
  std::size_t frames = 0;    ///< stamps in the maze animation
  std::filesystem::path index;
};

/// Throws std::runtime_error, saying how to build them, unless every step's picture program
/// (the build manifest's) is built.
void checkPicturePrograms(const Kit& kit, const Manifest& manifest,
                          const std::vector<Lesson>& lessons);

/// Checks that `out` is, or can become, a writable folder, and makes it. Throws UsageError
/// with a one-line reason otherwise (a file, a folder that cannot be made or written).
void prepareOutputFolder(const std::filesystem::path& out);

/// Renders the whole gallery into `out` (which prepareOutputFolder has made). Every file is
/// written whole or not at all; index.html is written last. Throws std::runtime_error naming
/// the step whose picture program is missing or fails.
GalleryResult renderGallery(const Kit& kit, const Manifest& manifest,
                            const std::vector<Lesson>& lessons, const std::filesystem::path& out,
                            std::uint64_t seed);

}  // namespace mazekit::render
