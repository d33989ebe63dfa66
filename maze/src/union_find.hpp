#pragma once
// UnionFind: which cells are already connected, for the generators that join parts of a maze
// (Kruskal's algorithm over the whole grid, Eller's over one row at a time). Private to the
// library (not installed).

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

namespace maze::detail {

/// Sets of the numbers 0 to n − 1, each set known by one of its members, its root. find() halves
/// the path to the root as it goes, so the trees stay flat. unite(a, b) hangs b's tree under a's
/// root: a's root stays the root, which is what Eller's algorithm needs for its set labels.
class UnionFind {
 public:
  explicit UnionFind(std::size_t n) : parent_(n) { clear(); }

  /// Every number in a set of its own again.
  void clear() { std::iota(parent_.begin(), parent_.end(), std::uint32_t{0}); }

  /// The root of x's set.
  std::uint32_t find(std::uint32_t x) {
    while (parent_[x] != x) {
      parent_[x] = parent_[parent_[x]];
      x = parent_[x];
    }
    return x;
  }

  /// Joins the sets of a and b, keeping a's root; false if they were one set already.
  bool unite(std::uint32_t a, std::uint32_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return false;
    parent_[b] = a;
    return true;
  }

  /// Bytes held on the heap.
  std::size_t memoryBytes() const { return parent_.capacity() * sizeof(std::uint32_t); }

 private:
  std::vector<std::uint32_t> parent_;
};

}  // namespace maze::detail
