// The step program's signed report, and the verdict (see report.hpp).
#include "run/report.hpp"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "../../harness/report_signature.hpp"

namespace mazekit::run {
namespace {

std::string fromBase64(const std::string& text) {
  std::string out;
  unsigned value = 0;
  int bits = 0;
  for (const char c : text) {
    int d = -1;
    if (c >= 'A' && c <= 'Z') d = c - 'A';
    if (c >= 'a' && c <= 'z') d = c - 'a' + 26;
    if (c >= '0' && c <= '9') d = c - '0' + 52;
    if (c == '+') d = 62;
    if (c == '/') d = 63;
    if (d < 0) continue;
    value = (value << 6) | static_cast<unsigned>(d);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((value >> bits) & 0xff);
    }
  }
  return out;
}

bool sameText(const std::string& a, const std::string& b) {
  // Compared in full, whatever the first difference: the time taken tells nothing.
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

std::string plural(std::size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

std::string TestCaseReport::firstFailure() const {
  if (failure.empty()) return "";
  return "test line " + std::to_string(failureLine) + ": " + failure;
}

std::optional<std::string> TestCaseReport::thrown() const {
  static constexpr std::string_view prefix = "exception: ";
  if (failure.compare(0, prefix.size(), prefix) != 0) return std::nullopt;
  return failure.substr(prefix.size());
}

namespace {

// The report channel without the harness's unsigned lines of where the program was
// (trace.hpp), which go to report.stoppedAt: the rest is the signed report alone.
std::string withoutTraceLines(std::string_view whole, HarnessReport& report) {
  static constexpr std::string_view tracePrefix = "mazekit-trace stopped ";
  std::string rest;
  for (std::size_t at = 0; at < whole.size();) {
    std::size_t end = whole.find('\n', at);
    end = end == std::string_view::npos ? whole.size() : end + 1;
    const std::string_view line = whole.substr(at, end - at);
    if (line.substr(0, tracePrefix.size()) == tracePrefix && line.back() == '\n') {
      report.stoppedAt =
          std::string(line.substr(tracePrefix.size(), line.size() - tracePrefix.size() - 1));
    } else {
      rest += line;
    }
    at = end;
  }
  return rest;
}

// One test case of the harness's report; throws nlohmann's exceptions when it is not one.
TestCaseReport testCaseOf(const nlohmann::json& c) {
  TestCaseReport testCase;
  testCase.name = c.at("name").get<std::string>();
  testCase.assertions = c.at("assertions").get<int>();
  testCase.failed = c.at("failed").get<int>();
  if (c.contains("tags")) testCase.tags = c.at("tags").get<std::string>();
  if (!c.contains("failure")) return testCase;
  const auto& failure = c.at("failure");
  testCase.failureFile = failure.at("file").get<std::string>();
  testCase.failureLine = failure.at("line").get<int>();
  testCase.failure = failure.at("text").get<std::string>();
  if (failure.contains("values")) {
    testCase.expression = failure.at("expression").get<std::string>();
    testCase.values = failure.at("values").get<std::string>();
  }
  if (failure.contains("trace")) testCase.trace = failure.at("trace").get<std::string>();
  if (c.contains("picture_png")) {
    testCase.picture = fromBase64(c.at("picture_png").get<std::string>());
    testCase.pictureStopped = c.contains("picture_stopped") && c.at("picture_stopped").get<bool>();
  }
  return testCase;
}

}  // namespace

HarnessReport readHarnessReport(std::string_view whole, const std::optional<Key>& key) {
  HarnessReport report;
  const std::string rest = withoutTraceLines(whole, report);
  const std::string_view channel = rest;
  if (channel.empty()) return report;
  const auto forged = [&](std::string why) {
    report.state = HarnessReport::State::forged;
    report.problem = std::move(why);
    return report;
  };
  // Exactly one line: the harness writes one, once.
  const std::size_t newline = channel.find('\n');
  if (newline == std::string_view::npos || newline + 1 != channel.size()) {
    return forged("the report channel holds more than the harness's one report");
  }
  std::string text;
  std::string mac;
  try {
    const nlohmann::json envelope = nlohmann::json::parse(channel.substr(0, newline));
    text = envelope.at("report").get<std::string>();
    mac = envelope.at("mac").get<std::string>();
  } catch (const nlohmann::json::exception&) {
    return forged("the report is not one the harness writes");
  }
  if (key && !sameText(mac, harness::hmacSha256Hex(key->data(), key->size(), text))) {
    return forged("the report is not signed with the key of this student's program");
  }
  try {
    const nlohmann::json body = nlohmann::json::parse(text);
    if (body.at("format").get<std::string>() != "mazekit-report-1")
      throw std::runtime_error("format");
    report.aborting = body.at("aborting").get<bool>();
    for (const auto& c : body.at("test_cases")) report.testCases.push_back(testCaseOf(c));
    if (body.contains("picture_png"))
      report.picture = fromBase64(body.at("picture_png").get<std::string>());
    if (body.contains("picture_svg")) report.drawing = body.at("picture_svg").get<std::string>();
  } catch (const std::exception&) {
    report.state = HarnessReport::State::unreadable;
    report.problem = "the harness's report cannot be read";
    report.testCases.clear();
    return report;
  }
  report.state = HarnessReport::State::read;
  return report;
}

std::string sanitizerReport(const std::string& output) {
  for (const char* marker :
       {"ERROR: AddressSanitizer", "ERROR: LeakSanitizer", ": runtime error: "}) {
    const std::size_t at = output.find(marker);
    if (at == std::string::npos) continue;
    const std::size_t begin = output.rfind('\n', at);
    const std::size_t start = begin == std::string::npos ? 0 : begin + 1;
    const std::size_t end = output.find('\n', at);
    return output.substr(start, (end == std::string::npos ? output.size() : end) - start);
  }
  return "";
}

namespace {

// How the process ended, when that decides the verdict before its report is read: it did not
// start, was interrupted, ran out of time or memory, was killed by a signal, or was stopped by
// a sanitizer. `before` is what its report says failed before that, if anything.
std::optional<Verdict> verdictOfEnd(const Result& process, const StepExpectation& expected,
                                    const std::string& before) {
  if (!process.started)
    return Verdict{Outcome::graderError, "could not run the step program: " + process.error};
  if (process.interrupted)
    return Verdict{Outcome::notGraded, "not graded: the grading was interrupted"};
  if (process.timedOut) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", expected.timeoutSeconds);
    return Verdict{Outcome::timedOut, std::string("timed out: still running after ") + seconds +
                                          " s (a loop that never ends?)"};
  }
  if (process.outOfMemory) {
    return Verdict{Outcome::crashed, "crashed: used more than " +
                                         std::to_string(expected.memoryBytes >> 20) +
                                         " MB of memory, the limit for a step"};
  }
  if (process.signal != 0)
    return Verdict{Outcome::crashed, "crashed: " + describeSignal(process.signal) + before};
  if (expected.sanitized) {
    if (const std::string found = sanitizerReport(process.output); !found.empty()) {
      // A kit built with sanitizers stops a bad memory access with a report and exit status 1.
      return Verdict{Outcome::crashed, "crashed: stopped by the sanitizer: " + found};
    }
  }
  return std::nullopt;
}

// A report that was read: exactly the step's test cases, each once, each with at least one
// check, none failed, and then an exit status of 0.
Verdict verdictOfTests(const Result& process, const HarnessReport& report,
                       const StepExpectation& expected) {
  std::map<std::string, int> seen;
  for (const auto& c : report.testCases) ++seen[c.name];
  for (const auto& name : expected.testCases) {
    if (seen[name] != 1) {
      return {Outcome::wrongTests, "wrong tests: the step's test case '" + name + "' " +
                                       (seen[name] == 0 ? "did not run" : "ran more than once")};
    }
  }
  if (report.testCases.size() != expected.testCases.size()) {
    return {Outcome::wrongTests,
            "wrong tests: " + plural(report.testCases.size(), "test case", "test cases") +
                " ran; the step has " + std::to_string(expected.testCases.size())};
  }
  for (const auto& c : report.testCases) {
    if (c.failed > 0) return {Outcome::failed, "failed: " + c.firstFailure()};
  }
  for (const auto& c : report.testCases) {
    if (c.assertions == 0)
      return {Outcome::wrongTests, "wrong tests: the test case '" + c.name + "' checked nothing"};
  }
  if (report.aborting || process.exitCode != 0) {
    return {Outcome::endedEarly, "the program ended with exit status " +
                                     std::to_string(process.exitCode) + " after its tests passed"};
  }
  return {Outcome::passed,
          "passed " + plural(expected.testCases.size(), "test case", "test cases")};
}

}  // namespace

Verdict stepVerdict(const Result& process, const HarnessReport& report,
                    const StepExpectation& expected) {
  std::string before;
  if (report.state == HarnessReport::State::read) {
    for (const auto& c : report.testCases) {
      if (!c.failure.empty()) {
        before = "; before that: " + c.firstFailure();
        break;
      }
    }
  }
  if (auto ended = verdictOfEnd(process, expected, before)) return *ended;
  switch (report.state) {
    case HarnessReport::State::missing:
      return {Outcome::endedEarly,
              "the program ended before its tests finished, with exit status " +
                  std::to_string(process.exitCode) + " (does the code call exit() or abort?)"};
    case HarnessReport::State::forged:
      return {Outcome::tampered, "tampered: " + report.problem};
    case HarnessReport::State::unreadable:
      return {Outcome::graderError, report.problem};
    case HarnessReport::State::read:
      break;
  }
  return verdictOfTests(process, report, expected);
}

}  // namespace mazekit::run
