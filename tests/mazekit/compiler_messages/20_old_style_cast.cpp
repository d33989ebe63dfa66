// topic: (int)x
int whole(double x) { return (int)x; }
