// topic: a missing #include
#include <string>
std::vector<int> widths;
