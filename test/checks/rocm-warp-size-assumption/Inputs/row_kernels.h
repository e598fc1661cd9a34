// A kernel defined in a header: the file that launches it says how wide its blocks are.
#include <hip/hip_runtime.h>

__global__ void header_row_sum(const float *in, float *out) {
  float v = in[threadIdx.y * blockDim.x + threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down(v, o);
  if (threadIdx.x == 0)
    out[threadIdx.y] = v;
}
