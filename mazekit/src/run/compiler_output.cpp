// The compiler's output read for what a student needs of it (see run/compiler_output.hpp).
#include "run/compiler_output.hpp"

#include <algorithm>
#include <cctype>
#include <regex>
#include <sstream>

namespace mazekit::run {
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

}  // namespace mazekit::run
