// topic: a function without its return type
twice(int x) { return 2 * x; }
