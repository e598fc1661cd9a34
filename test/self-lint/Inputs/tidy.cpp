int *nothing() { return 0; }
