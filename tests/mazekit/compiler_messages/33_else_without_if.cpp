// topic: else without its if
// clang explains it as: nothing
int sign(int x) {
  int s = 0;
  if (x > 0)
    s = 1;
    x = 0;
  else
    s = -1;
  return s + x;
}
