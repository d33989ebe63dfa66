// topic: cout, string, vector without std::
#include <iostream>

void run() { cout << 42; }
