#pragma once
// The live view of `mazekit watch --view`: what Python's turtle window gives a student, in a
// browser. A page served on 127.0.0.1 shows the picture of the step being worked on, with a
// grid and coordinates to count squares by, the step's expected picture and, on a failure,
// where the two differ, and the verdict beside them; every open page redraws
// when mazekit checks again (server-sent events), so a save shows in the browser as in the
// terminal. The server is cpp-httplib (Debian's libcpp-httplib-dev).
//
// Who may see it: a browser that asks by this machine's own name (127.0.0.1, localhost); a
// browser that reaches it by another name, through a forwarded port (GitHub Codespaces, VS
// Code's containers), only with this run's key, a random one in the address mazekit prints:
// http://127.0.0.1:8765/s/KEY/.

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace httplib {
class Server;
}

namespace mazekit::student {

/// What the page shows.
struct ViewState {
  std::string lesson;     ///< "Lesson 1 of 7: Turtle warm-up"
  std::string step;       ///< "Step 2 of 5: The background is blue: everything is wall"
  std::string progress;   ///< "2 of 5 steps pass"
  bool checking = false;  ///< a check runs: the verdict below is the last one
  bool green = false;
  std::string verdict;              ///< "failed", "does not compile", "passed", ...
  std::vector<std::string> detail;  ///< the lines under the verdict, as the terminal shows them
  std::string explanation;          ///< what a compiler error or an exception means, or ""
  std::vector<std::string> broken;  ///< earlier steps that broke, one line each
  std::string picture;              ///< PNG bytes, or "" when the step drew none yet
  std::string drawing;              ///< the same picture as SVG, to play it back, or ""
  std::string pictureNote;          ///< where it comes from, e.g. "as the test stopped"
  std::string expected;             ///< the step's expected picture (PNG bytes), or ""
  std::string comparison;      ///< on a failure, the two compared (comparePictures' PNG), or ""
  std::string comparisonNote;  ///< where the comparison is saved
};

class LiveView {
 public:
  /// Serves the page on 127.0.0.1:`port`; port 0 takes any free one. Throws
  /// std::runtime_error saying so when the port cannot be had. Each LiveView has a new key.
  explicit LiveView(int port);
  /// Stops the server: every page's event stream ends, and the pages say mazekit stopped.
  ~LiveView();
  LiveView(const LiveView&) = delete;
  LiveView& operator=(const LiveView&) = delete;

  /// The address to open, with this run's key: "http://127.0.0.1:8765/s/3f0c…/".
  std::string url() const;
  /// In GitHub Codespaces (CODESPACES=true, with CODESPACE_NAME and
  /// GITHUB_CODESPACES_PORT_FORWARDING_DOMAIN set), the same page through the codespace's
  /// forwarded port: "https://NAME-8765.app.github.dev/s/3f0c…/"; elsewhere "".
  std::string codespacesUrl() const;
  /// The port it serves on.
  int port() const { return port_; }

  /// Shows `state` on every open page (and on any page opened later).
  void show(ViewState state);
  /// Says on every open page that a check runs, keeping the last verdict.
  void checking();

 private:
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  int port_ = 0;
  std::string key_;  ///< 32 hex digits, new for each LiveView
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  ViewState state_;
  long version_ = 0;
#if MAZEKIT_LIVE_VIEW
  long streams_ = 0;  ///< event streams open
#endif
  bool stopping_ = false;
};

/// The page's JSON for `state` at `version` (what GET /state answers): the texts, the
/// picture's address with the version in it (so that a browser fetches the new one), relative
/// to the page's (so that it keeps the page's key), and its size in pixels.
std::string viewStateJson(const ViewState& state, long version);

}  // namespace mazekit::student
