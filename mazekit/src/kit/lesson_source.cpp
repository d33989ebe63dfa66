#include "kit/lesson_source.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>
#include <vector>

#include "common/files.hpp"
#include "common/text.hpp"
#include "kit/kit.hpp"
#include "kit/lessons.hpp"

namespace mazekit {
namespace {

// The lesson as the build cuts it: only the solutions' names matter, not where they are built.
Lesson lessonToCut(const std::filesystem::path& lessonFolder) {
  return readLesson(lessonFolder, LessonPlaces{});
}

const char* const kTagHelp =
    "write '//@ 3-5' (steps 3 to 5), '//@ 3-' (from step 3 on), '//@ 3' (step 3 only) or "
    "'//@ end'";

std::string_view trimmed(std::string_view line) {
  while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front())))
    line.remove_prefix(1);
  while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
    line.remove_suffix(1);
  return line;
}

struct Range {
  int first = 0;
  int last = 0;
};

// "3-5", "3-" or "3" (after "//@ "); nullopt for anything else.
std::optional<Range> parseRange(std::string_view text, int lastStep) {
  const std::size_t dash = text.find('-');
  const std::string_view first = text.substr(0, dash);
  if (!common::isNumber(first)) return std::nullopt;
  Range range;
  range.first = std::stoi(std::string(first));
  if (dash == std::string_view::npos) {
    range.last = range.first;
  } else {
    const std::string_view last = text.substr(dash + 1);
    if (last.empty()) {
      range.last = lastStep;
    } else if (common::isNumber(last)) {
      range.last = std::stoi(std::string(last));
    } else {
      return std::nullopt;
    }
  }
  return range;
}

UsageError errorAt(const std::filesystem::path& file, int line, const std::string& what) {
  return UsageError(file.string() + ":" + std::to_string(line) + ": " + what);
}

// The steps of the tag `tag` ("//@ 3-5", its `argument` "3-5") on line `number` of `file`;
// throws errorAt when it is not a range, names a step the lesson does not have, or ends before
// it starts.
Range rangeOfTag(std::string_view tag, std::string_view argument, int lastStep,
                 const std::filesystem::path& file, int number) {
  const std::optional<Range> range = parseRange(argument, lastStep);
  if (!range) {
    throw errorAt(file, number, "'" + std::string(tag) + "' is not a range of steps: " + kTagHelp);
  }
  if (range->first < 1 || range->first > lastStep || range->last > lastStep) {
    throw errorAt(file, number,
                  "'" + std::string(tag) + "' names step " +
                      std::to_string(range->first < 1 || range->first > lastStep ? range->first
                                                                                 : range->last) +
                      ", but the lesson's steps are 1 to " + std::to_string(lastStep) +
                      " (its solutions in lesson.json): name steps in that range");
  }
  if (range->last < range->first) {
    throw errorAt(file, number,
                  "'" + std::string(tag) +
                      "' ends before it starts: write the first step, then the last (e.g. '//@ " +
                      std::to_string(range->last) + "-" + std::to_string(range->first) + "')");
  }
  return *range;
}

}  // namespace

std::string cutLessonSource(std::string_view text, const std::filesystem::path& file, int step,
                            int lastStep) {
  if (step < 1 || step > lastStep) {
    throw UsageError(file.string() + ": there is no step " + std::to_string(step) +
                     " to cut: the lesson's steps are 1 to " + std::to_string(lastStep));
  }
  std::string code;
  int number = 0;
  int openedAt = 0;  // the line of the open block's tag; 0 outside a block
  std::string openTag;
  bool keep = true;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line =
        end == std::string_view::npos ? text : text.substr(0, end + 1);  // with its '\n'
    text.remove_prefix(line.size());
    ++number;
    const std::string_view tag = trimmed(line);
    if (tag.substr(0, 3) != "//@") {
      if (keep) code += line;
      continue;
    }
    const std::string_view argument = trimmed(tag.substr(3));
    if (argument == "end") {
      if (openedAt == 0) {
        throw errorAt(file, number,
                      "'//@ end' closes no block: open one above it with a line such as "
                      "'//@ 3-5', or delete this line");
      }
      openedAt = 0;
      keep = true;
      continue;
    }
    const Range range = rangeOfTag(tag, argument, lastStep, file, number);
    if (openedAt != 0) {
      throw errorAt(file, number,
                    "'" + std::string(tag) + "' opens a block inside the block '" + openTag +
                        "' of line " + std::to_string(openedAt) +
                        ", and blocks do not nest: close that one with '//@ end' first");
    }
    openedAt = number;
    openTag = std::string(tag);
    keep = range.first <= step && step <= range.last;
  }
  if (openedAt != 0) {
    throw errorAt(
        file, openedAt,
        "the block '" + openTag + "' is never closed: add a line '//@ end' where its code ends");
  }
  return code;
}

int cutLesson(const std::filesystem::path& lessonFolder, const std::filesystem::path& output) {
  const Lesson lesson = lessonToCut(lessonFolder);
  const int last = lesson.solutionCount();
  int written = 0;
  for (const std::string& name : lesson.files) {
    const std::filesystem::path source = lessonFolder / "source" / name;
    if (!std::filesystem::is_regular_file(source)) {
      throw UsageError("'" + source.string() +
                       "' is not there: each of lesson.json's \"files\" ('" + name +
                       "') has its one source, every step's code in it, in source/");
    }
    const std::string text = common::readFile(source);
    for (int step = 1; step <= last; ++step) {
      char folder[32];
      std::snprintf(folder, sizeof folder, "step%02d", step);
      const std::filesystem::path target = output / "solutions" / folder / name;
      if (common::saveFileIfChanged(target, cutLessonSource(text, source, step, last))) ++written;
    }
  }
  return written;
}

std::string applyChaff(std::string_view wheat, const Chaff& chaff, const std::string& where,
                       const std::filesystem::path& wheatFile) {
  if (chaff.replace == chaff.with) {
    throw UsageError(where +
                     ": its \"with\" is its \"replace\": the chaff would be the wheat; "
                     "make \"with\" the one mistake the student's tests must catch");
  }
  const std::size_t at = chaff.replace.empty() ? std::string_view::npos : wheat.find(chaff.replace);
  if (at == std::string_view::npos) {
    throw UsageError(where + ": its \"replace\" text is not in " + wheatFile.string() +
                     " (the wheat, cut from the lesson's source/" + chaff.in +
                     "); copy it from that file exactly, spaces and line breaks too");
  }
  if (wheat.find(chaff.replace, at + 1) != std::string_view::npos) {
    throw UsageError(where + ": its \"replace\" text is in " + wheatFile.string() +
                     " more than once; take more of the line around it, so that it names one "
                     "place");
  }
  std::string chaffText(wheat.substr(0, at));
  chaffText += chaff.with;
  chaffText += wheat.substr(at + chaff.replace.size());
  return chaffText;
}

int makeLessonChaffs(const std::filesystem::path& lessonFolder, const std::filesystem::path& output,
                     const std::filesystem::path& chaffs) {
  const Lesson lesson = lessonToCut(lessonFolder);
  const std::filesystem::path file = lessonFolder / "lesson.json";
  int written = 0;
  for (const Step& step : lesson.steps) {
    const std::size_t wheatStep = static_cast<std::size_t>(step.wheatStep - 1);
    const std::filesystem::path wheat = output / lesson.steps.at(wheatStep).solutionName;
    for (const Chaff& chaff : step.chaffs) {
      const std::string where = file.string() + ": step " + step.id + ", chaff '" + chaff.id + "'";
      for (const std::string& name : lesson.files) {
        const std::string text = common::readFile(wheat / name);
        const std::string chaffText =
            name == chaff.in ? applyChaff(text, chaff, where, wheat / name) : text;
        if (common::saveFileIfChanged(chaffs / step.id / chaff.id / name, chaffText)) ++written;
      }
    }
  }
  return written;
}

}  // namespace mazekit
