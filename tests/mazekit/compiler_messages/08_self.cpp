// topic: self
struct Counter {
  int count = 0;
  int get() { return self.count; }
};
