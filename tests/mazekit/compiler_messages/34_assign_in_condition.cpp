// topic: = where == is meant
bool isStart(int value) {
  if (value = 2) return true;
  return false;
}
