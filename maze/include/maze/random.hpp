#pragma once
// Random: the kit's own random numbers, the same for a given seed on every platform and
// compiler. (std::uniform_int_distribution is left alone on purpose: each standard library
// computes it differently, so a seeded maze would change from one machine to the next.)

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace maze {

/// PCG32 (M. O'Neill, pcg-random.org): 64 bits of state, 32 random bits per call, fast and
/// of good statistical quality. Bounded draws use Lemire's multiply-and-reject method, which
/// is exact (every value equally likely) and needs only integer arithmetic.
///
///     maze::Random random(42);
///     int side = static_cast<int>(random.below(4));   // 0, 1, 2 or 3
class Random {
 public:
  /// The same seed gives the same numbers everywhere.
  explicit Random(std::uint64_t seed);
  /// PCG32 started exactly as the reference pcg32_srandom(initState, stream) starts it.
  Random(std::uint64_t initState, std::uint64_t stream);
  /// A generator seeded from the operating system's entropy: differs on every run.
  static Random fromEntropy();

  /// 32 random bits.
  std::uint32_t next() {
    std::uint64_t old = state_;
    state_ = old * 6364136223846793005ULL + increment_;
    auto xorshifted = static_cast<std::uint32_t>(((old >> 18U) ^ old) >> 27U);
    auto rot = static_cast<std::uint32_t>(old >> 59U);
    return (xorshifted >> rot) | (xorshifted << ((32U - rot) & 31U));
  }

  /// A whole number from 0 to bound − 1, each equally likely (below(0) gives 0).
  std::uint32_t below(std::uint32_t bound) {
    std::uint64_t m = std::uint64_t{next()} * bound;
    auto low = static_cast<std::uint32_t>(m);
    if (low < bound) {
      std::uint32_t threshold = (0U - bound) % bound;
      while (low < threshold) {
        m = std::uint64_t{next()} * bound;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32U);
  }

  /// A number in [0, 1), with 53 random bits.
  double unit() {
    std::uint64_t bits = (std::uint64_t{next()} << 21U) ^ (std::uint64_t{next()} >> 11U);
    return static_cast<double>(bits & ((std::uint64_t{1} << 53U) - 1)) * 0x1.0p-53;
  }

  /// True or false, each half the time.
  bool coin() { return (next() >> 31U) != 0; }

  /// Puts the items in a random order, every order equally likely (Fisher–Yates).
  template <typename T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = below(static_cast<std::uint32_t>(i));
      std::swap(items[i - 1], items[j]);
    }
  }

 private:
  std::uint64_t state_ = 0;
  std::uint64_t increment_ = 1;
};

}  // namespace maze
