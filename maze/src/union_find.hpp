#pragma once
// UnionFind: which cells are already connected, for the generators that join parts of a maze
// (Kruskal's algorithm over the whole grid, Eller's over one row at a time). Private to the
// library (not installed).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

namespace maze::detail {

/// Sets of the numbers 0 to n − 1, each set known by one of its members, its root. find() halves
/// the path to the root as it goes, and unite() hangs the smaller tree under the larger, so the
/// trees stay flat.
class UnionFind {
 public:
  explicit UnionFind(std::size_t n) : parent_(n), size_(n) { clear(); }

  /// Every number in a set of its own again.
  void clear() {
    std::iota(parent_.begin(), parent_.end(), std::uint32_t{0});
    std::fill(size_.begin(), size_.end(), std::uint32_t{1});
  }

  /// The root of x's set.
  std::uint32_t find(std::uint32_t x) {
    while (parent_[x] != x) {
      parent_[x] = parent_[parent_[x]];
      x = parent_[x];
    }
    return x;
  }

  /// Joins the sets of a and b; false if they were one set already. The root of the larger set
  /// becomes the root of both.
  bool unite(std::uint32_t a, std::uint32_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    if (size_[a] < size_[b]) std::swap(a, b);
    link(a, b);
    return true;
  }

  /// Joins root b's set to root a's, keeping a as the root whatever the sizes: for Eller's
  /// algorithm, whose set labels are the roots. a and b must be two different roots.
  void attach(std::uint32_t a, std::uint32_t b) { link(a, b); }

  /// Bytes held on the heap.
  std::size_t memoryBytes() const {
    return (parent_.capacity() + size_.capacity()) * sizeof(std::uint32_t);
  }

 private:
  void link(std::uint32_t root, std::uint32_t child) {
    parent_[child] = root;
    size_[root] += size_[child];
  }
  std::vector<std::uint32_t> parent_;
  std::vector<std::uint32_t> size_;
};

}  // namespace maze::detail
