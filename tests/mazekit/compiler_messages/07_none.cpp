// topic: None
int* nothing() { return None; }
