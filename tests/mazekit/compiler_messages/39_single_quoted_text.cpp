// topic: text in single quotes
#include <string>
std::string colour() {
  std::string name = 'blue';
  return name;
}
