// The student's loop, the parts that need no compiler (see student/student.hpp).
#include <algorithm>
#include <cctype>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include <turtle/save_file.hpp>

#include "student/student.hpp"

#include "kit/edition.hpp"

namespace mazekit::student {
namespace fs = std::filesystem;

namespace {

// The lines of a program's output, each cut to 2000 bytes: what is read from them is near the
// start, and the regular expressions that read them must not meet a megabyte-long line.
std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() > 2000) line.resize(2000);
    lines.push_back(line);
  }
  return lines;
}

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

bool startsWith(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

std::string readFile(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read '" + file.string() + "'");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace

std::string relativeTo(const std::string& path, const std::vector<fs::path>& roots) {
  for (const fs::path& root : roots) {
    std::string prefix = root.lexically_normal().string();
    if (prefix.empty()) continue;
    if (prefix.back() != '/') prefix += '/';
    if (startsWith(path, prefix)) return path.substr(prefix.size());
  }
  return path;
}

std::string shorten(std::string_view text, std::size_t max) {
  std::string out;
  for (const char c : text) {
    const bool space = c == '\n' || c == '\r' || c == '\t' || c == ' ';
    if (space) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (out.size() > max) {
    const std::size_t keep = max > 3 ? max - 3 : 0;
    out = out.substr(0, keep) + "...";
  }
  return out;
}

std::string BuildError::text(std::size_t max) const {
  std::string where;
  if (!file.empty()) {
    where = file;
    if (line > 0) where += ":" + std::to_string(line);
    if (column > 0) where += ":" + std::to_string(column);
    where += ": ";
  }
  return shorten(where + message, max);
}

namespace {

// "file:line:col: <kind>: message" as a BuildError.
BuildError located(const std::smatch& m, const std::vector<fs::path>& roots) {
  BuildError error;
  error.file = relativeTo(m[1].str(), roots);
  // A #line directive can make any number: too long a one reads as 0.
  const auto number = [](const std::string& digits) {
    return digits.size() > 9 ? 0 : std::stoi(digits);
  };
  error.line = number(m[2].str());
  error.column = m[3].matched ? number(m[3].str()) : 0;
  error.message = m[4].str();
  return error;
}

}  // namespace

std::optional<BuildError> firstStudentWarning(const std::string& output,
                                              const std::vector<fs::path>& roots,
                                              const std::string& folder) {
  static const std::regex warning(R"(^(.+?):(\d+):(?:(\d+):)? warning: (.*)$)");
  for (const std::string& line : splitLines(output)) {
    std::smatch m;
    if (!std::regex_match(line, m, warning)) continue;
    BuildError found = located(m, roots);
    if (found.file.rfind(folder + "/", 0) == 0) return found;
  }
  return std::nullopt;
}

std::optional<BuildError> studentCopyNote(const std::string& output,
                                          const std::vector<fs::path>& roots,
                                          const std::string& folder) {
  static const std::regex note(
      R"(^(.+?):(\d+):(?:(\d+):)? note: +((?:initializing argument \d+ of|passing argument to parameter) .*)$)");
  for (const std::string& line : splitLines(output)) {
    std::smatch m;
    if (!std::regex_match(line, m, note)) continue;
    BuildError found = located(m, roots);
    if (found.file.rfind(folder + "/", 0) == 0) return found;
  }
  return std::nullopt;
}

std::optional<BuildError> firstBuildError(const std::string& output,
                                          const std::vector<fs::path>& roots) {
  static const std::regex errorLine(R"(^(.+?):(\d+):(?:(\d+):)? (?:fatal )?error: (.*)$)");
  const std::vector<std::string> lines = splitLines(output);
  for (const std::string& line : lines) {
    std::smatch m;
    if (std::regex_match(line, m, errorLine)) return located(m, roots);
  }
  for (const std::string& line : lines) {
    const auto at = line.find("undefined reference to");
    if (at != std::string::npos) {
      BuildError error;
      error.message = "link error: " + line.substr(at);
      return error;
    }
  }
  for (const std::string& line : lines) {
    const auto at = line.find("error:");
    if (at != std::string::npos) {
      BuildError error;
      error.message = trim(line);
      for (const fs::path& root : roots) {
        std::string prefix = root.lexically_normal().string();
        if (prefix.empty()) continue;
        if (prefix.back() != '/') prefix += '/';
        for (auto p = error.message.find(prefix); p != std::string::npos;
             p = error.message.find(prefix)) {
          error.message.erase(p, prefix.size());
        }
      }
      return error;
    }
  }
  return std::nullopt;
}

std::vector<BuildError> notesOfFirstError(const std::string& output,
                                          const std::vector<fs::path>& roots, std::size_t most) {
  static const std::regex errorLine(R"(^(.+?):(\d+):(?:(\d+):)? (?:fatal )?error: (.*)$)");
  static const std::regex noteLine(R"(^(.+?):(\d+):(?:(\d+):)? note: (.*)$)");
  std::vector<BuildError> notes;
  bool afterError = false;
  for (const std::string& line : splitLines(output)) {
    std::smatch m;
    if (std::regex_match(line, m, errorLine) || line.find(": warning: ") != std::string::npos) {
      if (afterError) break;  // the next error's notes are its own
      afterError = std::regex_match(line, m, errorLine);
      continue;
    }
    if (!afterError || !std::regex_match(line, m, noteLine)) continue;
    if (notes.size() == most) break;
    notes.push_back(located(m, roots));
  }
  return notes;
}

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
    const std::string bytes = readFile(lesson.exercise / file);
    hash = fnv1a(std::to_string(bytes.size()), hash);
    hash = fnv1a(std::string(1, '\0'), hash);
    hash = fnv1a(bytes, hash);
  }
  hash = fnv1a(std::string(1, '\0'), hash);
  // What the step is judged by: its test, or in the student edition a test-writing step's
  // pack of wheat and chaffs (its reference test is not there).
  const fs::path pack = packOf(lesson, step);
  hash = fnv1a(readFile(fs::exists(step.test) || !fs::exists(pack) ? step.test : pack), hash);
  return hex(hash);
}

bool State::passedEver(const std::string& l, const std::string& s) const {
  const auto it = passed.find(l);
  return it != passed.end() && it->second.count(s) > 0;
}

bool State::passedWith(const std::string& l, const std::string& s, const std::string& hash) const {
  const auto it = passed.find(l);
  if (it == passed.end()) return false;
  const auto found = it->second.find(s);
  return found != it->second.end() && found->second == hash;
}

void State::markPassed(const std::string& l, const std::string& s, const std::string& hash) {
  passed[l][s] = hash;
}

void State::markFailed(const std::string& l, const std::string& s) {
  const auto it = passed.find(l);
  if (it == passed.end()) return;
  it->second.erase(s);
  if (it->second.empty()) passed.erase(it);
}

nlohmann::json toJson(const State& state) {
  nlohmann::json json;
  json["mazekit_progress"] = 1;
  json["lesson"] = state.lesson;
  json["step"] = state.step;
  json["passed"] = nlohmann::json::object();
  for (const auto& [lesson, steps] : state.passed) {
    for (const auto& [step, hash] : steps) json["passed"][lesson][step] = hash;
  }
  return json;
}

State stateFromJson(const nlohmann::json& json) {
  if (!json.is_object()) throw std::runtime_error("it is not a JSON object");
  if (!json.contains("mazekit_progress") || json["mazekit_progress"] != 1) {
    throw std::runtime_error("it has no \"mazekit_progress\": 1");
  }
  State state;
  try {
    state.lesson = json.at("lesson").get<std::string>();
    state.step = json.at("step").get<std::string>();
    for (const auto& [lesson, steps] : json.at("passed").items()) {
      if (!steps.is_object()) throw std::runtime_error("passed." + lesson + " is not an object");
      for (const auto& [step, hash] : steps.items()) {
        state.passed[lesson][step] = hash.get<std::string>();
      }
    }
  } catch (const nlohmann::json::exception& error) {
    throw std::runtime_error(error.what());
  }
  return state;
}

State loadState(const fs::path& file, std::string& warning) {
  warning.clear();
  std::error_code ec;
  if (!fs::exists(file, ec)) return {};
  try {
    const nlohmann::json json = nlohmann::json::parse(readFile(file));
    return stateFromJson(json);
  } catch (const std::exception& error) {
    fs::path aside = file;
    aside += ".corrupt";
    fs::rename(file, aside, ec);
    warning = "the progress file '" + file.string() + "' is not one (" +
              shorten(error.what(), 100) + "); " +
              (ec ? std::string("starting afresh")
                  : "moved it to '" + aside.string() + "' and starting afresh");
    return {};
  }
}

void saveState(const fs::path& file, const State& state) {
  if (file.has_parent_path()) fs::create_directories(file.parent_path());
  turtle::saveFileAtomically(file, toJson(state).dump(2) + "\n");
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
    const nlohmann::json json = nlohmann::json::parse(readFile(file));
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
    return relativeTo(path.lexically_normal().string(), {root});
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
      turtle::saveFileAtomically(
          to, readFile(lesson.folder / "starts" / file) + codeBelowOpening(readFile(released)));
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
    const std::string opening = readFile(lesson.folder / "starts" / file);
    fs::create_directories(to.parent_path());
    turtle::saveFileAtomically(to, opening + codeBelowOpening(readFile(from)));
    started.lines.push_back("Lesson " + std::to_string(lesson.number) +
                            " starts from your own lesson " + std::to_string(before.number) +
                            ": copied " + shown(from) + " to " + shown(to) + ".");
  }
  return started;
}

}  // namespace mazekit::student
