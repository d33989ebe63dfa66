// The one Catch2 main that every test program links (the kit's own tests, every lesson step,
// every student's step), compiled once, and the harness's reporter, `-r mazekit`: what the
// step's test cases did, as one JSON document signed with the key `mazekit grade` writes
// into the program (report_signature.hpp), and the step's picture. A test case that fails
// carries its own picture: the one it drew with lesson::picture, or else the screen as it
// stood when the test stopped (turtle::Screen::observeClosing).
//
// Catch2 2.13 and 3.x both: the reporter's interface differs between them in a few
// signatures (marked with CATCH_VERSION_MAJOR below), and nothing else.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#if CATCH_VERSION_MAJOR >= 3
#include <catch2/catch_assertion_result.hpp>
#include <catch2/catch_session.hpp>
#include <catch2/catch_test_case_info.hpp>
#include <catch2/interfaces/catch_interfaces_reporter.hpp>
#include <catch2/reporters/catch_reporter_event_listener.hpp>
#include <catch2/reporters/catch_reporter_registrars.hpp>
#include <catch2/reporters/catch_reporter_streaming_base.hpp>
#endif

#include <cxxabi.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <typeinfo>
#include <vector>

#include <turtle/screen.hpp>

#include "report_signature.hpp"
#include "trace.hpp"

#if defined(__SANITIZE_ADDRESS__)
// Under AddressSanitizer: fontconfig keeps the patterns it made for Cairo's text until the
// program ends and never frees them. That leak is the system library's, not the kit's, so
// LeakSanitizer is told to leave it out, however the test program is run.
extern "C" const char* __lsan_default_suppressions() { return "leak:libfontconfig.so\n"; }
#endif

namespace {

// The key slot: the marker, then the key. `mazekit grade` finds the marker in the linked
// program, writes the student's key after it and overwrites the marker with random bytes.
// Static: there is no name for other code to link against. Volatile: read as the file has it.
// The text is the same as harness::keySlotMarker, spelt out so that this program holds it once.
__attribute__((used)) volatile const unsigned char keySlot[64] = {
    'm', 'a', 'z', 'e', 'k', 'i', 't', '-', 'h', 'a', 'r', 'n', 'e', 's', 's', '-',
    'k', 'e', 'y', '-', 's', 'l', 'o', 't', '-', 'v', '1', ':', '.', '.', '.', '.'};

std::string base64(const std::string& bytes) {
  static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const auto byte = [&bytes](std::size_t k) {
      return static_cast<unsigned>(static_cast<unsigned char>(bytes[k]));
    };
    unsigned v = byte(i) << 16;
    if (i + 1 < bytes.size()) v |= byte(i + 1) << 8;
    if (i + 2 < bytes.size()) v |= byte(i + 2);
    out += digits[v >> 18];
    out += digits[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? digits[(v >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? digits[v & 63] : '=';
  }
  return out;
}

bool reporting = false;  // a SignedReporter runs: lesson::picture hands it the picture
std::string picture;     // the last picture a step's test drew
std::string drawing;     // ...and the same as SVG, when it is small enough to play back
// A drawing this big (some 20,000 stamps) is not played back: the report stays small.
constexpr std::size_t largestDrawing = std::size_t{4} << 20;

struct CaseResult {
  std::string name;
  int assertions = 0;
  int failed = 0;
  std::string failureFile;  // where the first failed check is
  std::size_t failureLine = 0;
  std::string failure;  // what it says
  // A failed comparison's expression as written and Catch2's expansion of it (both sides'
  // values, whole), so that mazekit can set what was returned beside what was expected.
  std::string expression;
  std::string values;
  std::string tags;      // "[lesson05][step03][keeps]"
  std::string trace;     // where the exception was thrown, or the fatal signal came (trace.hpp)
  std::string picture;   // PNG: the one the test case drew, or its screen when it stopped
  bool stopped = false;  // the picture is of a screen closed by a failure or an exception
};

// "REQUIRE( m.getMatrixValueAt(0, 0) == WALL ), with values 0 == 1", or the exception's or
// the failure's message.
std::string describe(const Catch::AssertionStats& stats) {
  const Catch::AssertionResult& result = stats.assertionResult;
  std::string text;
  switch (result.getResultType()) {
    case Catch::ResultWas::ThrewException:
      text += "exception: " + std::string(result.getMessage());
      break;
    case Catch::ResultWas::FatalErrorCondition:
      text += "fatal error: " + std::string(result.getMessage());
      break;
    case Catch::ResultWas::ExplicitFailure:
      text += std::string(result.getMessage());
      break;
    default:
      text += result.getExpressionInMacro();
      if (result.hasExpandedExpression() &&
          result.getExpandedExpression() != result.getExpression()) {
        text += ", with values " + result.getExpandedExpression();
      }
      if (result.hasMessage()) text += " (" + std::string(result.getMessage()) + ")";
  }
  for (const Catch::MessageInfo& info : stats.infoMessages) {
    if (info.type == Catch::ResultWas::Info) text += "; " + info.message;
  }
  return text;
}

void writeAll(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

CaseResult* currentCase = nullptr;  // the test case running, while a SignedReporter runs

// A screen closes. While a test case is stopped by a failed check or by an exception (its
// locals are destroyed as the exception passes), or after one of its checks failed, the first
// screen to close is the test case's picture, unless it drew one itself.
void screenClosing(const turtle::Screen& screen) {
  if (currentCase == nullptr || !currentCase->picture.empty()) return;
  if (std::uncaught_exceptions() == 0 && currentCase->failed == 0) return;
  currentCase->picture = screen.png();
  currentCase->stopped = true;
}

#if CATCH_VERSION_MAJOR >= 3
using SignedReporterBase = Catch::StreamingReporterBase;
using ReporterConfig = Catch::ReporterConfig&&;
using AssertionEnded = void;
using NoMatchingSpec = Catch::StringRef;
#define KIT_REPORTER_PREFERENCES m_preferences
#define KIT_REPORTER_STREAM m_stream
#else
class SignedReporter;
using SignedReporterBase = Catch::StreamingReporterBase<SignedReporter>;
using ReporterConfig = const Catch::ReporterConfig&;
using AssertionEnded = bool;
using NoMatchingSpec = const std::string&;
#define KIT_REPORTER_PREFERENCES m_reporterPrefs
#define KIT_REPORTER_STREAM stream
#endif

class SignedReporter : public SignedReporterBase {
 public:
  explicit SignedReporter(ReporterConfig config)
      : SignedReporterBase(static_cast<ReporterConfig>(config)) {
    KIT_REPORTER_PREFERENCES.shouldRedirectStdOut = false;
    KIT_REPORTER_PREFERENCES.shouldReportAllAssertions = true;
    reporting = true;
    turtle::Screen::observeClosing(screenClosing);
  }

  static std::string getDescription() {
    return "The kit's signed report of the test cases, read by mazekit grade";
  }

  void noMatchingTestCases(NoMatchingSpec) override {}
  void assertionStarting(const Catch::AssertionInfo&) override {}

  AssertionEnded assertionEnded(const Catch::AssertionStats& stats) override {
    const Catch::AssertionResult& result = stats.assertionResult;
    if (result.getResultType() == Catch::ResultWas::Info ||
        result.getResultType() == Catch::ResultWas::Warning) {
      return AssertionEnded(true);
    }
    ++current_.assertions;
    if (!result.isOk()) {
      ++current_.failed;
      if (current_.failure.empty()) {
        current_.failureFile = result.getSourceInfo().file;
        current_.failureLine = result.getSourceInfo().line;
        current_.failure = describe(stats);
        if (result.getResultType() == Catch::ResultWas::ExpressionFailed &&
            result.hasExpandedExpression()) {
          current_.expression = result.getExpression();
          current_.values = result.getExpandedExpression();
        }
        if (result.getResultType() == Catch::ResultWas::ThrewException)
          current_.trace = mazekit::harness::lastThrowTrace();
        if (result.getResultType() == Catch::ResultWas::FatalErrorCondition)
          current_.trace = mazekit::harness::traceHere();
      }
    }
    return AssertionEnded(true);
  }

  void testCaseStarting(const Catch::TestCaseInfo& info) override {
    SignedReporterBase::testCaseStarting(info);
    current_ = CaseResult{};
    current_.name = info.name;
    current_.tags = info.tagsAsString();
    currentCase = &current_;
  }

  void testCaseEnded(const Catch::TestCaseStats& stats) override {
    currentCase = nullptr;
    if (current_.failed == 0) current_.picture.clear();  // only a failure's is reported
    cases_.push_back(current_);
    SignedReporterBase::testCaseEnded(stats);
  }

  void testRunEnded(const Catch::TestRunStats& stats) override {
    nlohmann::ordered_json report;
    report["format"] = "mazekit-report-1";
    report["aborting"] = stats.aborting;
    report["test_cases"] = nlohmann::json::array();
    for (const CaseResult& c : cases_) {
      nlohmann::ordered_json entry = {
          {"name", c.name}, {"tags", c.tags}, {"assertions", c.assertions}, {"failed", c.failed}};
      if (c.failed > 0) {
        entry["failure"] = {{"file", c.failureFile}, {"line", c.failureLine}, {"text", c.failure}};
        if (!c.values.empty()) {
          entry["failure"]["expression"] = c.expression;
          entry["failure"]["values"] = c.values;
        }
        if (!c.trace.empty()) entry["failure"]["trace"] = c.trace;
        if (!c.picture.empty()) {
          entry["picture_png"] = base64(c.picture);
          entry["picture_stopped"] = c.stopped;
        }
      }
      report["test_cases"].push_back(entry);
    }
    if (!picture.empty()) report["picture_png"] = base64(picture);
    if (!picture.empty() && !drawing.empty()) report["picture_svg"] = drawing;
    const auto replace = nlohmann::json::error_handler_t::replace;
    const std::string text = report.dump(-1, ' ', false, replace);
    unsigned char key[mazekit::harness::keySize];
    for (std::size_t i = 0; i < sizeof key; ++i) key[i] = keySlot[32 + i];
    nlohmann::ordered_json envelope;
    envelope["report"] = text;
    envelope["mac"] = mazekit::harness::hmacSha256Hex(key, sizeof key, text);
    const std::string line = envelope.dump(-1, ' ', false, replace) + "\n";
    const char* fd = std::getenv("MAZEKIT_REPORT_FD");
    if (fd != nullptr && *fd != '\0') {
      writeAll(std::atoi(fd), line);
    } else {
      KIT_REPORTER_STREAM << line << std::flush;
    }
    SignedReporterBase::testRunEnded(stats);
  }

 private:
  CaseResult current_;
  std::vector<CaseResult> cases_;
};

}  // namespace

CATCH_REGISTER_REPORTER("mazekit", SignedReporter)

// `mazekit debug` (student/debug_command.cpp) runs the step program in gdb with a breakpoint on
// each of these two functions: the kit's own, whatever Catch2's internal names are. Each is
// called at the moment it names, the test case's frame (and, for a throw, the student's) still
// on the stack. Under MAZEKIT_DEBUGGER they first say what happened, in a beginner's words.
extern "C" __attribute__((noinline, used)) void mazekit_check_failed() { __asm__ volatile(""); }
extern "C" __attribute__((noinline, used)) void mazekit_exception_thrown() { __asm__ volatile(""); }

namespace {

bool debugging() {
  const char* set = std::getenv("MAZEKIT_DEBUGGER");
  return set != nullptr && *set != '\0';
}

#if CATCH_VERSION_MAJOR >= 3
using ListenerBase = Catch::EventListenerBase;
#else
using ListenerBase = Catch::TestEventListenerBase;
#endif

// Whichever reporter runs: every failed check calls mazekit_check_failed().
class FailureListener : public ListenerBase {
 public:
  using ListenerBase::ListenerBase;

  AssertionEnded assertionEnded(const Catch::AssertionStats& stats) override {
    const Catch::AssertionResult& result = stats.assertionResult;
    if (!result.isOk() && result.getResultType() != Catch::ResultWas::ThrewException &&
        result.getResultType() != Catch::ResultWas::FatalErrorCondition) {
      if (debugging()) {
        std::cerr << "\nmazekit: the check at " << result.getSourceInfo().file << ":"
                  << result.getSourceInfo().line << " failed: " << describe(stats)
                  << "\nmazekit: stopped there. `bt` lists the calls; the test's own line is "
                     "the frame in its file: `frame N` goes to it.\n"
                  << std::flush;
      }
      mazekit_check_failed();
    }
    return AssertionEnded(true);
  }
};

}  // namespace

CATCH_REGISTER_LISTENER(FailureListener)

namespace mazekit::harness {
void thrown(const std::type_info* type) {
  // Catch2's own exceptions (a failed REQUIRE ends its test case by throwing one) are not the
  // student's.
  const char* name = type != nullptr ? type->name() : "";
  if (std::strncmp(name, "N5Catch", 7) == 0) return;
  if (debugging()) {
    int status = -1;
    char* readable = abi::__cxa_demangle(name, nullptr, nullptr, &status);
    const std::string shown = status == 0 && readable != nullptr ? readable : name;
    std::free(readable);
    std::cerr << "\nmazekit: an exception is thrown here (its type: " << shown
              << "). `bt` lists the calls: the first in your own file is where it is thrown. If "
                 "the test expects it (REQUIRE_THROWS), type `continue`.\n"
              << std::flush;
  }
  mazekit_exception_thrown();
}
}  // namespace mazekit::harness

int main(int argc, char* argv[]) {
  const char* fd = std::getenv("MAZEKIT_REPORT_FD");
  mazekit::harness::startTracing(fd != nullptr && *fd != '\0' ? std::atoi(fd) : -1);
  return Catch::Session().run(argc, argv);
}

// lesson_picture.hpp's hooks: the step's picture goes into the report.
namespace lesson::harness {
bool wantsPicture() { return reporting; }
void attachPicture(std::string png) {
  if (currentCase != nullptr) {
    currentCase->picture = png;
    currentCase->stopped = false;
  }
  picture = std::move(png);
  drawing.clear();  // until its drawing comes
}
void attachDrawing(std::string svg) {
  if (svg.size() <= largestDrawing) drawing = std::move(svg);
}
}  // namespace lesson::harness
