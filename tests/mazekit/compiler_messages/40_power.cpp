// topic: x ** 2
int square(int x) { return x ** 2; }
