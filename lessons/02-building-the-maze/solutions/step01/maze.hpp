#pragma once
// Lesson 2 after step 1: a Maze class exists.

// A maze. That is all we know about it so far.
class Maze {};
