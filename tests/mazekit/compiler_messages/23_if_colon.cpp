// topic: if x > 1:
// clang explains it as: nothing
// (clang says "expected expression" of the colon, as of anything where a value is missing;
// of if x > 1: without parentheses it says "expected '(' after 'if'", which is explained.)
int sign(int x) {
  if (x > 0):
    return 1;
  return 0;
}
