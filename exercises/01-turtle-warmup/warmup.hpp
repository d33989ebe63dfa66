#pragma once
// Lesson 1, turtle warm-up: your code goes in this file.
//
// Start with step 1: run `mazekit` (or read lessons/01-turtle-warmup/README.md) to see the
// first test. It calls a function that does not exist yet, so it does not even compile:
// that is the RED you start from. Write just enough here to make it pass.
//
// Functions written in a header start with `inline` (inline turtle::Screen makeScreen() ...),
// so that two files including this one do not each define them.

#include <turtle/turtle.hpp>
