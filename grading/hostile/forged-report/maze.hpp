#pragma once
// forged-report: a student who does none of the lesson (the class is grading/stub's) and forges
// the result instead. Before main() runs - from a function marked __attribute__((constructor))
// and again from a global object's constructor, whichever comes first - the program writes a
// report in which every test case of its step passed: the names and tags are read from the
// step's own test file (__BASE_FILE__), so they are exactly the expected ones. Then it ends
// with _exit(0), before a single test has run.
//
// It writes two forgeries. One is the kit's own signed report, a line {"report": ..., "mac":
// ...} in the harness's format: the harness signs with HMAC-SHA-256 under a key the grader
// writes into the linked program, so the student looks the key up in its own program file
// (/proc/self/exe) through the symbol table - the harness keeps it in an object named keySlot
// - or, without one, finds the key's place through an unkeyed copy of its program left
// readable beside it (a grader without the sandbox), and signs the forgery with it; with
// neither it signs with zeros. The other is a
// Catch2 XML report. Each goes everywhere a grader might read one: the descriptor in
// $MAZEKIT_REPORT_FD, fds 3-9 whether open or not, every other open descriptor (stdout,
// pipes), /dev/fd/3, catch-results.xml in the working folder and each folder above it, the
// file given to Catch2's -o, and any file or descriptor named by a *REPORT* or *RESULT*
// variable.
//
// What the kit must do: believe only a report its own harness signed, with a key the
// student's code cannot read - the step program stripped of its symbols, no unkeyed copy
// readable to the student's code, and without the sandbox a program the student's user may
// run but not read. No genuine report means no points: every step 0,
// "tampered" or "ended early", total 0; and the scan flags the constructor attribute.

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include <turtle/turtle.hpp>

namespace forgery {

inline std::string fileText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The test cases of this step, as (name, tags), read from the test file being compiled; or,
// in a program of every step (whose file #includes each step's test, and whose command line
// picks the step's file with Catch2's -# [#file]), from the file of the step this run is for.
inline std::vector<std::pair<std::string, std::string>> testCasesOfThisStep() {
  std::vector<std::pair<std::string, std::string>> cases;
  std::string source = fileText(__BASE_FILE__);
  const std::string commandLine = fileText("/proc/self/cmdline");
  const std::size_t pick = commandLine.find("[#");
  if (pick != std::string::npos) {
    const std::string file = commandLine.substr(pick + 2, commandLine.find(']', pick) - pick - 2);
    for (std::size_t at = source.find("#include \""); at != std::string::npos;
         at = source.find("#include \"", at + 1)) {
      const std::string path = source.substr(at + 10, source.find('"', at + 10) - at - 10);
      if (path.find(file + ".") != std::string::npos) {
        source = fileText(path);
        break;
      }
    }
  }
  // The string literal starting at `at` (which must be a quote), or "" when there is none.
  const auto literalAt = [&source](std::size_t at, std::size_t& end) {
    std::string value;
    if (at >= source.size() || source[at] != '"') return value;
    for (std::size_t i = at + 1; i < source.size(); ++i) {
      if (source[i] == '\\' && i + 1 < source.size()) {
        value += source[++i];
      } else if (source[i] == '"') {
        end = i + 1;
        return value;
      } else {
        value += source[i];
      }
    }
    return value;
  };
  for (std::size_t at = source.find("TEST_CASE("); at != std::string::npos;
       at = source.find("TEST_CASE(", at + 1)) {
    std::size_t end = at + 10;
    const std::string name = literalAt(source.find('"', at), end);
    const std::string tags = literalAt(source.find('"', end), end);
    if (!name.empty()) cases.emplace_back(name, tags);
  }
#ifdef KIT_STEP_ID
  if (cases.empty()) cases.emplace_back(KIT_STEP_ID, "");  // no test file: a name at least
#endif
  if (cases.empty()) cases.emplace_back("the step", "");
  return cases;
}

inline std::string xmlEscaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// What Catch2's XML reporter writes for a run in which every test case passed.
inline std::string allPassingReport() {
  const auto cases = testCasesOfThisStep();
  const std::string file = xmlEscaped(__BASE_FILE__);
  std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Catch name=\"step\">\n  <Group name=\"step\">\n";
  int line = 10;
  for (const auto& [name, tags] : cases) {
    xml += "    <TestCase name=\"" + xmlEscaped(name) + "\" tags=\"" + xmlEscaped(tags) +
           "\" filename=\"" + file + "\" line=\"" + std::to_string(line) + "\">\n";
    xml += "      <Expression success=\"true\" type=\"CHECK\" filename=\"" + file + "\" line=\"" +
           std::to_string(line + 2) + "\">\n        <Original>\n          true\n        </Original>\n"
           "        <Expanded>\n          true\n        </Expanded>\n      </Expression>\n";
    xml += "      <OverallResult success=\"true\"/>\n    </TestCase>\n";
    line += 20;
  }
  const std::string counts = "successes=\"" + std::to_string(cases.size()) +
                             "\" failures=\"0\" expectedFailures=\"0\"/>\n";
  xml += "    <OverallResults " + counts + "    <OverallResultsCases " + counts + "  </Group>\n";
  xml += "  <OverallResults " + counts + "  <OverallResultsCases " + counts + "</Catch>\n";
  return xml;
}

inline std::string jsonEscaped(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

// SHA-256 (FIPS 180-4) and HMAC (RFC 2104), as the harness signs: anyone with the key can.
class Sha256 {
 public:
  void update(const std::string& bytes) {
    for (const char c : bytes) {
      block_[used_++] = static_cast<std::uint8_t>(c);
      if (used_ == 64) {
        compress();
        used_ = 0;
      }
    }
    length_ += bytes.size();
  }

  std::string finish() {
    const std::uint64_t bits = length_ * 8;
    update(std::string(1, '\x80'));
    while (used_ != 56) update(std::string(1, '\0'));
    std::string length;
    for (int i = 7; i >= 0; --i) length += static_cast<char>(bits >> (8 * i));
    update(length);
    std::string digest;
    for (const std::uint32_t word : state_) {
      for (int shift = 24; shift >= 0; shift -= 8) digest += static_cast<char>(word >> shift);
    }
    return digest;
  }

 private:
  static std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

  void compress() {
    static constexpr std::uint32_t k[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
    std::uint32_t w[64];
    for (int i = 0; i < 16; ++i) {
      w[i] = (std::uint32_t{block_[4 * i]} << 24) | (std::uint32_t{block_[4 * i + 1]} << 16) |
             (std::uint32_t{block_[4 * i + 2]} << 8) | std::uint32_t{block_[4 * i + 3]};
    }
    for (int i = 16; i < 64; ++i) {
      const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint32_t v[8];
    std::memcpy(v, state_, sizeof v);
    for (int i = 0; i < 64; ++i) {
      const std::uint32_t t1 = v[7] + (rotr(v[4], 6) ^ rotr(v[4], 11) ^ rotr(v[4], 25)) +
                               ((v[4] & v[5]) ^ (~v[4] & v[6])) + k[i] + w[i];
      const std::uint32_t t2 = (rotr(v[0], 2) ^ rotr(v[0], 13) ^ rotr(v[0], 22)) +
                               ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
      std::memmove(v + 1, v, 7 * sizeof v[0]);
      v[4] += t1;
      v[0] = t1 + t2;
    }
    for (int i = 0; i < 8; ++i) state_[i] += v[i];
  }

  std::uint32_t state_[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                             0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::uint8_t block_[64] = {};
  std::size_t used_ = 0;
  std::uint64_t length_ = 0;
};

inline std::string sha256(const std::string& bytes) {
  Sha256 hash;
  hash.update(bytes);
  return hash.finish();
}

inline std::string hmacSha256Hex(std::string key, const std::string& message) {
  if (key.size() > 64) key = sha256(key);
  key.resize(64, '\0');
  std::string inner = key;
  std::string outer = key;
  for (std::size_t i = 0; i < 64; ++i) {
    inner[i] = static_cast<char>(inner[i] ^ 0x36);
    outer[i] = static_cast<char>(outer[i] ^ 0x5c);
  }
  const std::string mac = sha256(outer + sha256(inner + message));
  static const char* digits = "0123456789abcdef";
  std::string hex;
  for (const char c : mac) {
    hex += digits[static_cast<std::uint8_t>(c) >> 4];
    hex += digits[static_cast<std::uint8_t>(c) & 15];
  }
  return hex;
}

// A little-endian number at `offset` in an ELF file, or 0 past its end.
template <class Number>
Number numberAt(const std::string& file, std::size_t offset) {
  Number value{};
  if (offset + sizeof value <= file.size()) std::memcpy(&value, file.data() + offset, sizeof value);
  return value;
}

// Without a symbol table: the grader wrote the key into a copy of a program it built, right
// after the key slot's marker. Where the unkeyed program is still readable (a grader that
// runs the code as a user of its own and leaves its build folder to that user), the marker's
// place in it is the key's place in this program, less the marker. The marker is spelled in
// two pieces here, so that this program does not hold it whole.
inline std::string keyByComparison(const std::string& elf) {
  namespace fs = std::filesystem;
  const std::string marker = std::string("mazekit-harness-") + "key-slot-v1:....";
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec || elf.empty()) return "";
  const fs::path builds = self.parent_path().parent_path();
  for (auto it = fs::recursive_directory_iterator(builds, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it.depth() > 1 || !it->is_regular_file(ec) || it->file_size(ec) != elf.size()) continue;
    std::ifstream in(it->path(), std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    const std::string other = bytes.str();
    const std::size_t at = other.find(marker);
    if (at != std::string::npos && at + 64 <= elf.size() && elf.compare(at, 32, marker) != 0)
      return elf.substr(at + 32, 32);
  }
  return "";
}

// The harness's key, as the grader wrote it into this program: the 32 bytes after the 32 of
// the key slot's marker. The slot is found by its name in the symbol table (ELF64: .symtab,
// its string table, the section that holds the object). "" when the program has no symbols.
inline std::string stolenKey() {
  std::ifstream in("/proc/self/exe", std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  const std::string elf = bytes.str();
  if (elf.size() < 64 || elf.compare(0, 4, "\x7f" "ELF") != 0 || elf[4] != 2) return "";
  const auto sectionTable = numberAt<std::uint64_t>(elf, 0x28);
  const auto sectionSize = numberAt<std::uint16_t>(elf, 0x3a);
  const auto sections = numberAt<std::uint16_t>(elf, 0x3c);
  const auto header = [&](std::size_t k) { return sectionTable + k * sectionSize; };
  for (std::size_t k = 0; k < sections; ++k) {
    if (numberAt<std::uint32_t>(elf, header(k) + 4) != 2) continue;  // SHT_SYMTAB
    const auto symbols = numberAt<std::uint64_t>(elf, header(k) + 0x18);
    const auto symbolsSize = numberAt<std::uint64_t>(elf, header(k) + 0x20);
    const auto names = numberAt<std::uint64_t>(elf, header(numberAt<std::uint32_t>(elf, header(k) + 0x28)) + 0x18);
    for (std::uint64_t symbol = symbols; symbol + 24 <= symbols + symbolsSize; symbol += 24) {
      const std::size_t nameAt = names + numberAt<std::uint32_t>(elf, symbol);
      if (nameAt >= elf.size()) continue;
      const std::string name = elf.c_str() + nameAt;
      if (name.find("keySlot") == std::string::npos || numberAt<std::uint64_t>(elf, symbol + 16) != 64) continue;
      const auto holder = header(numberAt<std::uint16_t>(elf, symbol + 6));
      const auto address = numberAt<std::uint64_t>(elf, symbol + 8);
      const std::size_t offset = numberAt<std::uint64_t>(elf, holder + 0x18) + (address - numberAt<std::uint64_t>(elf, holder + 0x10));
      if (offset + 64 <= elf.size()) return elf.substr(offset + 32, 32);
    }
  }
  return keyByComparison(elf);
}

// The harness's own report (mazekit-report-1): every test case ran, asserted and passed.
inline std::string signedAllPassingReport() {
  std::string report = "{\"format\":\"mazekit-report-1\",\"aborting\":false,\"test_cases\":[";
  bool first = true;
  for (const auto& testCase : testCasesOfThisStep()) {
    if (!first) report += ",";
    first = false;
    report += "{\"name\":\"" + jsonEscaped(testCase.first) +
              "\",\"assertions\":3,\"failed\":0,\"first_failure\":\"\"}";
  }
  report += "]}";
  const std::string key = stolenKey();
  const std::string mac = key.empty() ? std::string(64, '0') : hmacSha256Hex(key, report);
  return "{\"report\":\"" + jsonEscaped(report) + "\",\"mac\":\"" + mac + "\"}\n";
}

inline void writeAll(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

inline void writeFile(const std::string& path, const std::string& bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return;
  writeAll(fd, bytes);
  ::close(fd);
}

inline bool isNumber(const char* text) {
  if (text == nullptr || *text == '\0') return false;
  for (const char* c = text; *c != '\0'; ++c) {
    if (*c < '0' || *c > '9') return false;
  }
  return true;
}

inline void forgeAndLeave() {
  namespace fs = std::filesystem;
  const std::string xml = allPassingReport();
  const std::string signedLine = signedAllPassingReport();

  // The harness's channel first, with the signed line alone, as the harness writes it.
  int reportFd = -1;
  if (const char* fd = std::getenv("MAZEKIT_REPORT_FD"); isNumber(fd)) {
    reportFd = std::atoi(fd);
    writeAll(reportFd, signedLine);
  }

  // Report files in the working folder and every folder above it.
  std::error_code error;
  for (fs::path folder = fs::current_path(error); !folder.empty(); folder = folder.parent_path()) {
    for (const char* name : {"catch-results.xml", "report.xml", "results.xml"}) {
      writeFile((folder / name).string(), xml);
    }
    if (folder == folder.root_path()) break;
  }

  // The file Catch2 was told to write with -o / --out, from this program's own command line.
  std::ifstream cmdline("/proc/self/cmdline", std::ios::binary);
  std::vector<std::string> args;
  for (std::string arg; std::getline(cmdline, arg, '\0');) args.push_back(arg);
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "-o" || args[i] == "--out") writeFile(args[i + 1], xml);
  }
  for (const std::string& arg : args) {
    if (arg.rfind("--out=", 0) == 0) writeFile(arg.substr(6), xml);
  }

  // Other variables that look like they say where results go: a descriptor or a path.
  std::ifstream environment("/proc/self/environ", std::ios::binary);
  for (std::string entry; std::getline(environment, entry, '\0');) {
    const auto eq = entry.find('=');
    if (eq == std::string::npos) continue;
    const std::string name = entry.substr(0, eq);
    const std::string value = entry.substr(eq + 1);
    if (name == "MAZEKIT_REPORT_FD") continue;
    if (name.find("REPORT") == std::string::npos && name.find("RESULT") == std::string::npos) continue;
    if (isNumber(value.c_str())) {
      writeAll(std::atoi(value.c_str()), signedLine);
    } else if (!value.empty()) {
      writeFile(value, xml);
    }
  }

  // Every other descriptor: stdout, /dev/fd/3, 3-9 whether or not /proc shows them, and any
  // other open one (a pipe back to the grader is the likeliest channel).
  if (reportFd != 3) writeFile("/dev/fd/3", xml);
  std::vector<int> fds = {1, 3, 4, 5, 6, 7, 8, 9};
  for (const auto& entry : fs::directory_iterator("/proc/self/fd", error)) {
    const std::string name = entry.path().filename().string();
    if (isNumber(name.c_str()) && std::atoi(name.c_str()) > 9) fds.push_back(std::atoi(name.c_str()));
  }
  for (const int fd : fds) {
    if (fd == reportFd) continue;
    writeAll(fd, xml);
    if (fd != 1) writeAll(fd, signedLine);
  }

  ::_exit(0);  // before main: no test ever runs, and Catch2 never writes a report of its own
}

// Runs before main() from the loader's list of constructors...
__attribute__((constructor)) static void forgeBeforeMain() { forgeAndLeave(); }  // [flag]

// ...and, should a grader strip that attribute, from a global object's constructor.
struct ForgeryOnLoad {
  ForgeryOnLoad() { forgeAndLeave(); }
};
static const ForgeryOnLoad forgeryOnLoad;

}  // namespace forgery

// The lesson itself, not done: grading/stub/maze.hpp.
constexpr int EAST = 0;
constexpr int NORTH = 1;
constexpr int WEST = 2;
constexpr int SOUTH = 3;

constexpr int INVALID = -1;
constexpr int EMPTY = 0;
constexpr int WALL = 1;
constexpr int VISITED = 2;
constexpr int END = 3;

struct Neighbor {
  turtle::Vec2D position;
  int value;
};

class Maze {
 public:
  turtle::Screen screen;
  turtle::Turtle turtle{screen};
  std::vector<std::vector<int>> matrix = std::vector<std::vector<int>>(20, std::vector<int>(20, 0));

  Maze() {}

  void reset() {}

  int getMatrixValueAt(const turtle::Vec2D& /*position*/) const { return 0; }

  bool setMatrixValueAt(const turtle::Vec2D& /*position*/, int /*value*/) { return false; }

  turtle::Vec2D dig(int /*direction*/) { return {}; }

  std::vector<Neighbor> neighbors() const { return {}; }

  void makeMaze() {}

  void seed(std::uint64_t /*n*/) {}
};
