// topic: a call with the wrong number
// clang explains it as: a call that fits no function
// (clang says "no matching function for call to 'jump'" of any call no free function fits;
// its notes say how many values jump takes. Of a member function it says "too few arguments".)
void jump(int, int) {}

void run() { jump(1); }
