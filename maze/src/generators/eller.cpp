// Eller's algorithm: one row at a time, remembering only which cells of the current row are
// already connected (their "set"). In each row: join neighbours of different sets at random;
// then every set opens downwards at least once (its first cell, after a shuffle, and each
// other cell with probability 1/3). The last row joins every set that is still apart.
// Memory grows with the width only, so the maze could go on downwards for ever.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "maze/generators.hpp"
#include "union_find.hpp"

namespace maze {

// One function of three numbered parts, longer than the kit's usual 60 lines: the parts share
// the row's sets and scratch vectors, made once and reused for every row, and their order of
// random draws is what makes a seed's maze (the generator tests hold it).
void eller(Grid& grid, Random& random) {
  grid.closeAll();
  const int rows = grid.rows();
  const auto cols = static_cast<std::size_t>(grid.cols());

  std::vector<std::uint32_t> label(cols);  // the set of each cell in the current row
  std::iota(label.begin(), label.end(), std::uint32_t{0});
  detail::UnionFind sets(cols);  // which cells of the row are connected
  std::vector<std::uint32_t> order(cols);
  std::vector<std::uint32_t> newLabel(cols);
  std::vector<std::uint32_t> renamed(cols);
  std::vector<bool> goesDown(cols);

  for (int r = 0; r < rows; ++r) {
    const bool lastRow = r + 1 == rows;
    sets.clear();

    // 1. Join neighbours east–west.
    for (std::size_t c = 0; c + 1 < cols; ++c) {
      const std::uint32_t a = sets.find(label[c]);
      const std::uint32_t b = sets.find(label[c + 1]);
      if (a != b && (lastRow || random.coin())) {
        grid.open({r, static_cast<int>(c)}, Direction::east);
        sets.attach(a, b);  // a stays the root: the set's label
      }
    }
    if (lastRow) break;

    // 2. Each set goes down at least once. Group the cells by set (a stable sort by root keeps
    // this deterministic), shuffle each group, and open the first of it plus a third of the rest.
    for (std::size_t c = 0; c < cols; ++c) label[c] = sets.find(label[c]);
    std::iota(order.begin(), order.end(), std::uint32_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t x, std::uint32_t y) { return label[x] < label[y]; });
    std::fill(goesDown.begin(), goesDown.end(), false);
    for (std::size_t start = 0; start < cols;) {
      std::size_t end = start + 1;
      while (end < cols && label[order[end]] == label[order[start]]) ++end;
      for (std::size_t i = end - start; i > 1; --i) {  // Fisher–Yates on order[start, end)
        std::size_t j = random.below(static_cast<std::uint32_t>(i));
        std::swap(order[start + i - 1], order[start + j]);
      }
      for (std::size_t k = start; k < end; ++k) {
        goesDown[order[k]] = k == start || random.below(3) == 0;
      }
      start = end;
    }

    // 3. Open downwards; cells below an opening keep the set, the others start new sets.
    // Labels are renumbered 0, 1, 2, ... so that they always fit in `cols` slots.
    std::fill(renamed.begin(), renamed.end(), UINT32_MAX);
    std::uint32_t nextLabel = 0;
    for (std::size_t c = 0; c < cols; ++c) {
      if (goesDown[c]) {
        grid.open({r, static_cast<int>(c)}, Direction::south);
        if (renamed[label[c]] == UINT32_MAX) renamed[label[c]] = nextLabel++;
        newLabel[c] = renamed[label[c]];
      } else {
        newLabel[c] = UINT32_MAX;
      }
    }
    for (std::size_t c = 0; c < cols; ++c) {
      if (newLabel[c] == UINT32_MAX) newLabel[c] = nextLabel++;
    }
    label.swap(newLabel);
  }
}

}  // namespace maze
