#pragma once
// Plays a game with only move(), by the right-hand rule: keep your right hand on the wall.
// Walking from the top-left corner with the hand on the maze's outer wall, the player follows
// that wall all the way round, past the END in the bottom-right corner, loops or not.

#include "game.hpp"
#include "maze.hpp"

namespace lesson07 {

// Moves until the game is won or `maxTries` moves were tried; returns how many moves were
// made. The directions are numbered counter-clockwise, so (facing + 3) % 4 is a right turn.
inline int followRightHand(Game& game, int maxTries) {
  int facing = SOUTH;  // down the left edge, with the right hand on the outer wall
  int moves = 0;
  int tries = 0;
  while (!game.won() && tries < maxTries) {
    // Right if we can, else straight on, else left, else back.
    for (const int turn : {3, 0, 1, 2}) {
      const int direction = (facing + turn) % 4;
      ++tries;
      if (game.move(direction)) {
        facing = direction;
        ++moves;
        break;
      }
    }
  }
  return moves;
}

}  // namespace lesson07
