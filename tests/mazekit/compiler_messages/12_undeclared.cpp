// topic: a name used before it is declared
int run() { return y; }
