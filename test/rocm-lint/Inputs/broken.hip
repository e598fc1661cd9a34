#include <hip/hip_runtime.h>
int broken( { return 0; }
