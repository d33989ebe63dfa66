// The maze animation of `mazekit render`: see render/animation.hpp.
#include "render/animation.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include <maze/maze.hpp>

namespace mazekit::render {
namespace {

// A number as SVG wants it: up to three decimals, no trailing zeros, the same on every machine.
std::string num(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.3f", value);
  std::string s = text;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

// The SVG elements of one stamp, without a closing tag, so that a caller can put an animation
// inside: "<g ...>" holding the square. `extra` goes into the <g> tag.
std::string stampOpen(const Drawing& d, const turtle::StampInfo& s, const std::string& extra) {
  if (s.shape != "square") {
    throw std::logic_error("the maze animation draws square stamps only, not '" + s.shape + "'");
  }
  const double half = d.squareSize / 2.0;
  const double left = s.position.x + d.width / 2.0 - half;
  const double top = d.height / 2.0 - s.position.y - half;
  std::ostringstream out;
  out << "<g" << extra;
  if (std::fmod(s.heading, 90.0) != 0.0) {
    out << " transform=\"rotate(" << num(-s.heading) << ' ' << num(left + half) << ' '
        << num(top + half) << ")\"";
  }
  out << "><rect x=\"" << num(left) << "\" y=\"" << num(top) << "\" width=\"" << num(d.squareSize)
      << "\" height=\"" << num(d.squareSize) << "\" fill=\"" << s.fillcolor.hex() << "\"/>";
  // The outline is drawn inside the square, one pixel wide, as the turtle library draws it.
  if (s.pencolor != s.fillcolor) {
    out << "<rect x=\"" << num(left + 0.5) << "\" y=\"" << num(top + 0.5) << "\" width=\""
        << num(d.squareSize - 1) << "\" height=\"" << num(d.squareSize - 1)
        << "\" fill=\"none\" stroke=\"" << s.pencolor.hex() << "\"/>";
  }
  return out.str();
}

std::string svgOpen(const Drawing& d, const std::string& attributes) {
  std::ostringstream out;
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\"" << attributes << " width=\"" << d.width
      << "\" height=\"" << d.height << "\" viewBox=\"0 0 " << d.width << ' ' << d.height
      << "\">\n<title>makeMaze() then solve(), seed " << d.seed << ": " << d.stamps.size()
      << " stamps</title>\n<rect width=\"" << d.width << "\" height=\"" << d.height << "\" fill=\""
      << d.background.hex() << "\"/>\n";
  return out.str();
}

}  // namespace

Drawing mazeDrawing(std::uint64_t seed) {
  maze::Maze m;
  m.seed(seed);
  m.makeMaze();
  Drawing d;
  d.solveStarts = m.screen.stamps().size();
  m.solve();
  d.width = m.screen.width();
  d.height = m.screen.height();
  d.background = m.screen.bgcolor();
  d.squareSize = m.squareSize();
  d.stamps = m.screen.stamps();
  d.seed = seed;
  return d;
}

std::string animatedSvg(const Drawing& d, double secondsPerStamp, double holdSeconds) {
  const std::size_t n = d.stamps.size();
  const double cycle = static_cast<double>(n + 1) * secondsPerStamp + holdSeconds;
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" << svgOpen(d, "");
  // The clock: restarts itself at the end of each cycle, and every stamp is timed from it.
  out << "<rect width=\"0\" height=\"0\" visibility=\"hidden\"><animate id=\"clock\" "
         "attributeName=\"x\" from=\"0\" to=\"0\" begin=\"0s;clock.end\" dur=\""
      << num(cycle) << "s\"/></rect>\n";
  for (std::size_t i = 0; i < n; ++i) {
    const double appears = static_cast<double>(i + 1) * secondsPerStamp;
    out << stampOpen(d, d.stamps[i], " visibility=\"hidden\"")
        << "<set attributeName=\"visibility\" to=\"visible\" begin=\"clock.begin+" << num(appears)
        << "s\" dur=\"" << num(cycle - appears) << "s\"/></g>\n";
  }
  out << "</svg>\n";
  return out.str();
}

// The slider's page, its HTML, style and script written top to bottom as the page reads: long
// because the page is.
std::string sliderPage(const Drawing& d) {
  const std::size_t n = d.stamps.size();
  std::ostringstream out;
  out << R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>makeMaze() and solve(), frame by frame</title>
<style>
  body { margin: 0; font-family: sans-serif; background: #f4f4f4; }
  #drawing { display: block; }
  #controls { padding: 8px; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
  #frame { width: 384px; }
  #caption { padding: 0 8px; max-width: 384px; font-size: 14px; }
</style>
</head>
<body>
)";
  out << svgOpen(d, " id=\"drawing\"");
  for (std::size_t i = 0; i < n; ++i)
    out << stampOpen(d, d.stamps[i], " class=\"stamp\"") << "</g>\n";
  out << "</svg>\n";
  out << "<div id=\"controls\">\n"
         "<button id=\"play\" type=\"button\">Play</button>\n"
         "<input id=\"frame\" type=\"range\" min=\"0\" max=\""
      << n << "\" value=\"" << n << "\" step=\"1\" aria-label=\"frame\">\n"
      << "<span id=\"label\">frame " << n << " of " << n << "</span>\n</div>\n"
      << "<p id=\"caption\">The lesson's 20 × 20 maze, seed " << d.seed << ": makeMaze() digs it "
      << "(frames 1 to " << d.solveStarts << "), then solve() marks the way (frames "
      << (d.solveStarts + 1) << " to " << n << "). Frame N shows the first N stamps. "
      << "Drag the slider, use the arrow keys on it, or press Play. "
      << "Open this page with #frame=N at the end of its address to start at frame N.</p>\n";
  out << "<script>\n\"use strict\";\nconst solveStarts = " << d.solveStarts << ";\n"
      << R"(const stamps = Array.from(document.querySelectorAll("#drawing .stamp"));
const slider = document.getElementById("frame");
const label = document.getElementById("label");
const play = document.getElementById("play");
let timer = null;

// Frame n: the first n stamps visible, the others hidden.
function showFrame(value) {
  let n = Math.round(Number(value));
  if (!Number.isFinite(n)) n = stamps.length;
  n = Math.max(0, Math.min(stamps.length, n));
  stamps.forEach((stamp, i) => stamp.setAttribute("visibility", i < n ? "visible" : "hidden"));
  slider.value = String(n);
  const phase = n === 0 ? "the bare screen" : n <= solveStarts ? "makeMaze() digging" : "solve() finding the way";
  label.textContent = "frame " + n + " of " + stamps.length + " — " + phase;
}

function stop() {
  if (timer !== null) clearInterval(timer);
  timer = null;
  play.textContent = "Play";
}

slider.addEventListener("input", () => { stop(); showFrame(slider.value); });
play.addEventListener("click", () => {
  if (timer !== null) { stop(); return; }
  if (Number(slider.value) >= stamps.length) showFrame(0);
  play.textContent = "Pause";
  timer = setInterval(() => {
    const next = Number(slider.value) + 1;
    showFrame(next);
    if (next >= stamps.length) stop();
  }, 30);
});

// #frame=N or ?frame=N in the address: the same as moving the slider to N.
function frameFromAddress() {
  const match = /(?:^|[?#&])frame=(-?\d+)/.exec(location.search + location.hash);
  return match ? match[1] : stamps.length;
}
window.addEventListener("hashchange", () => { stop(); showFrame(frameFromAddress()); });
showFrame(frameFromAddress());
</script>
</body>
</html>
)";
  return out.str();
}

}  // namespace mazekit::render
