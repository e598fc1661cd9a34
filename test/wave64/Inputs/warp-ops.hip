// Uses each kind of wavefront operation the emulation provides, so that both builds of
// rocm-wave64 compile it: shuffles of every width, votes, match functions, a barrier, lane masks.
#include <hip/hip_runtime.h>

__global__ void ops(unsigned long long *Out) {
  const unsigned T = threadIdx.x;
  float V = float(T);
  for (int Off = warpSize / 2; Off > 0; Off /= 2)
    V += __shfl_xor(V, Off);
  const unsigned long long B = __ballot(T % 3 == 0);
  const unsigned long long M = __match_any_sync(__activemask(), T % 4);
  int Pred = 0;
  const unsigned long long A = __match_all_sync(~0ull, 7, &Pred);
  __syncthreads();
  const int Seg = __shfl_down_sync(~0ull, int(T), 1, 16);
  Out[T] = B ^ M ^ A ^ (unsigned long long)(V + Seg + Pred) ^ __lanemask_lt() ^ __any(T == 3) ^ __all(T < 1024);
}

int main() {
  unsigned long long *D = nullptr;
  if (hipMalloc(&D, 96 * sizeof(unsigned long long)) != hipSuccess)
    return 1;
  hipLaunchKernelGGL(ops, dim3(1), dim3(96), 0, 0, D);
  return hipDeviceSynchronize() == hipSuccess ? 0 : 1;
}
