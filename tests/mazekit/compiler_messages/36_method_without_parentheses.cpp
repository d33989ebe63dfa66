// topic: a member function named without ()
#include <vector>
int count(const std::vector<int>& values) {
  int n = values.size;
  return n;
}
