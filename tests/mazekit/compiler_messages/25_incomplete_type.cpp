// topic: a class used before it is defined
struct Maze;

void run() { Maze maze; }
