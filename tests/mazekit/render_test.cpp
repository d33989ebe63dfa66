// mazekit render: the gallery's files, the animated SVG checked stamp by stamp against the
// maze library's own drawing, bad --out values, and the slider page opened in headless
// Chromium, its screenshots decoded here (chunks, checksums, zlib, row filters) and checked
// square by square.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>
#include "png_reader.hpp"
#include "shell.hpp"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <maze/maze.hpp>

namespace fs = std::filesystem;

namespace {

const fs::path work = fs::path(RENDER_TEST_DIR) / "render test";  // a space, on purpose
constexpr std::uint64_t seed = 7;

using kit_test::quoted;
using kit_test::readFile;
using Run = kit_test::CommandResult;

// Runs a shell command line, its output kept.
Run run(const std::string& command) { return kit_test::runCommand(command, work); }

Run render(const fs::path& out) {
  return run(quoted(MAZEKIT_EXE) + " render --seed " + std::to_string(seed) + " --out " +
             quoted(out.string()));
}

// Every file under a folder, by relative path, with its bytes.
std::map<std::string, std::string> filesUnder(const fs::path& folder) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (entry.is_regular_file()) {
      files[fs::relative(entry.path(), folder).generic_string()] = readFile(entry.path());
    }
  }
  return files;
}

// "" when two galleries hold the same files with the same bytes, otherwise the first that differs.
std::string firstDifferentFile(const std::map<std::string, std::string>& a,
                               const std::map<std::string, std::string>& b) {
  for (const auto& [name, bytes] : a) {
    const auto other = b.find(name);
    if (other == b.end()) return name + " is in one gallery only";
    if (other->second != bytes) return name + " differs";
  }
  for (const auto& entry : b) {
    if (a.count(entry.first) == 0) return entry.first + " is in one gallery only";
  }
  return "";
}

// The stamps the maze library leaves for makeMaze() then solve(): what the gallery animates.
std::vector<turtle::StampInfo> mazeStamps() {
  maze::Maze m;
  m.seed(seed);
  m.makeMaze();
  m.solve();
  return m.screen.stamps();
}

using Image = kit_test::PngImage;
using kit_test::decodePng;

std::string chromiumProgram() {
  const char* chosen = std::getenv("CHROMIUM");
  if (chosen != nullptr && *chosen != '\0') return chosen;
  for (const char* name : {"chromium", "chromium-browser"}) {
    for (const char* folder : {"/usr/bin", "/usr/local/bin", "/snap/bin"}) {
      const fs::path candidate = fs::path(folder) / name;
      if (fs::exists(candidate)) return candidate.string();
    }
  }
  return "";
}

// A screenshot of a page in headless Chromium, with a fresh profile each time.
Image screenshot(const std::string& url, const fs::path& png, int width, int height) {
  const std::string chromium = chromiumProgram();
  INFO(
      "headless Chromium is needed: scripts/install-deps.sh installs Debian's chromium, or set "
      "CHROMIUM");
  REQUIRE(!chromium.empty());
  const fs::path profile = work / ("profile-" + png.stem().string());
  fs::remove_all(profile);
  fs::remove(png);
  const Run r = run("timeout 60 " + quoted(chromium) +
                    " --headless --no-sandbox --disable-gpu --disable-background-networking"
                    " --disable-component-update --disable-sync --no-first-run"
                    " --hide-scrollbars --force-device-scale-factor=1"
                    " --user-data-dir=" +
                    quoted(profile.string()) + " --screenshot=" + quoted(png.string()) +
                    " --window-size=" + std::to_string(width) + "," + std::to_string(height) + " " +
                    quoted(url));
  fs::remove_all(profile);
  INFO("chromium said: " << r.err);
  REQUIRE(r.status == 0);
  REQUIRE(fs::exists(png));
  const Image image = decodePng(readFile(png));
  REQUIRE(image.width == static_cast<std::uint32_t>(width));
  REQUIRE(image.height >= 400);
  return image;
}

// What frame n of the 20 × 20 maze shows at the centre of each square: the background, or
// the fill of the last of the first n stamps on that square. Row by row from the top.
std::vector<std::string> expectedFrame(const std::vector<turtle::StampInfo>& stamps,
                                       std::size_t n) {
  std::vector<std::string> squares(400, turtle::Color("blue").hex());
  for (std::size_t i = 0; i < n; ++i) {
    const int col = static_cast<int>(std::lround((stamps[i].position.x + 190) / 20));
    const int row = static_cast<int>(std::lround((190 - stamps[i].position.y) / 20));
    REQUIRE(row >= 0);
    REQUIRE(row < 20);
    REQUIRE(col >= 0);
    REQUIRE(col < 20);
    squares[static_cast<std::size_t>(row * 20 + col)] = stamps[i].fillcolor.hex();
  }
  return squares;
}

std::vector<std::string> shownFrame(const Image& image) {
  std::vector<std::string> squares;
  for (std::uint32_t row = 0; row < 20; ++row) {
    for (std::uint32_t col = 0; col < 20; ++col)
      squares.push_back(image.hexAt(col * 20 + 10, row * 20 + 10));
  }
  return squares;
}

// "" when a frame shows what it should, otherwise the first square that differs.
std::string firstDifference(const std::vector<std::string>& shown,
                            const std::vector<std::string>& expected) {
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (shown.at(i) != expected[i]) {
      return "row " + std::to_string(i / 20) + " column " + std::to_string(i % 20) + " shows " +
             shown[i] + ", expected " + expected[i];
    }
  }
  return "";
}

std::string fileUrl(const fs::path& path) {
  std::string url = "file://";
  for (const unsigned char c : fs::absolute(path).lexically_normal().string()) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.') {
      url += static_cast<char>(c);
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", c);
      url += hex;
    }
  }
  return url;
}

}  // namespace

TEST_CASE("render draws every lesson step, the animations and an index, the same bytes every run") {
  const fs::path first = work / "gallery one";
  const fs::path second = work / "gallery two";
  fs::remove_all(first);
  fs::remove_all(second);
  const Run r = render(first);
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(r.out.find(first.string()) != std::string::npos);  // says where the gallery is
  CHECK(r.err.empty());

  const auto files = filesUnder(first);
  const std::string index = files.at("index.html");
  // One picture per step of each lesson: the steps whose golden pictures the lessons keep.
  std::size_t steps = 0;
  for (const auto& lesson : fs::directory_iterator(fs::path(KIT_SOURCE_DIR) / "lessons")) {
    if (!fs::exists(lesson.path() / "lesson.json")) continue;
    for (const auto& golden : fs::directory_iterator(lesson.path() / "pictures")) {
      if (golden.path().extension() != ".png") continue;
      ++steps;
      const std::string base =
          "lessons/" + lesson.path().filename().string() + "/" + golden.path().stem().string();
      INFO(base);
      REQUIRE(files.count(base + ".png") == 1);
      CHECK(files.at(base + ".png").substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
      REQUIRE(files.count(base + ".svg") == 1);
      CHECK(files.at(base + ".svg").find("<svg") != std::string::npos);
      CHECK(index.find("src=\"" + base + ".png\"") != std::string::npos);
    }
  }
  CHECK(steps >= 31);
  // Beside each step's picture, what the step changed (lesson 1 step 2 puts in the blue).
  CHECK(index.find("<details><summary>What it changed</summary><pre>warmup.hpp:\n") !=
        std::string::npos);
  CHECK(index.find("+   screen.bgcolor(&quot;blue&quot;);") != std::string::npos);
  CHECK(files.size() ==
        2 * steps + 3);  // the pictures, the two animations, index.html: no leftovers
  CHECK(index.find("src=\"maze-animation.svg\"") != std::string::npos);
  CHECK(index.find("href=\"maze-animation.html\"") != std::string::npos);
  CHECK(index.find("http") == std::string::npos);  // nothing fetched from the network
  CHECK(files.at("maze-animation.html").find("http://www.w3.org/2000/svg") != std::string::npos);

  const Run again = render(second);
  REQUIRE(again.status == 0);
  CHECK(firstDifferentFile(filesUnder(second), files) == "");
  // Rendering over an existing gallery gives the same files again.
  REQUIRE(render(first).status == 0);
  CHECK(firstDifferentFile(filesUnder(first), files) == "");
}

TEST_CASE("the animated SVG shows makeMaze() then solve(), one stamp after another") {
  const fs::path out = work / "gallery svg";
  fs::remove_all(out);
  REQUIRE(render(out).status == 0);
  const std::string svg = readFile(out / "maze-animation.svg");
  const auto stamps = mazeStamps();
  REQUIRE(stamps.size() > 200);

  const std::regex stamp(
      R"re(<g visibility="hidden"><rect x="([-0-9.]+)" y="([-0-9.]+)" width="20" height="20" fill="(#[0-9a-f]{6})"/><set attributeName="visibility" to="visible" begin="clock.begin\+([0-9.]+)s" dur="([0-9.]+)s"/></g>)re");
  std::size_t i = 0;
  double lastBegin = 0;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), stamp); it != std::sregex_iterator();
       ++it, ++i) {
    REQUIRE(i < stamps.size());
    const auto& m = *it;
    INFO("stamp " << i);
    CHECK(std::stod(m[1]) == stamps[i].position.x + 200 - 10);
    CHECK(std::stod(m[2]) == 200 - stamps[i].position.y - 10);
    CHECK(m[3] == stamps[i].fillcolor.hex());
    const double begin = std::stod(m[4]);
    CHECK(begin > lastBegin);
    lastBegin = begin;
  }
  CHECK(i == stamps.size());
  CHECK(svg.find(R"(begin="0s;clock.end")") != std::string::npos);  // it loops
}

TEST_CASE("render refuses an --out that is a file or inside one, and writes nothing") {
  const fs::path file = work / "a file";
  fs::create_directories(work);
  std::ofstream(file) << "not a folder\n";
  for (const fs::path& out : {file, file / "gallery"}) {
    INFO(out);
    const Run r = render(out);
    CHECK(r.status == 2);
    CHECK(r.err.find(out.string()) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(r.out.empty());
  }
  CHECK(readFile(file) == "not a folder\n");
}

TEST_CASE("in headless Chromium the slider page shows the maze frame by frame") {
  const fs::path out = work / "gallery chromium";
  fs::remove_all(out);
  REQUIRE(render(out).status == 0);
  const auto stamps = mazeStamps();
  const std::string page = fileUrl(out / "maze-animation.html");
  const std::size_t middle = stamps.size() / 2;

  const Image first = screenshot(page + "?frame=0", work / "frame-first.png", 400, 500);
  const Image half =
      screenshot(page + "#frame=" + std::to_string(middle), work / "frame-middle.png", 400, 500);
  const Image last = screenshot(page + "#frame=" + std::to_string(stamps.size()),
                                work / "frame-last.png", 400, 500);

  // Frame 0 is the bare blue screen; the middle frame has the first half of the stamps; the
  // last frame is the solved maze: white ways, the red way found, the yellow END.
  CHECK(firstDifference(shownFrame(first), expectedFrame(stamps, 0)) == "");
  CHECK(firstDifference(shownFrame(half), expectedFrame(stamps, middle)) == "");
  const auto solved = shownFrame(last);
  CHECK(firstDifference(solved, expectedFrame(stamps, stamps.size())) == "");
  for (const char* colour : {"blue", "white", "red", "yellow"}) {
    INFO(colour);
    CHECK(std::count(solved.begin(), solved.end(), turtle::Color(colour).hex()) > 0);
  }
  // Moving the slider changes the picture.
  // (Compared as bools: Catch would print every byte of two screenshots.)
  const bool firstToMiddleChanges = first.rows != half.rows;
  const bool middleToLastChanges = half.rows != last.rows;
  CHECK(firstToMiddleChanges);
  CHECK(middleToLastChanges);
}
