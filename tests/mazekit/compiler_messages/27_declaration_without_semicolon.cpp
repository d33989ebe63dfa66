// topic: a declaration without its semicolon
// clang explains it as: a missing semicolon
int count() {
  int total
  return 0;
}
