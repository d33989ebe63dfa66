#pragma once
// A lesson's one source: each file the student writes, every step's code in it once, each
// change tagged with the steps it is in. The build cuts out each step's complete files
// (lessons/ID/source/FILE -> <build>/lessons/ID/solutions/stepNN/FILE), as Crafting
// Interpreters cuts each chapter's program out of one tree.
//
// A tag is a line of its own, its first characters (after spaces) "//@":
//   //@ 3-5   the lines up to the next "//@ end" are in steps 3 to 5
//   //@ 3-    ... from step 3 to the lesson's last
//   //@ 3     ... in step 3 only
//   //@ end   closes the block
// A line outside any block is in every step. Blocks do not nest. The steps are the lesson's
// solutions, numbered as lesson.json's "solution" fields name them (solutions/step03 is 3).

#include <filesystem>
#include <string>
#include <string_view>

#include "kit/lessons.hpp"

namespace mazekit {

/// The code of step `step` (1 to `lastStep`) in a lesson source's `text`: its untagged lines
/// and those of the blocks whose range holds `step`, byte for byte, tags left out. Throws
/// UsageError naming `file` and the line of a bad tag: a block never closed, an "end" with no
/// block, a block inside a block, a range that is not one, or a step outside 1 to `lastStep`.
///   cutLessonSource("a\n//@ 2-\nb\n//@ end\n", "maze.hpp", 1, 3) == "a\n"
std::string cutLessonSource(std::string_view text, const std::filesystem::path& file, int step,
                            int lastStep);

/// Cuts every solution of the lesson in `lessonFolder` out of its source/ files and writes each
/// one, atomically, to `output`/solutions/stepNN/FILE; a file that already holds those bytes is
/// left as it is (so that only the steps a change touches are rebuilt). Returns how many files
/// it wrote.
int cutLesson(const std::filesystem::path& lessonFolder, const std::filesystem::path& output);

/// The chaff's `in` file: `wheat` (that file's text in the wheat, read from `wheatFile`) with
/// chaff.replace replaced by chaff.with. Throws UsageError, beginning with `where` ("lesson.json:
/// step 03-tests-for-solve, chaff 'forgets-west'") and naming `wheatFile`, when the text is not
/// in it, is in it more than once, or is the same as chaff.with (the chaff would be the wheat).
///   applyChaff("a b c", {"x", "", "f", "b", "B"}, "", "f") == "a B c"
std::string applyChaff(std::string_view wheat, const Chaff& chaff, const std::string& where,
                       const std::filesystem::path& wheatFile);

/// Writes every chaff of the lesson's test-writing steps ("chaffs" in lesson.json) to
/// `chaffs`/STEP/CHAFF/: all the lesson's files as the step's wheat has them (its solution, cut
/// by cutLesson to `output`/solutions/stepNN/), the chaff's `in` changed by applyChaff. As
/// cutLesson, a file that already holds its bytes is left as it is. Returns how many files it
/// wrote. Throws UsageError naming lesson.json, the step and the chaff when one cannot be made.
int makeLessonChaffs(const std::filesystem::path& lessonFolder, const std::filesystem::path& output,
                     const std::filesystem::path& chaffs);

}  // namespace mazekit
