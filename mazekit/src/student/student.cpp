// The student's loop, the parts that need no compiler (see student/student.hpp).
#include <algorithm>
#include <cctype>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include <turtle/save_file.hpp>

#include "common/files.hpp"
#include "run/compiler_output.hpp"

#include "student/student.hpp"

#include "kit/edition.hpp"

namespace mazekit::student {
namespace fs = std::filesystem;

std::string progressBar(int done, int total, int width) {
  if (width < 1) width = 1;
  const int d = std::clamp(done, 0, std::max(total, 0));
  const int filled = total > 0 ? (d * width + total / 2) / total : 0;
  const int shown =
      (d > 0 && filled == 0) ? 1 : (d < total && filled == width ? width - 1 : filled);
  return "[" + std::string(static_cast<std::size_t>(shown), '#') +
         std::string(static_cast<std::size_t>(width - shown), '-') + "]";
}

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash) {
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return hash;
}

std::string hex(std::uint64_t value) {
  static const char digits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i) {
    out[static_cast<std::size_t>(i)] = digits[value & 0xF];
    value >>= 4;
  }
  return out;
}

std::vector<fs::path> studentFiles(const fs::path& folder) {
  std::vector<fs::path> files;
  if (!fs::is_directory(folder)) return files;
  for (auto it = fs::recursive_directory_iterator(folder); it != fs::recursive_directory_iterator();
       ++it) {
    const std::string name = it->path().filename().string();
    if (!name.empty() && name[0] == '.') {
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file()) files.push_back(it->path().lexically_relative(folder));
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string stepHash(const Lesson& lesson, const Step& step) {
  std::uint64_t hash = fnv1a(lesson.id + "/" + step.id);
  hash = fnv1a(std::string(1, '\0'), hash);
  for (const fs::path& file : studentFiles(lesson.exercise)) {
    hash = fnv1a(file.generic_string(), hash);
    hash = fnv1a(std::string(1, '\0'), hash);
    const std::string bytes = common::readFile(lesson.exercise / file);
    hash = fnv1a(std::to_string(bytes.size()), hash);
    hash = fnv1a(std::string(1, '\0'), hash);
    hash = fnv1a(bytes, hash);
  }
  hash = fnv1a(std::string(1, '\0'), hash);
  // What the step is judged by: its test, or in the student edition a test-writing step's
  // pack of wheat and chaffs (its reference test is not there).
  const fs::path pack = packOf(lesson, step);
  hash =
      fnv1a(common::readFile(fs::exists(step.test) || !fs::exists(pack) ? step.test : pack), hash);
  return hex(hash);
}

StepRef firstNotPassed(const std::vector<Lesson>& lessons, std::size_t first, const State& state) {
  for (std::size_t i = first; i < lessons.size(); ++i) {
    for (const Step& step : lessons[i].steps) {
      if (!state.passedEver(lessons[i].id, step.id)) return {&lessons[i], &step};
    }
  }
  return {};
}

StepRef workingStep(const std::vector<Lesson>& lessons, std::size_t first, const State& state) {
  if (first < lessons.size() && lessons[first].id == state.lesson && !state.step.empty()) {
    const Lesson& lesson = lessons[first];
    bool from = false;
    for (const Step& step : lesson.steps) {
      from = from || step.id == state.step;
      if (from && !state.passedEver(lesson.id, step.id)) return {&lesson, &step};
    }
  }
  return firstNotPassed(lessons, first, state);
}

std::vector<const Step*> staleBefore(const Lesson& lesson, const Step& upTo, const State& state,
                                     const std::function<std::string(const Step&)>& hashOf) {
  std::vector<const Step*> stale;
  for (const Step& step : lesson.steps) {
    if (step.number >= upTo.number) break;
    if (!state.passedWith(lesson.id, step.id, hashOf(step))) stale.push_back(&step);
  }
  return stale;
}

std::vector<std::string> retiredBy(const Lesson& lesson, int upTo) {
  const fs::path file = lesson.folder / "lesson.json";
  std::vector<std::string> retired;
  try {
    const nlohmann::json json = nlohmann::json::parse(common::readFile(file));
    int number = 0;
    for (const nlohmann::json& step : json.at("steps")) {
      if (++number > upTo) break;
      if (!step.contains("retires")) continue;
      for (const nlohmann::json& r : step.at("retires"))
        retired.push_back(r.at("step").get<std::string>());
    }
  } catch (const nlohmann::json::exception& error) {
    throw std::runtime_error("'" + file.string() + "': " + error.what());
  }
  return retired;
}

int stillPassing(const Lesson& lesson, const State& state) {
  int n = 0;
  for (const Step& step : lesson.steps) n += state.passedEver(lesson.id, step.id) ? 1 : 0;
  return n;
}

int passedCount(const Lesson& lesson, const State& state,
                const std::function<std::string(const Step&)>& hashOf) {
  int n = 0;
  for (const Step& step : lesson.steps) {
    if (state.passedWith(lesson.id, step.id, hashOf(step))) ++n;
  }
  return n;
}

StartedFrom startFromLessonBefore(const std::vector<Lesson>& lessons, std::size_t index,
                                  const State& state, const fs::path& root) {
  StartedFrom started;
  if (index == 0 || index >= lessons.size()) return started;
  const Lesson& lesson = lessons[index];
  const Lesson& before = lessons[index - 1];
  const auto shown = [&root](const fs::path& path) {
    return run::relativeTo(path.lexically_normal().string(), {root});
  };
  for (const std::string& file : filesStartingFromLessonBefore(lesson)) {
    const fs::path to = lesson.exercise / file;
    if (fs::exists(to)) continue;
    const fs::path from = before.exercise / file;
    const Step& last = before.steps.back();
    const bool finished =
        fs::is_regular_file(from) && state.passedWith(before.id, last.id, stepHash(before, last));
    const fs::path released = root / "released" / before.id / file;
    if (!finished && fs::is_regular_file(released)) {
      fs::create_directories(to.parent_path());
      turtle::saveFileAtomically(to, common::readFile(lesson.folder / "starts" / file) +
                                         codeBelowOpening(common::readFile(released)));
      started.lines.push_back("Lesson " + std::to_string(lesson.number) +
                              " starts from the finished lesson " + std::to_string(before.number) +
                              " your instructor released, since yours is not GREEN yet: copied " +
                              shown(released) + " to " + shown(to) + ".");
      continue;
    }
    if (!finished) {
      started.ready = false;
      started.lines.push_back(
          "Lesson " + std::to_string(lesson.number) + " starts from your finished lesson " +
          std::to_string(before.number) + " (" + shown(from) +
          "), whose last step is not GREEN yet: finish it first (mazekit "
          "check " +
          std::to_string(before.number) + " " + std::to_string(last.number) + "), then come back.");
      continue;
    }
    const std::string opening = common::readFile(lesson.folder / "starts" / file);
    fs::create_directories(to.parent_path());
    turtle::saveFileAtomically(to, opening + codeBelowOpening(common::readFile(from)));
    started.lines.push_back("Lesson " + std::to_string(lesson.number) +
                            " starts from your own lesson " + std::to_string(before.number) +
                            ": copied " + shown(from) + " to " + shown(to) + ".");
  }
  return started;
}

}  // namespace mazekit::student
