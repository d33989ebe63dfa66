#pragma once
// Finding the way through a maze. Each solver lives in its own file under maze/src/solvers/.
// They all return the path as the list of cells from `from` to `to`, both included, each
// step one cell through an open wall — or an empty list when there is no way.
//
//     maze::Path path = maze::breadthFirst(grid, {0, 0}, {19, 19});
//     if (path.empty()) { /* no way through */ }

#include <vector>

#include "maze/grid.hpp"

namespace maze {

using Path = std::vector<Cell>;

/// The lesson's search: go as deep as possible, trying north, south, east, west in that order,
/// and back up from dead ends. Finds a way, not always the shortest.
Path depthFirst(const Grid& grid, Cell from, Cell to);
/// Breadth-first: spreads out one step at a time, so the path it finds is a shortest one.
Path breadthFirst(const Grid& grid, Cell from, Cell to);
/// A*: like breadth-first, but tries first the cells that look closest to the goal (by the
/// Manhattan distance). Also finds a shortest path, usually looking at fewer cells.
Path aStar(const Grid& grid, Cell from, Cell to);

enum class Hand { left, right };
/// Walks with one hand always on the wall. In a maze without loops this always gets there;
/// with loops it can circle for ever around an island, which this solver notices (it stops
/// when it stands in the same cell facing the same way a second time) and reports as no path.
/// The path is the walk with the detours it walked back out of cut away.
Path wallFollower(const Grid& grid, Cell from, Cell to, Hand hand = Hand::left);
/// Fills dead ends (other than from and to) until none is left; what stays open is the way
/// through. In a maze with loops the loops stay too, and the path is the shortest way
/// through what is left.
Path deadEndFilling(const Grid& grid, Cell from, Cell to);

/// Throws std::out_of_range naming the cell if it is not on the grid; the solvers call it on
/// `from` and `to`.
void requireOnGrid(const Grid& grid, Cell cell, const char* what);

}  // namespace maze
