// topic: return x in a void function
void run() { return 1; }
