// topic: something defined twice
int one() { return 1; }
int one() { return 1; }
