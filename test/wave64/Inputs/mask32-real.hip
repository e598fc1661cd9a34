// A 32-bit mask given to a _sync shuffle: a build error with ROCm >= 6.2, and in the 64-lane build.
#include <hip/hip_runtime.h>

__global__ void reduce(float *Out) {
  float V = Out[threadIdx.x];
  for (int Off = 16; Off > 0; Off /= 2)
    V += __shfl_xor_sync(0xffffffffu, V, Off);
  Out[threadIdx.x] = V;
}

int main() { return 0; }
