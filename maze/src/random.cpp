#include "maze/random.hpp"

#include <random>

namespace maze {

namespace {

// SplitMix64 (Steele, Lea, Flood): spreads a small seed such as 1, 2, 3 over all 64 bits, so
// neighbouring seeds give unrelated mazes.
std::uint64_t splitMix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31U);
}

}  // namespace

Random::Random(std::uint64_t initState, std::uint64_t stream)
    : state_(0), increment_((stream << 1U) | 1U) {  // PCG needs an odd increment
  next();
  state_ += initState;
  next();
}

namespace {
struct SeedPair {
  std::uint64_t state;
  std::uint64_t stream;
};
SeedPair spread(std::uint64_t seed) {
  const std::uint64_t state = splitMix64(seed);
  return {state, splitMix64(seed)};
}
}  // namespace

Random::Random(std::uint64_t seed) : Random(spread(seed).state, spread(seed).stream) {}

Random Random::fromEntropy() {
  std::random_device device;
  std::uint64_t seed = (std::uint64_t{device()} << 32U) ^ device();
  return Random(seed);
}

}  // namespace maze
