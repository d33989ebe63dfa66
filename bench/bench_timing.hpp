#pragma once
// Timing for the benchmark programs: how long some work takes, and the median of several
// runs, which a noisy shared machine disturbs far less than the mean.

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

namespace bench {

/// Seconds that `work` takes.
inline double seconds(const std::function<void()>& work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

inline double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/// The median time, in seconds, of `runs` runs of `work`.
inline double medianSeconds(int runs, const std::function<void()>& work) {
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) times.push_back(seconds(work));
  return median(times);
}

}  // namespace bench
