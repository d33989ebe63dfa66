// topic: a call that fits no function
struct Maze {
  void dig(int, int) {}
  void dig(int, int, int) {}
};

void run(Maze& maze) { maze.dig(1); }
