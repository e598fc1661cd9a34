// Already in main: a line clang-format would change and a line clang-tidy warns about. Nobody
// touches them, so the self-lint of a later change leaves them alone.
int   untouched  =  0 ;
int *untouchedPointer = 0;
