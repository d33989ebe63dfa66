// topic: len(...)
#include <vector>

int count(const std::vector<int>& cells) { return len(cells); }
