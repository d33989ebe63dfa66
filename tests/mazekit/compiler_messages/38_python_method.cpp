// topic: a Python method on a vector or string
#include <vector>
void fill(std::vector<int>& values) { values.append(3); }
