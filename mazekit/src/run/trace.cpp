// The student's frame of a step program's stack (see trace.hpp).
#include "run/trace.hpp"

#include <map>
#include <sstream>
#include <utility>

#include "run/process.hpp"

namespace mazekit::run {
namespace fs = std::filesystem;

namespace {

// addr2line from binutils (g++'s companion), else LLVM's, which reads the same arguments.
std::string addr2line() {
  for (const char* name : {"addr2line", "llvm-addr2line"}) {
    for (const char* dir : {"/usr/bin", "/usr/local/bin", "/opt/homebrew/bin", "/bin"}) {
      const fs::path candidate = fs::path(dir) / name;
      std::error_code ec;
      if (fs::is_regular_file(candidate, ec)) return candidate.string();
    }
  }
  return "";
}

bool isHex(const std::string& word) {
  return !word.empty() && word.size() <= 16 &&
         word.find_first_not_of("0123456789abcdef") == std::string::npos;
}

}  // namespace

std::vector<SourceFrame> sourceFrames(const fs::path& program, const std::string& offsets) {
  std::vector<std::string> addresses;
  std::istringstream words(offsets);
  for (std::string word; words >> word && addresses.size() < 64;) {
    if (isHex(word)) addresses.push_back("0x" + word);
  }
  const std::string tool = addr2line();
  if (addresses.empty() || tool.empty()) return {};
  Command command;
  // -a: each address's own line first, so that inlined frames (-i) are told apart.
  command.argv = {tool, "-a", "-f", "-C", "-i", "-e", program.string()};
  command.argv.insert(command.argv.end(), addresses.begin(), addresses.end());
  command.environment = {"LC_ALL=C", "PATH=/usr/bin:/bin"};
  Limits limits;
  limits.wallSeconds = 10;
  limits.cpuSeconds = 10;
  limits.outputBytes = 1 << 20;
  const Result ran = runProcess(command, limits);
  if (!ran.exitedWith(0)) return {};
  std::vector<SourceFrame> frames;
  std::istringstream lines(ran.output);
  std::string line;
  std::string function;
  bool haveFunction = false;
  while (std::getline(lines, line)) {
    if (line.rfind("0x", 0) == 0 && isHex(line.substr(2, 16)) && !haveFunction) continue;
    if (!haveFunction) {
      function = line == "??" ? "" : line;
      haveFunction = true;
      continue;
    }
    haveFunction = false;
    // "/path/file.hpp:42", "/path/file.hpp:42 (discriminator 2)", "??:0", "??:?"
    std::string where = line.substr(0, line.find(" ("));
    const std::size_t colon = where.rfind(':');
    if (colon == std::string::npos) continue;
    SourceFrame frame;
    frame.function = function;
    frame.file = where.substr(0, colon);
    try {
      frame.line = std::stoi(where.substr(colon + 1));
    } catch (const std::exception&) {
      frame.line = 0;
    }
    if (frame.file == "??" || frame.line <= 0) continue;
    frames.push_back(std::move(frame));
  }
  return frames;
}

std::optional<SourceFrame> studentFrame(const std::vector<SourceFrame>& frames,
                                        const fs::path& folder) {
  const fs::path top = folder.lexically_normal();
  std::optional<SourceFrame> innermost;
  std::map<std::pair<std::string, int>, int> counts;
  for (const SourceFrame& frame : frames) {
    const fs::path rel = fs::path(frame.file).lexically_normal().lexically_relative(top);
    if (rel.empty() || *rel.begin() == ".." || rel == ".") continue;
    if (!innermost) innermost = frame;
    ++counts[{frame.file, frame.line}];
  }
  for (const SourceFrame& frame : frames) {
    const auto found = counts.find({frame.file, frame.line});
    if (found != counts.end() && found->second >= calledItself) {
      SourceFrame repeated = frame;
      repeated.repeats = found->second;
      return repeated;
    }
  }
  return innermost;
}

std::optional<SourceFrame> studentFrameOf(const fs::path& program, const std::string& offsets,
                                          const fs::path& folder) {
  if (offsets.empty()) return std::nullopt;
  return studentFrame(sourceFrames(program, offsets), folder);
}

}  // namespace mazekit::run
