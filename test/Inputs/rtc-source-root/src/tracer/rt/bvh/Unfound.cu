// An include that resolves nowhere in the repository may bring the runtime header: not forced.
#include "rt/missing/Config.h"
#include "util/Vec.h"
extern "C" GLOBAL void k(float *x) { x[threadIdx.x] = 0; }
