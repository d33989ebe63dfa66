#pragma once
// The progress file (exercises/.mazekit-progress.json): where a student is and which steps
// passed against which content of their files. The student's commands keep it; the class
// report reads the ones an instructor collects.

#include <filesystem>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace mazekit {

/// What mazekit remembers between runs: where the student is and which steps passed against
/// which content of their files.
struct State {
  std::string lesson;  ///< the lesson the student is on ("01-turtle-warmup"), or empty
  std::string step;    ///< the step the last check stopped at, or empty
  std::map<std::string, std::map<std::string, std::string>> passed;  ///< lesson → step → hash

  bool passedEver(const std::string& lesson, const std::string& step) const;
  bool passedWith(const std::string& lesson, const std::string& step,
                  const std::string& hash) const;
  void markPassed(const std::string& lesson, const std::string& step, const std::string& hash);
  void markFailed(const std::string& lesson, const std::string& step);

  friend bool operator==(const State& a, const State& b) {
    return a.lesson == b.lesson && a.step == b.step && a.passed == b.passed;
  }
};

nlohmann::json toJson(const State& state);
/// Throws std::runtime_error saying what is wrong with the JSON.
State stateFromJson(const nlohmann::json& json);

/// Reads the progress file. A missing file is a fresh start. A file that is not a progress
/// file (cut short, edited by hand) is moved aside to FILE.corrupt and reading starts afresh;
/// `warning` then says so in one line.
State loadState(const std::filesystem::path& file, std::string& warning);
/// Writes the progress file whole or not at all (the folder is created).
void saveState(const std::filesystem::path& file, const State& state);

}  // namespace mazekit
