// topic: a member the class does not have
struct Maze {
  int rows = 0;
};

void run(Maze& maze) { maze.dig(1, 2); }
