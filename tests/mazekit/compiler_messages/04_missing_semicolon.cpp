// topic: a missing semicolon
int twice(int x) {
  int y = 2 * x
  return y;
}
