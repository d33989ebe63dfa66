// topic: a missing semicolon after a statement
int twice(int x) {
  int y = 0;
  y = 2 * x
  return y;
}
