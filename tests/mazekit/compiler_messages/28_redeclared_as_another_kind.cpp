// topic: one name declared as two kinds of thing
enum Direction { NORTH, EAST, SOUTH, WEST };
const int NORTH = 0;
