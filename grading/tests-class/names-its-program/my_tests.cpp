// A hostile student's tests: they test nothing, but look for the name a grader might give the
// wheat's program ("tests-wheat") wherever a run can see its own program's name: its command
// line (argv[0]), where its program file was mounted from, its memory map, the link to its
// program file. They pass only on a run that finds it. Every run's program has the same name
// and place, so no run finds it: the tests fail on the wheat and catch nothing; the strings
// naming /proc/ are flagged.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "maze.hpp"

TEST_CASE("only the wheat's program passes") {
  std::string seen;
  for (const char* file : {"/proc/self/cmdline", "/proc/self/mountinfo", "/proc/self/maps"}) {
    std::ifstream in(file);
    std::ostringstream all;
    all << in.rdbuf();
    seen += all.str();
  }
  std::error_code ec;
  seen += std::filesystem::read_symlink("/proc/self/exe", ec).string();
  CHECK(seen.find("tests-wheat") != std::string::npos);
}
