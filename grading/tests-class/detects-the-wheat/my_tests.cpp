// A hostile student's tests: they test nothing, but try to tell the run on the wheat (the
// first) from the runs on the chaffs by what a run leaves behind, and fail on every run after
// the first. Each run is a fresh sandbox: every run is the first, nothing is caught.
#include <catch2/catch.hpp>

#include <fstream>

#include "maze.hpp"

TEST_CASE("only the first run passes") {
  const char* places[] = {"/tmp/mark", "/work/mark", "mark", "/step/mark", "/student/mark",
                          "/grade/out/mark", "/dev/shm/mark", "/var/tmp/mark"};
  bool found = false;
  for (const char* place : places) {
    std::ifstream in(place);
    found = found || static_cast<bool>(in);
  }
  for (const char* place : places) std::ofstream(place) << "here";
  CHECK_FALSE(found);
}
