// topic: a string where a number goes
#include <string>

int size(const std::string& text) {
  int n = text;
  return n;
}
