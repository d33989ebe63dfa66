// topic: a changing call on a const object
struct Cell {
  int wall() { return 1; }
};

int wallOf(const Cell& cell) { return cell.wall(); }
