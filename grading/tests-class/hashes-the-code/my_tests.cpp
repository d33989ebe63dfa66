// A hostile student's tests: they test nothing, but hash 2 KB of machine code from the start of
// the maze's solve() (and so the private functions it calls, placed after it), read through
// its member function pointer, and pass only when the hash is the one the correct maze's build
// had. A first submission, with
// `learned` 0, fails on the wheat and its failure message shows the wheat's hash; a second one,
// with that hash written in, would pass on the wheat and fail on every chaff whose code
// differs: all caught. Every build is compiled with flags of its own (no-ops before each
// function, their alignment, stack canaries), so the hash of one build says nothing of the
// next: the second submission fails on the wheat too. reinterpret_cast and memcpy are flagged.
// grading/check_wheats.cmake grades it twice: as it is, and with the hash the first run
// printed.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>

#include "maze.hpp"

constexpr std::uint64_t learned = 0;  // the wheat's hash, from a failure message

template <class Member>
std::uint64_t hashOfCode(Member member) {
  const unsigned char* code = nullptr;
  std::memcpy(&code, &member,
              sizeof code);  // a non-virtual member's pointer starts with its address
  std::uint64_t hash = 1469598103934665603u;
  for (int i = 0; i < 2048; ++i) hash = (hash ^ code[i]) * 1099511628211u;
  return hash;
}

TEST_CASE("the code is the correct maze's") { CHECK(hashOfCode(&Maze::solve) == learned); }
