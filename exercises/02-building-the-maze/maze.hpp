#pragma once
// Lesson 2, building the maze: your Maze class goes in this file.
//
// Start with step 1: run `mazekit` (or read lessons/02-building-the-maze/README.md) to see the
// first test. It makes a Maze, and there is no Maze yet, so it does not even compile: that is
// the RED you start from. Write just enough here to make it pass, then go on to step 2.
//
// Write the whole class here, in one piece, the way a Python class is written: every member
// function defined inside the class body. Names that are not members (the maze's numbers,
// the directions, the values of a square, struct Neighbor) go above the class.
