// topic: a missing return
// compile: -c (g++ sees a missing return only when it compiles)
int sign(int x) {
  if (x > 0) return 1;
}
