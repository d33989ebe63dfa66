// The live view of `mazekit watch --view` (see live_view.hpp).
#include "student/live_view.hpp"

#include <sys/random.h>
#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "common/text.hpp"

#if MAZEKIT_LIVE_VIEW
#include <httplib.h>
#else
// This mazekit was built without cpp-httplib (mazekit/CMakeLists.txt says when): the live view
// says so when asked for, and the class below never makes a server.
namespace httplib {
class Server {};
}  // namespace httplib
#endif

namespace mazekit::student {
namespace {

// A PNG's width and height, from its header.
std::pair<int, int> pngSize(const std::string& png) {
  if (png.size() < 24) return {0, 0};
  const auto at = [&png](std::size_t i) {
    return (static_cast<int>(static_cast<unsigned char>(png[i])) << 24) |
           (static_cast<unsigned char>(png[i + 1]) << 16) |
           (static_cast<unsigned char>(png[i + 2]) << 8) | static_cast<unsigned char>(png[i + 3]);
  };
  return {at(16), at(20)};
}

#if MAZEKIT_LIVE_VIEW
// The page: the picture with a grid that can be turned on (a line every 20 pixels, the
// maze's squares; labels every 100, with the origin in the centre as the turtle counts), the
// step's expected picture beside it, on a failure the two compared, and the verdict. It asks for
// its state when it opens and again on every event of its events. Every address it asks for is
// relative to its own (state, events, picture.png?v=3), so that under /s/KEY/ each one carries the
// key.
constexpr const char* page = R"html(<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>mazekit: your step, live</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
  main { display: flex; flex-wrap: wrap; gap: 2em; align-items: flex-start; }
  h1 { font-size: 1.3em; margin: 0; } h2 { font-size: 1.05em; font-weight: normal; margin: .2em 0 1em; }
  figure { position: relative; margin: 0; border: 1px solid #999; line-height: 0; }
  .grid { position: absolute; left: 0; top: 0; pointer-events: none; }
  .grid line { stroke: rgba(128,128,128,.45); stroke-width: 1; }
  .grid line.hundred { stroke: rgba(255,80,0,.8); }
  .orange { color: #d06000; font-weight: bold; } .blue { color: #1060ff; font-weight: bold; }
  .grid text { font: 11px monospace; fill: #e05000; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
  figcaption { line-height: 1.4; font-size: .9em; color: #555; padding: .3em; max-width: 394px; }
  figure { width: max-content; }
  #drawing svg { display: block; }
  #player input { width: 250px; vertical-align: middle; }
  #nopicture { width: 400px; height: 120px; line-height: 1.4; padding: 1em; box-sizing: border-box; }
  .verdict { font-weight: bold; font-size: 1.2em; }
  .green { color: #0a7d20; } .red { color: #c01818; }
  pre { font: 13px/1.35 monospace; white-space: pre-wrap; max-width: 46em; margin: .4em 0; }
  #explanation { max-width: 40em; }
  #status { color: #555; font-size: .9em; }
</style>
</head>
<body>
<h1 id="lesson">mazekit</h1>
<h2 id="step"></h2>
<main>
  <div>
    <figure id="figure">
      <img id="picture" alt="your picture" hidden>
      <div id="drawing" hidden></div>
      <svg id="grid" class="grid"></svg>
      <div id="nopicture">No picture yet.</div>
      <figcaption><b>Your picture</b> <span id="note"></span></figcaption>
    </figure>
    <p><label><input type="checkbox" id="showGrid"> grid and coordinates</label></p>
    <p id="player" hidden><button id="play">Play</button>
      <input type="range" id="frame" min="0" max="0" value="0">
      <span id="frameText"></span></p>
  </div>
  <div id="expectedBox" hidden>
    <figure>
      <img id="expected" alt="the expected picture">
      <svg id="expectedGrid" class="grid"></svg>
      <figcaption><b>Expected</b>: what the step's test wants to see</figcaption>
    </figure>
  </div>
  <div id="comparisonBox" hidden>
    <figure>
      <img id="comparison" alt="where your picture and the expected one differ">
      <figcaption><b>Difference</b>: <span class="orange">orange</span> is only in yours,
        <span class="blue">blue</span> only in the expected picture
        (<span id="comparisonNote"></span>)</figcaption>
    </figure>
  </div>
  <section>
    <p><span id="verdict" class="verdict"></span> <span id="checking"></span></p>
    <pre id="detail"></pre>
    <p id="explanation"></p>
    <pre id="broken" class="red"></pre>
    <p id="progress"></p>
    <p id="status">Connecting to mazekit watch…</p>
    <p id="updates" hidden>0</p>
  </section>
</main>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
const svgNS = "http://www.w3.org/2000/svg";
let updates = 0;

function drawGrid(grid, width, height) {
  grid.setAttribute("width", width);
  grid.setAttribute("height", height);
  grid.replaceChildren();
  const cx = width / 2, cy = height / 2;
  const add = (name, attributes, text) => {
    const e = document.createElementNS(svgNS, name);
    for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    grid.appendChild(e);
  };
  for (let d = -Math.floor(cx / 20) * 20; cx + d <= width; d += 20) {
    add("line", {x1: cx + d + .5, y1: 0, x2: cx + d + .5, y2: height, class: d % 100 === 0 ? "hundred" : ""});
  }
  for (let d = -Math.floor(cy / 20) * 20; cy + d <= height; d += 20) {
    add("line", {x1: 0, y1: cy + d + .5, x2: width, y2: cy + d + .5, class: d % 100 === 0 ? "hundred" : ""});
  }
  for (let d = -Math.floor(cx / 100) * 100; cx + d < width; d += 100) {
    add("text", {x: cx + d + 3, y: 12}, String(d));
  }
  for (let d = -Math.floor(cy / 100) * 100; cy + d < height; d += 100) {
    if (d !== 0 && cy + d > 0) add("text", {x: 3, y: cy + d - 3}, String(-d));
  }
}

function show(state) {
  $("lesson").textContent = state.lesson;
  $("step").textContent = state.step;
  $("progress").textContent = state.progress;
  const verdict = $("verdict");
  verdict.textContent = state.verdict === "" ? "" : (state.green ? "GREEN  " : "RED  ") + state.verdict;
  verdict.className = "verdict " + (state.green ? "green" : "red");
  $("checking").textContent = state.checking ? "(checking again…)" : "";
  $("detail").textContent = state.detail.join("\n");
  $("explanation").textContent = state.explanation === "" ? "" : "What it means: " + state.explanation;
  $("broken").textContent = state.broken.join("\n");
  const img = $("picture");
  if (state.picture === null) {
    img.hidden = true;
    $("nopicture").hidden = false;
    $("nopicture").textContent = "No picture yet: " + (state.picture_note || "the step must compile and run first.");
    $("note").textContent = "";
  } else {
    img.src = state.picture;
    img.width = state.width;
    img.height = state.height;
    img.hidden = false;
    $("nopicture").hidden = true;
    $("note").textContent = state.picture_note;
    drawGrid($("grid"), state.width, state.height);
  }
  // The expected picture beside it, and on a failure where the two differ.
  $("expectedBox").hidden = state.expected === null;
  if (state.expected !== null) {
    $("expected").onload = () => {
      drawGrid($("expectedGrid"), $("expected").naturalWidth, $("expected").naturalHeight);
      showGrids();
    };
    $("expected").src = state.expected;
  }
  $("comparisonBox").hidden = state.comparison === null;
  if (state.comparison !== null) $("comparison").src = state.comparison;
  $("comparisonNote").textContent = state.comparison_note;
  showGrids();
}

// The grid shows over each picture exactly when its box is ticked. An <svg> has no "hidden"
// property as an HTML element has, so its style says. The choice is remembered for this site.
function showGrids() {
  const on = $("showGrid").checked;
  const over = (picture) => !$(picture).hidden || (picture === "picture" && !$("drawing").hidden);
  $("grid").style.display = on && over("picture") ? "" : "none";
  $("expectedGrid").style.display = on && !$("expectedBox").hidden ? "" : "none";
}

// Playing the drawing back: the picture as SVG, one element a drawing step, in order (the
// first is the background). Cairo 1.16 puts them in a group (<g id="surface1">), Cairo 1.18
// straight in the <svg>; either has its <defs> (glyphs, patterns) apart. Frame k shows the
// first k steps.
let drawingUrl = null;
let items = [];
let playing = null;

function showFrame(k) {
  items.forEach((item, i) => { item.style.display = i < k ? "" : "none"; });
  $("frame").value = String(k);
  $("frameText").textContent = k + " of " + items.length + " drawing steps";
  $("drawing").hidden = false;
  $("picture").hidden = true;
}

function drawingSteps(svg) {
  if (svg === null) return [];
  const shown = (parent) => [...parent.children].filter((e) => e.localName !== "defs");
  const top = shown(svg);
  const parent = top.length === 1 && top[0].localName === "g" ? top[0] : svg;
  return shown(parent).slice(1);
}

async function loadDrawing(url) {
  if (playing !== null) { clearInterval(playing); playing = null; }
  drawingUrl = url;
  items = [];
  $("drawing").hidden = true;
  $("drawing").replaceChildren();
  $("player").hidden = url === null;
  if (url === null) return;
  const text = await (await fetch(url, {cache: "no-store"})).text();
  if (url !== drawingUrl) return;  // a newer one came meanwhile
  const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  $("drawing").appendChild(document.importNode(svg, true));
  items = drawingSteps($("drawing").querySelector("svg"));
  $("frame").max = String(items.length);
  $("frame").value = String(items.length);
  $("frameText").textContent = items.length + " drawing steps";
}

$("frame").addEventListener("input", () => showFrame(Number($("frame").value)));
$("play").addEventListener("click", () => {
  if (playing !== null) clearInterval(playing);
  let k = 0;
  const step = Math.max(1, Math.ceil(items.length / 150));  // about 3 s at most
  showFrame(0);
  playing = setInterval(() => {
    k = Math.min(items.length, k + step);
    showFrame(k);
    if (k >= items.length) { clearInterval(playing); playing = null; }
  }, 20);
});

async function refresh() {
  const response = await fetch("state", {cache: "no-store"});
  const state = await response.json();
  show(state);
  await loadDrawing(state.drawing);
}

try {
  $("showGrid").checked = localStorage.getItem("mazekit grid") === "on";
} catch (error) {
  // no storage (a private window may refuse it): the box starts unticked
}
showGrids();
$("showGrid").addEventListener("change", () => {
  try {
    localStorage.setItem("mazekit grid", $("showGrid").checked ? "on" : "off");
  } catch (error) {
    // not remembered: it still works on this page
  }
  showGrids();
});
// One event stream for all the tabs of this address in a browser: a browser opens at most 6
// connections to one site over HTTP/1.1, and an open event stream holds one for good, so from
// the seventh tab on nothing would load. The tab that holds the lock (navigator.locks, which
// 127.0.0.1, localhost and https pages have) listens and tells the others on a
// BroadcastChannel; when it closes, another takes the lock and listens. Without them, each tab
// listens for itself.
const statusTexts = {
  live: "Live: this page redraws when you save.",
  stopped: "mazekit watch is not running: start it again, and this page reconnects.",
  rekeyed: "mazekit watch was started again, with a new key: open the address it printed now.",
};
let status = null;
let listening = false;
const channel = "BroadcastChannel" in window
    ? new BroadcastChannel("mazekit events " + location.pathname) : null;

function heard(message) {
  if (message.changed) {
    updates += 1;
    $("updates").textContent = String(updates);
    refresh();
  }
  if (message.status) {
    status = message.status;
    $("status").textContent = statusTexts[status];
  }
}

function tell(message) {
  heard(message);
  if (channel !== null) channel.postMessage(message);
}

// Listens until this address's key no longer opens the page.
function listen() {
  listening = true;
  return new Promise((done) => {
    const events = new EventSource("events");
    events.onopen = () => tell({status: "live"});
    events.onmessage = () => tell({changed: true});
    events.onerror = async () => {
      tell({status: "stopped"});
      // Refused rather than gone: mazekit watch runs again, with a new key, and this page came
      // through a forwarded address, where its old key no longer opens it.
      try {
        if ((await fetch("state", {cache: "no-store"})).status === 403) {
          events.close();
          tell({status: "rekeyed"});
          listening = false;
          done();
        }
      } catch (error) {
        // not running: the event stream tries again by itself
      }
    };
  });
}

if (channel !== null && navigator.locks) {
  channel.onmessage = (event) => {
    if (!event.data.hello) {
      heard(event.data);
    } else if (listening && status !== null) {
      channel.postMessage({status});  // a new tab asks how things stand
    }
  };
  navigator.locks.request("mazekit events " + location.pathname, listen);
  channel.postMessage({hello: true});
} else {
  listen();
}
refresh();
</script>
</body>
</html>
)html";

// Who is answered at once. cpp-httplib answers a connection on one thread from its first
// request to its close, and its own pool has max(8, cores - 1) threads: an event stream holds
// its thread as long as the page is open, so 8 open pages took every thread and nothing more
// was answered until one closed; and a connection that sends nothing holds its thread for the
// keep-alive timeout (5 s), so 200 of them kept the page waiting batch after batch, while
// connections beyond the 5 its listening socket queues were refused and tried again by the
// browser seconds later. Here:
//   - each connection gets a thread of its own as it is accepted, up to maxThreads at once
//     (more wait for one to end);
//   - at most maxStreams event streams are open at once, so that they never take every thread:
//     the page, its state and its pictures are always answered;
//   - a connection that sends nothing is closed after 1 s (idleSeconds), and the listening
//     socket queues as many connections as the system allows.
// A browser's tabs share one event stream (see the page), so 20 tabs hold one thread, not 20.
constexpr std::size_t maxThreads = 128;
constexpr long maxStreams = 64;
constexpr time_t idleSeconds = 1;

/// cpp-httplib's server, with its listening socket's queue made as long as the system allows
/// (cpp-httplib asks for 5).
class LiveServer : public httplib::Server {
 public:
  void queueConnections() { ::listen(svr_sock_, SOMAXCONN); }
};

class ThreadPerConnection : public httplib::TaskQueue {
  // cpp-httplib 0.11 (Debian 12) declares void enqueue(...), later ones bool.
  using EnqueueResult =
      decltype(std::declval<httplib::TaskQueue&>().enqueue(std::function<void()>{}));

 public:
  EnqueueResult enqueue(std::function<void()> task) override {
    {
      const std::lock_guard<std::mutex> lock(shared_->mutex);
      if (shared_->running >= maxThreads) {
        shared_->waiting.push_back(std::move(task));
        return static_cast<EnqueueResult>(true);
      }
      ++shared_->running;
    }
    try {
      std::thread(work, shared_, std::move(task)).detach();
    } catch (const std::system_error&) {
      // No thread to be had now: the task waits for a running one to take it, or, with none
      // running, runs on the accepting thread.
      std::unique_lock<std::mutex> lock(shared_->mutex);
      if (--shared_->running > 0) {
        shared_->waiting.push_back(std::move(task));
      } else {
        lock.unlock();
        task();
      }
    }
    return static_cast<EnqueueResult>(true);
  }

  /// Returns when every connection has been answered and closed (the server has stopped: the
  /// event streams end, an idle connection at its read timeout).
  void shutdown() override {
    std::unique_lock<std::mutex> lock(shared_->mutex);
    shared_->idle.wait(lock, [this] { return shared_->running == 0; });
  }

 private:
  struct Shared {
    std::mutex mutex;
    std::condition_variable idle;
    std::deque<std::function<void()>> waiting;
    std::size_t running = 0;
  };

  // A connection's thread, which then takes the connections waiting, if any. It owns a share
  // of `shared`, so that it never touches freed memory, even after shutdown() has returned.
  static void work(std::shared_ptr<Shared> shared,  // NOLINT(performance-unnecessary-value-param)
                   std::function<void()> task) {
    for (;;) {
      task();
      task = nullptr;
      const std::lock_guard<std::mutex> lock(shared->mutex);
      if (shared->waiting.empty()) {
        --shared->running;
        shared->idle.notify_all();
        return;
      }
      task = std::move(shared->waiting.front());
      shared->waiting.pop_front();
    }
  }

  std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
};

// A new key: 16 bytes (128 bits) from the kernel's random generator, as 32 hex digits.
// getentropy (Linux's glibc and macOS both) gives up to 256 bytes whole, or fails.
std::string newKey() {
  std::array<unsigned char, 16> bytes{};
  if (::getentropy(bytes.data(), bytes.size()) != 0) {
    throw std::runtime_error(std::string("the live view cannot make its key: getentropy: ") +
                             std::strerror(errno));
  }
  constexpr const char* digits = "0123456789abcdef";
  std::string key;
  for (const unsigned char byte : bytes) {
    key += digits[byte >> 4];
    key += digits[byte & 15];
  }
  return key;
}

// Whether a request's Host names this machine: 127.0.0.1, localhost or [::1], on any port (VS
// Code forwards the container's 8765 to another port of the student's computer when 8765 is
// taken there).
bool namesThisMachine(std::string host) {
  host = common::asciiLower(host);
  for (const std::string name : {"127.0.0.1", "localhost", "[::1]"}) {
    if (host.compare(0, name.size(), name) != 0) continue;
    const std::string port = host.substr(name.size());
    if (port.empty()) return true;
    if (port.size() > 1 && port[0] == ':' &&
        std::all_of(port.begin() + 1, port.end(),
                    [](unsigned char c) { return std::isdigit(c) != 0; })) {
      return true;
    }
  }
  return false;
}

// The key a path starts with ("/s/KEY/state" gives "KEY"), or "".
std::string keyIn(const std::string& path) {
  if (path.rfind("/s/", 0) != 0) return "";
  const std::size_t end = path.find('/', 3);
  return path.substr(3, end == std::string::npos ? std::string::npos : end - 3);
}

// Whether `given` is `key`, compared in constant time: a wrong key is refused as fast whichever
// of its characters are wrong, so that timing the refusals does not give the key away one
// character at a time. (Every key has 32 characters: its length tells nothing.)
bool sameKey(const std::string& given, const std::string& key) {
  if (given.size() != key.size()) return false;
  unsigned char differences = 0;
  for (std::size_t i = 0; i < key.size(); ++i) {
    differences |= static_cast<unsigned char>(given[i] ^ key[i]);
  }
  return differences == 0;
}

// What a refused request is told: where the page is.
std::string refusal(int port) {
  const std::string address = "http://127.0.0.1:" + std::to_string(port) + "/s/.../";
  return "mazekit's live view: this address lacks the key of the mazekit watch that serves it.\n"
         "Open the address mazekit watch printed in its terminal, which ends in /s/ and the key: " +
         address + " (in GitHub Codespaces, the https://... address printed below it).\n" +
         "The key is new each time mazekit watch starts.\n";
}
#endif  // MAZEKIT_LIVE_VIEW

}  // namespace

std::string viewStateJson(const ViewState& state, long version) {
  const auto [width, height] = pngSize(state.picture);
  nlohmann::json json = {
      {"version", version},
      {"lesson", state.lesson},
      {"step", state.step},
      {"progress", state.progress},
      {"checking", state.checking},
      {"green", state.green},
      {"verdict", state.verdict},
      {"detail", state.detail},
      {"explanation", state.explanation},
      {"broken", state.broken},
      {"picture", state.picture.empty()
                      ? nlohmann::json(nullptr)
                      : nlohmann::json("picture.png?v=" + std::to_string(version))},
      {"drawing", state.drawing.empty() || state.picture.empty()
                      ? nlohmann::json(nullptr)
                      : nlohmann::json("picture.svg?v=" + std::to_string(version))},
      {"picture_note", state.pictureNote},
      {"expected", state.expected.empty()
                       ? nlohmann::json(nullptr)
                       : nlohmann::json("expected.png?v=" + std::to_string(version))},
      {"comparison", state.comparison.empty()
                         ? nlohmann::json(nullptr)
                         : nlohmann::json("comparison.png?v=" + std::to_string(version))},
      {"comparison_note", state.comparisonNote},
      {"width", width},
      {"height", height}};
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

#if MAZEKIT_LIVE_VIEW
// The live view's server: its limits, then each of its routes (the page, its state, the
// pictures, the events). Long because the routes are a list, each a few lines.
LiveView::LiveView(int port) : server_(std::make_unique<LiveServer>()), key_(newKey()) {
  httplib::Server& server = *server_;
  server.new_task_queue = [] { return new ThreadPerConnection; };
  server.set_keep_alive_timeout(idleSeconds);
  // Who is answered. A request whose Host names this machine (127.0.0.1, localhost, on any
  // port) comes from a browser that asked for this machine itself, the student's own: it is
  // answered with or without the key, so that the plain address keeps working and a page opened
  // before mazekit watch started again (with a new key) reconnects. Any other Host is a browser
  // that reached the port through a forwarded address (GitHub Codespaces'
  // https://NAME-8765.app.github.dev, VS Code's port forwarding), or a page of another site that
  // points its own name at 127.0.0.1 (DNS rebinding) to read the page: it is answered only under
  // this run's key, /s/KEY/..., which only the address mazekit printed has. The key is in the
  // path, not in a cookie: the page asks for everything by addresses relative to its own, so its
  // state, picture and events carry the key with nothing more to do.
  server.set_pre_routing_handler([this](const httplib::Request& request,
                                        httplib::Response& response) {
    if (namesThisMachine(request.get_header_value("Host")) || sameKey(keyIn(request.path), key_)) {
      return httplib::Server::HandlerResponse::Unhandled;
    }
    response.status = 403;
    response.set_content(refusal(port_), "text/plain; charset=utf-8");
    return httplib::Server::HandlerResponse::Handled;
  });
  // Every address at the top, or under /s/KEY/ (the key itself checked above).
  const std::string under = "(?:/s/[^/]+)?";
  // "/s/KEY" is the page's folder: its relative addresses need the slash.
  server.Get("/s/[^/]+", [](const httplib::Request& request, httplib::Response& response) {
    response.set_redirect(request.path + "/");
  });
  server.Get(under + "/", [](const httplib::Request&, httplib::Response& response) {
    response.set_content(page, "text/html; charset=utf-8");
  });
  server.Get(under + "/state", [this](const httplib::Request&, httplib::Response& response) {
    const std::lock_guard<std::mutex> lock(mutex_);
    response.set_header("Cache-Control", "no-store");
    response.set_content(viewStateJson(state_, version_), "application/json");
  });
  // The picture, as PNG and as SVG (404 while the step has none).
  const auto serve = [this](std::string ViewState::*bytes, const char* type) {
    return [this, bytes, type](const httplib::Request&, httplib::Response& response) {
      const std::lock_guard<std::mutex> lock(mutex_);
      if ((state_.*bytes).empty()) {
        response.status = 404;
        return;
      }
      response.set_content(state_.*bytes, type);
    };
  };
  server.Get(under + "/picture.png", serve(&ViewState::picture, "image/png"));
  server.Get(under + "/picture.svg", serve(&ViewState::drawing, "image/svg+xml"));
  server.Get(under + "/expected.png", serve(&ViewState::expected, "image/png"));
  server.Get(under + "/comparison.png", serve(&ViewState::comparison, "image/png"));
  // Server-sent events: one "data: <version>" each time the view changes, and a comment every
  // 15 s, which also finds out that a page was closed. At most maxStreams at once: more are
  // told to come back (a browser shares one stream among its tabs, see the page).
  server.Get(under + "/events", [this](const httplib::Request&, httplib::Response& response) {
    response.set_header("Cache-Control", "no-store");
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      if (streams_ >= maxStreams) {
        response.status = 503;
        response.set_header("Retry-After", "5");
        response.set_content("mazekit's live view: too many pages are open; close some.\n",
                             "text/plain; charset=utf-8");
        return;
      }
      ++streams_;
    }
    // The stream's place, given back when the last copy of its provider is gone.
    const std::shared_ptr<void> place(nullptr, [this](void*) {
      const std::lock_guard<std::mutex> lock(mutex_);
      --streams_;
    });
    auto sent = std::make_shared<long>(-1);
    response.set_chunked_content_provider(
        "text/event-stream", [this, sent, place](std::size_t, httplib::DataSink& sink) {
          std::unique_lock<std::mutex> lock(mutex_);
          changed_.wait_for(lock, std::chrono::seconds(15),
                            [&] { return stopping_ || version_ != *sent; });
          if (stopping_) return false;
          std::string message = ": still here\n\n";
          if (version_ != *sent) {
            message = "data: " + std::to_string(version_) + "\n\n";
            *sent = version_;
          }
          lock.unlock();
          return sink.write(message.data(), message.size());
        });
  });

  const char* host = "127.0.0.1";
  if (port == 0) {
    port_ = server.bind_to_any_port(host);
  } else if (server.bind_to_port(host, port)) {
    port_ = port;
  }
  if (port_ <= 0) {
    throw std::runtime_error("the live view cannot listen on 127.0.0.1:" + std::to_string(port) +
                             " (another program may use it): choose another port with "
                             "--port, or --port 0 for any free one");
  }
  static_cast<LiveServer&>(server).queueConnections();
  thread_ = std::thread([&server] { server.listen_after_bind(); });
}

LiveView::~LiveView() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  server_->stop();
  if (thread_.joinable()) thread_.join();
}
#else
LiveView::LiveView(int) {
  throw std::runtime_error(
      "this mazekit was built without the live view: the cpp-httplib it found could not be "
      "linked with its compiler and standard library (" MAZEKIT_LIVE_VIEW_MISSING
      "); install a cpp-httplib built for them (on macOS: brew install cpp-httplib) and build "
      "the kit again, or use mazekit watch without --view");
}

LiveView::~LiveView() { stopping_ = true; }  // never made: the constructor throws
#endif

std::string LiveView::url() const {
  return "http://127.0.0.1:" + std::to_string(port_) + "/s/" + key_ + "/";
}

std::string LiveView::codespacesUrl() const {
  // What GitHub sets in a codespace's terminals: the codespace's name and the forwarding domain
  // (app.github.dev); a port P of the codespace is https://NAME-P.DOMAIN/.
  const char* codespaces = std::getenv("CODESPACES");
  const char* name = std::getenv("CODESPACE_NAME");
  const char* domain = std::getenv("GITHUB_CODESPACES_PORT_FORWARDING_DOMAIN");
  if (codespaces == nullptr || std::string(codespaces) != "true" || name == nullptr ||
      *name == '\0' || domain == nullptr || *domain == '\0') {
    return "";
  }
  return "https://" + std::string(name) + "-" + std::to_string(port_) + "." + domain + "/s/" +
         key_ + "/";
}

void LiveView::show(ViewState state) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    state_ = std::move(state);
    ++version_;
  }
  changed_.notify_all();
}

void LiveView::checking() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    state_.checking = true;
    ++version_;
  }
  changed_.notify_all();
}

}  // namespace mazekit::student
