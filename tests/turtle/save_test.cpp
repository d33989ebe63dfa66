// Saving: PNG, SVG or PDF by extension, whole files only, and clear errors.
#include <catch2/catch.hpp>
#include <turtle/turtle.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "temp_folder.hpp"

namespace fs = std::filesystem;
using kit_test::TempFolder;
using turtle::Screen;
using turtle::Turtle;

namespace {

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace

TEST_CASE("save chooses PNG, SVG or PDF by the file's extension", "[save]") {
  TempFolder folder;
  Screen screen;
  Turtle t(screen);
  t.circle(50);
  screen.save(folder.path / "a.png");
  screen.save(folder.path / "a.svg");
  screen.save(folder.path / "a.pdf");
  screen.save(folder.path / "b.PNG");
  CHECK(readFile(folder.path / "a.png").compare(0, 4, "\x89PNG") == 0);
  CHECK(readFile(folder.path / "a.svg").compare(0, 5, "<?xml") == 0);
  CHECK(readFile(folder.path / "a.pdf").compare(0, 5, "%PDF-") == 0);
  CHECK(readFile(folder.path / "b.PNG") == readFile(folder.path / "a.png"));
  CHECK(readFile(folder.path / "a.svg") == screen.svg());
  CHECK(folder.fileCount() == 4);  // no temporary files left behind
}

TEST_CASE("the same drawing saves the same PDF", "[save][deterministic]") {
  TempFolder folder;
  Screen screen;
  Turtle t(screen);
  t.forward(100);
  screen.save(folder.path / "1.pdf");
  screen.save(folder.path / "2.pdf");
  const std::string pdf = readFile(folder.path / "1.pdf");
  CHECK(pdf == readFile(folder.path / "2.pdf"));
  CHECK(pdf.find("/CreationDate") == std::string::npos);  // no clock in the file
}

TEST_CASE("save refuses an extension it cannot write", "[save]") {
  TempFolder folder;
  Screen screen;
  CHECK_THROWS_WITH(screen.save(folder.path / "maze.jpg"),
                    Catch::Contains("maze.jpg") && Catch::Contains(".png, .svg or .pdf"));
  CHECK_THROWS_AS(screen.save(folder.path / "maze"), std::invalid_argument);
  CHECK(folder.fileCount() == 0);
}

TEST_CASE("save into a missing folder names the path and the reason", "[save]") {
  TempFolder folder;
  Screen screen;
  const fs::path target = folder.path / "no such folder" / "maze.png";
  CHECK_THROWS_WITH(screen.save(target),
                    "cannot write '" + target.string() + "': No such file or directory");
  CHECK(folder.fileCount() == 0);
}

TEST_CASE("a failed save leaves what was there and no half file", "[save]") {
  TempFolder folder;
  Screen screen;
  // A folder with the target's name: the new file can be written but not put in place.
  const fs::path target = folder.path / "maze.svg";
  fs::create_directories(target / "keep");
  CHECK_THROWS_WITH(screen.save(target), Catch::StartsWith("cannot write '" + target.string()));
  CHECK(fs::is_directory(target / "keep"));
  CHECK(folder.fileCount() == 1);  // only the folder: the temporary file is gone
}

TEST_CASE("save replaces an existing file whole", "[save]") {
  TempFolder folder;
  const fs::path target = folder.path / "maze.svg";
  std::ofstream(target) << "old";
  Screen screen;
  screen.save(target);
  CHECK(readFile(target) == screen.svg());
}

TEST_CASE("saveFileAtomically refuses a path with no file name", "[save]") {
  CHECK_THROWS_WITH(turtle::saveFileAtomically("", "x"), "cannot write '': the path is empty");
  CHECK_THROWS_WITH(turtle::saveFileAtomically("some/folder/", "x"),
                    Catch::Contains("names a folder"));
}
