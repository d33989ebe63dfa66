#pragma once
// The maze animation of `mazekit render`: the stamps a seeded maze::Maze leaves on its screen
// while makeMaze() digs and solve() finds the way, shown one by one, as an animated SVG and as
// a self-contained HTML page with a slider and a play button.
//
// Frame N shows the background and the first N stamps, in drawing order; frame 0 is the bare
// (blue) screen and the last frame, stamps.size(), is the finished, solved maze.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <turtle/color.hpp>
#include <turtle/screen.hpp>

namespace mazekit::render {

/// A drawing made of square stamps, as a screen reports it.
struct Drawing {
  int width = 400;  ///< screen pixels
  int height = 400;
  turtle::Color background;               ///< the screen's bgcolor
  double squareSize = 20;                 ///< side of a square stamp, in pixels
  std::vector<turtle::StampInfo> stamps;  ///< oldest first
  std::size_t solveStarts = 0;            ///< index of solve()'s first stamp
  std::uint64_t seed = 0;
};

/// The lesson's 20 × 20 maze with this seed: makeMaze() then solve(), its screen's stamps.
Drawing mazeDrawing(std::uint64_t seed);

/// An SVG that shows the stamps one after another (SMIL <set> elements timed by a clock that
/// restarts), holds the finished maze for `holdSeconds`, and starts again.
std::string animatedSvg(const Drawing& drawing, double secondsPerStamp, double holdSeconds);

/// A self-contained HTML page (inline SVG, CSS and JavaScript, nothing fetched): the drawing
/// at the top-left corner, 1 pixel per screen pixel, a slider from frame 0 to the last frame
/// and a play button. The page starts at frame N when its address ends in #frame=N or
/// ?frame=N, through the same function the slider calls; otherwise at the last frame.
std::string sliderPage(const Drawing& drawing);

}  // namespace mazekit::render
