#include <hip/hip_runtime.h>

// A grid-stride loop through 'auto': the index is an unsigned int on current ROCm, as in CUDA.
__global__ void clear(unsigned *d, unsigned n) {
  for (auto i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += blockDim.x * gridDim.x)
    d[i] = 0;
  auto t = threadIdx.x;
  static_assert(__is_same(decltype(t), unsigned int), "coordinates are unsigned int");
  dim3 where = blockIdx;
  d[0] = where.x;
}

// The coordinates are still the thread index the checks follow.
__global__ void vote(unsigned *out, const int *p) {
  unsigned int m = __ballot(p[threadIdx.x] > 0);
  out[blockIdx.x] = m;
}
