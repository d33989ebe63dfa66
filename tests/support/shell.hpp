#pragma once
// Running the kit's programs from a test as a user would, from a shell: quoting, running a
// command line with its output kept, reading a file back whole, and a scratch folder.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

namespace kit_test {

/// The whole file, as bytes; "" if it cannot be read.
inline std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

/// One shell word, whatever the text holds: spaces, quotes, $.
inline std::string quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct CommandResult {
  int status = -1;  ///< exit status, or -1 if a signal ended it
  std::string out;
  std::string err;
};

/// Runs a shell command line with stdin from /dev/null, keeping what it printed. `scratch` is a
/// folder for the output files (named per process: CTest runs test cases side by side).
inline CommandResult runCommand(const std::string& command, const std::filesystem::path& scratch) {
  std::filesystem::create_directories(scratch);
  const std::string pid = std::to_string(getpid());
  const auto out = scratch / ("stdout-" + pid + ".txt");
  const auto err = scratch / ("stderr-" + pid + ".txt");
  const int raw = std::system(
      (command + " </dev/null >" + quoted(out.string()) + " 2>" + quoted(err.string())).c_str());
  CommandResult result;
  result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  result.out = readFile(out);
  result.err = readFile(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return result;
}

/// A new, empty folder of its own for one test case, <temp>/<program> <pid>/<name>: CTest runs
/// the cases side by side, as processes.
inline std::filesystem::path scratchFolder(const std::string& program, const std::string& name) {
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / (program + " " + std::to_string(::getpid())) / name;
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return folder;
}

}  // namespace kit_test
