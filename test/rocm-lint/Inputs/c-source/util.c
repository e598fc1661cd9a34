/* Host code of a HIP build in C: the CUDA header and the leak are found. */
#include <cuda_runtime.h>
#include <stdlib.h>

int make_buffer(int n, float **out) {
  float *p;
  if (hipMalloc((void **)&p, n * sizeof(float)) != hipSuccess)
    return 1;
  if (n > 4)
    return 2;
  *out = p;
  return 0;
}

/* Lane arithmetic in C is no warp code: the device checks do not apply to C. */
int lane_of(int tid) { return tid % 32; }
