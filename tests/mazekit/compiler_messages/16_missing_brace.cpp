// topic: a missing closing brace
int one() {
  return 1;
