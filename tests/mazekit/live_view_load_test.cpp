// The live view's server under load (mazekit/src/student/live_view.cpp): the event streams of
// 20 pages open at once each follow every change while the page is still answered, and a flood
// of connections that send nothing does not keep a page from being answered. Each test talks
// HTTP/1.1 over plain sockets, as a browser's tabs would, to a LiveView on a free port.
#include <catch2/catch.hpp>

#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "student/live_view.hpp"

using namespace mazekit;
using Clock = std::chrono::steady_clock;

namespace {

/// A connection to 127.0.0.1:port, closed when it goes out of scope.
class Connection {
 public:
  explicit Connection(int port) : fd_(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) {
    REQUIRE(fd_ >= 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    sockaddr addressAsSockaddr{};
    static_assert(sizeof address == sizeof addressAsSockaddr);
    std::memcpy(&addressAsSockaddr, &address, sizeof address);
    REQUIRE(::connect(fd_, &addressAsSockaddr, sizeof address) == 0);
  }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection() { ::close(fd_); }

  /// Asks for `path` as a browser on this machine does.
  void get(const std::string& path) {
    const std::string request = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    REQUIRE(::send(fd_, request.data(), request.size(), MSG_NOSIGNAL) ==
            static_cast<ssize_t>(request.size()));
  }

  /// Reads until `text` has come (true), or until `deadline` or the connection's end (false).
  bool waitFor(const std::string& text, Clock::time_point deadline) {
    while (received_.find(text) == std::string::npos) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      if (left.count() <= 0) return false;
      pollfd ready{fd_, POLLIN, 0};
      if (::poll(&ready, 1, static_cast<int>(left.count())) <= 0) continue;
      char chunk[4096];
      const ssize_t got = ::recv(fd_, chunk, sizeof chunk, 0);
      if (got <= 0) return false;
      received_.append(chunk, static_cast<std::size_t>(got));
    }
    return true;
  }

 private:
  int fd_;
  std::string received_;
};

Clock::time_point in(int seconds) { return Clock::now() + std::chrono::seconds(seconds); }

student::ViewState stepTwo() {
  student::ViewState state;
  state.step = "Step 2 of 5";
  return state;
}

}  // namespace

TEST_CASE("20 pages' event streams each follow every change, and the page is still answered",
          "[mazekit][live]") {
  student::LiveView view(0);
  std::vector<std::unique_ptr<Connection>> pages;
  for (int i = 0; i < 20; ++i) {
    pages.push_back(std::make_unique<Connection>(view.port()));
    pages.back()->get("/events");
  }
  auto deadline = in(10);
  for (std::size_t i = 0; i < pages.size(); ++i) {
    INFO("page " << i + 1 << " of 20");
    CHECK(pages[i]->waitFor("data: 0\n\n", deadline));
  }
  Connection page(view.port());
  page.get("/");
  CHECK(page.waitFor("</html>", in(10)));
  Connection state(view.port());
  state.get("/state");
  CHECK(state.waitFor("\"version\":0", in(10)));

  view.show(stepTwo());
  deadline = in(10);
  for (std::size_t i = 0; i < pages.size(); ++i) {
    INFO("page " << i + 1 << " of 20");
    CHECK(pages[i]->waitFor("data: 1\n\n", deadline));
  }
}

TEST_CASE("300 connections that send nothing do not keep a page from being answered",
          "[mazekit][live]") {
  student::LiveView view(0);
  Connection page(view.port());
  page.get("/events");
  REQUIRE(page.waitFor("data: 0\n\n", in(10)));
  std::vector<std::unique_ptr<Connection>> idle;
  for (int i = 0; i < 300; ++i) idle.push_back(std::make_unique<Connection>(view.port()));
  // The idle connections ahead of it are closed at the server's read timeout (5 s) at most.
  Connection state(view.port());
  state.get("/state");
  CHECK(state.waitFor("\"step\":\"\"", in(15)));
  view.show(stepTwo());
  CHECK(page.waitFor("data: 1\n\n", in(10)));
  Connection again(view.port());
  again.get("/state");
  CHECK(again.waitFor("\"step\":\"Step 2 of 5\"", in(15)));
}
