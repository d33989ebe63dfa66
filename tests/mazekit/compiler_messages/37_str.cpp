// topic: str(x)
#include <string>
std::string label(int row) { return "row " + str(row); }
