#pragma once
// The maze library's finished Maze under the names the lessons use. The last step's tests of
// the maze lessons are built against this file too, which proves that the Maze a student
// finishes with is the library's Maze.

#include <maze/maze.hpp>

using maze::Maze;
using maze::Neighbor;

using maze::EMPTY;
using maze::END;
using maze::INVALID;
using maze::VISITED;
using maze::WALL;

using maze::EAST;
using maze::NORTH;
using maze::SOUTH;
using maze::WEST;
