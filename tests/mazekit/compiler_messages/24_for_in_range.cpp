// topic: for i in range(...)
int total() {
  int sum = 0;
  for i in range(10) {
    sum += i;
  }
  return sum;
}
