#pragma once
// Lesson 7: a game on the maze. Your Game class goes here, from step 5 on.

#include "maze.hpp"
