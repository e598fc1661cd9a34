// rocm-warp-sync-builtins sample, ported: per-wavefront sums with a butterfly of shuffles, staged
// in shared memory and read back by a neighbouring lane after a warp-level barrier.
//
// The CUDA code called __shfl_xor_sync and __syncwarp directly. HIP declares the _sync shuffles
// only from ROCm 7.0 (6.2 to 6.4 only with HIP_ENABLE_WARP_SYNC_BUILTINS) and __syncwarp only from
// 7.0, so the port keeps one spelling per ROCm range in two macros: the maskless __shfl_xor and a
// block-scope fence before 7.0, the _sync forms (64-bit masks) from 7.0 and on CUDA.
//
// Launches checked by tools/kernel-validate.py against the AMD code objects:
// kernel-launch: waveSums block=256 dynamic-lds=0
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <vector>

#if defined(__HIP_PLATFORM_AMD__) && HIP_VERSION < 70000000
// A wavefront runs its lanes together: the maskless forms cover the whole wavefront.
#define WARP_XOR(mask, v, lane) __shfl_xor((v), (lane))
#define WARP_SYNC(mask) __threadfence_block()
#else
#define WARP_XOR(mask, v, lane) __shfl_xor_sync((mask), (v), (lane))
#define WARP_SYNC(mask) __syncwarp(mask)
#endif

constexpr int Block = 256; // a multiple of both wavefront sizes (32, 64)

// Out[w] = the sum of the values of wavefront w, as read by its first lane from its last lane's slot.
__global__ void waveSums(const unsigned *In, unsigned *Out, int N) {
  __shared__ unsigned Stage[Block];
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned V = I < N ? In[I] : 0u;
  for (int Offset = warpSize / 2; Offset > 0; Offset /= 2)
    V += WARP_XOR(~0ull, V, Offset);
  Stage[threadIdx.x] = V;
  WARP_SYNC(~0ull);
  const int Lane = threadIdx.x % warpSize;
  const int Wave = I / warpSize;
  if (Lane == 0 && I < N)
    Out[Wave] = Stage[threadIdx.x + warpSize - 1];
}

int main() {
  constexpr int N = 1 << 16;
  const int Grid = (N + Block - 1) / Block;

  int Dev = 0;
  hipDeviceProp_t Prop;
  HIP_CHECK(hipGetDevice(&Dev));
  HIP_CHECK(hipGetDeviceProperties(&Prop, Dev));
  const int Wave = Prop.warpSize;
  const int Waves = N / Wave;

  harness::Rng Rng(20261130);
  std::vector<unsigned> In(N);
  for (unsigned &X : In)
    X = unsigned(Rng.below(1000));

  unsigned *DIn = nullptr, *DOut = nullptr;
  HIP_CHECK(hipMalloc(&DIn, N * sizeof(unsigned)));
  HIP_CHECK(hipMalloc(&DOut, Waves * sizeof(unsigned)));
  HIP_CHECK(hipMemcpy(DIn, In.data(), N * sizeof(unsigned), hipMemcpyHostToDevice));
  waveSums<<<Grid, Block>>>(DIn, DOut, N);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<unsigned> Out(Waves);
  HIP_CHECK(hipMemcpy(Out.data(), DOut, Waves * sizeof(unsigned), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DIn));
  HIP_CHECK(hipFree(DOut));

  int Bad = 0;
  for (int W = 0; W < Waves; ++W) {
    unsigned Want = 0;
    for (int L = 0; L < Wave; ++L)
      Want += In[W * Wave + L];
    Bad += Out[W] != Want;
  }
  char Detail[160];
  std::snprintf(Detail, sizeof Detail, "%d of %d wavefront sums off", Bad, Waves);
  return harness::report("rocm-warp-sync-builtins/fixed", Bad == 0, Detail);
}
