// topic: changing a const variable
int grow() {
  const int size = 20;
  size = size + 2;
  return size;
}
