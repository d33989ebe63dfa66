// Growing tree: keep a list of cells on the edge of the maze. Each step takes one of them —
// the newest with probability 1/2 (as the backtracker would), otherwise one at random (as
// simplified Prim would) — and joins it to a random unvisited neighbour, which is added to
// the list. A cell with no unvisited neighbour left is taken off the list.
//
// The list must stay in order of age, or "the newest" stops meaning anything. Removing from
// the middle of a long list is slow, so cells are never moved: a removed cell is only marked,
// and a Fenwick tree (a binary indexed tree) counts the cells still there, which finds "the
// k-th cell still on the list" in a few steps.
#include <cstdint>
#include <vector>

#include "grid_walk.hpp"
#include "maze/generators.hpp"

namespace maze {

namespace {

/// Positions 0 … n − 1, each on or off the list, that can answer "which is the k-th on?".
class OrderedList {
 public:
  explicit OrderedList(std::size_t capacity) : counts_(capacity + 1, 0) {
    while (highBit_ * 2 <= capacity) highBit_ *= 2;
  }
  void add(std::size_t position) { change(position, +1); }
  void remove(std::size_t position) { change(position, -1); }
  /// The position of the k-th entry still on the list (k from 0).
  std::size_t find(std::uint32_t k) const {
    std::size_t at = 0;
    std::uint32_t left = k + 1;
    for (std::size_t step = highBit_; step > 0; step /= 2) {
      if (at + step < counts_.size() && counts_[at + step] < left) {
        at += step;
        left -= counts_[at];
      }
    }
    return at;  // the tree counts from 1, positions from 0
  }

 private:
  void change(std::size_t position, int delta) {
    for (std::size_t i = position + 1; i < counts_.size(); i += i & (~i + 1)) {
      counts_[i] = static_cast<std::uint32_t>(static_cast<int>(counts_[i]) + delta);
    }
  }
  std::vector<std::uint32_t> counts_;
  std::size_t highBit_ = 1;
};

}  // namespace

void growingTree(Grid& grid, Random& random) {
  grid.closeAll();
  const std::size_t cells = grid.cellCount();
  detail::CellBits visited(cells);
  std::vector<std::uint32_t> added;  // every cell, in the order it joined the list
  added.reserve(cells);
  std::vector<bool> removed;
  removed.reserve(cells);
  OrderedList list(cells);
  std::uint32_t onList = 0;
  std::size_t newest = 0;  // position in `added` of the newest cell still on the list

  auto push = [&](std::size_t cell) {
    newest = added.size();
    list.add(added.size());
    added.push_back(static_cast<std::uint32_t>(cell));
    removed.push_back(false);
    ++onList;
  };
  const std::uint32_t first = detail::randomCell(grid, random);
  visited.set(first);
  push(first);

  while (onList > 0) {
    const std::size_t pick = random.coin() ? newest : list.find(random.below(onList));
    const std::size_t here = added[pick];
    detail::Neighbors all = detail::neighborsOf(grid, here);
    detail::Neighbors fresh;
    for (int k = 0; k < all.count; ++k) {
      if (!visited.test(all.cell[k])) fresh.add(all.cell[k], all.direction[k]);
    }
    if (fresh.count == 0) {
      list.remove(pick);
      removed[pick] = true;
      --onList;
      while (newest > 0 && removed[newest]) --newest;
      continue;
    }
    const std::size_t next = fresh.cell[random.below(static_cast<std::uint32_t>(fresh.count))];
    detail::unchecked(grid).openBetween(here, next);
    visited.set(next);
    push(next);
  }
}

}  // namespace maze
