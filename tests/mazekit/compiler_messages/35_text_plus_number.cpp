// topic: text + a number
#include <string>
std::string label(int row) { return "row " + row + "\n"; }
