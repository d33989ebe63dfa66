#pragma once
// What each step of a lesson changed in the student's files: its solution against the solution
// of the step before, as a diff (mazekit solution and the gallery show it beside the step).

#include <string>

#include "kit/lessons.hpp"

namespace mazekit {

/// The lines that differ between two texts: "- " before a line only in `before`, "+ " before a
/// line only in `after`, "  " before an unchanged line kept as context (`context` lines either
/// side of each change; a run of others is one line "  ..."). "" when the texts are the same.
///   lineDiff("a\nb\n", "a\nc\n") == "  a\n- b\n+ c\n"
std::string lineDiff(const std::string& before, const std::string& after, int context = 2);

/// What `step`'s solution changed since the solution of the step before, file by file: each
/// changed file's name, a colon, then its lineDiff. "" for the first step, and for a step that
/// changes no code (one where the student writes the tests).
std::string stepChanges(const Lesson& lesson, const Step& step);

}  // namespace mazekit
