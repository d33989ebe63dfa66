// topic: True and False
bool isWall() { return True; }
