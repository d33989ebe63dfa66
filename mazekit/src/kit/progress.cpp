// The progress file (see kit/progress.hpp).
#include "kit/progress.hpp"

#include <stdexcept>

#include "common/files.hpp"

namespace mazekit {
namespace fs = std::filesystem;

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
    const nlohmann::json json = nlohmann::json::parse(common::readFile(file));
    return stateFromJson(json);
  } catch (const std::exception& error) {
    fs::path aside = file;
    aside += ".corrupt";
    fs::rename(file, aside, ec);
    std::string why = error.what();
    if (why.size() > 100) why = why.substr(0, 97) + "...";
    warning = "the progress file '" + file.string() + "' is not one (" + why + "); " +
              (ec ? std::string("starting afresh")
                  : "moved it to '" + aside.string() + "' and starting afresh");
    return {};
  }
}

void saveState(const fs::path& file, const State& state) {
  if (file.has_parent_path()) fs::create_directories(file.parent_path());
  common::saveFileAtomically(file, toJson(state).dump(2) + "\n");
}

}  // namespace mazekit
