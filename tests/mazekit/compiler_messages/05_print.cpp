// topic: print(...)
void run() { print(42); }
