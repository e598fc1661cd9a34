// rocm-warp-size-constexpr sample, ready for ROCm 7: the warp width is a template parameter of the
// kernel, chosen on the host from the device's warp size (hipDeviceProp_t::warpSize), so each
// instantiation has its own compile-time constant and no code reads warpSize as one. The per-warp
// buffer is sized by that parameter; the block is 256 threads, a multiple of both widths.
// The same binary serves 64-lane (CDNA) and 32-lane (RDNA, NVIDIA) GPUs.
//
// Launches checked by tools/kernel-validate.py against the AMD code objects:
// kernel-launch: blockSums block=256 dynamic-lds=0
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <vector>

// The sum of v over the first Lanes lanes of the warp, in lane 0.
template <int Lanes> __device__ float warpSum(float v) {
  for (int offset = Lanes / 2; offset > 0; offset /= 2)
    v += __shfl_down(v, offset, Lanes);
  return v;
}

// out[b] = in[b * blockDim.x] + ... + in[(b + 1) * blockDim.x - 1]; Lanes is the device's warp size.
template <int Lanes> __global__ void blockSums(const float *in, float *out, int n) {
  __shared__ float warpTotals[1024 / Lanes];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  v = warpSum<Lanes>(v);
  const int lane = threadIdx.x % Lanes;
  const int warp = threadIdx.x / Lanes;
  if (lane == 0)
    warpTotals[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float total = 0.0f;
    for (int w = 0; w < int(blockDim.x) / Lanes; ++w)
      total += warpTotals[w];
    out[blockIdx.x] = total;
  }
}

int main() {
  constexpr int N = 1 << 20;
  constexpr int Block = 256; // a multiple of both wavefront sizes (32, 64)
  constexpr int Blocks = (N + Block - 1) / Block;

  int Dev = 0;
  hipDeviceProp_t Prop;
  HIP_CHECK(hipGetDevice(&Dev));
  HIP_CHECK(hipGetDeviceProperties(&Prop, Dev));
  const int Lanes = Prop.warpSize; // the host's warp size comes from the device

  harness::Rng Rng(20261130);
  std::vector<float> In(N);
  for (float &v : In)
    v = Rng.uniform(-1.0f, 1.0f);

  float *DIn = nullptr, *DOut = nullptr;
  HIP_CHECK(hipMalloc(&DIn, N * sizeof(float)));
  HIP_CHECK(hipMalloc(&DOut, Blocks * sizeof(float)));
  HIP_CHECK(hipMemcpy(DIn, In.data(), N * sizeof(float), hipMemcpyHostToDevice));
  if (Lanes == 64)
    blockSums<64><<<Blocks, Block>>>(DIn, DOut, N);
  else
    blockSums<32><<<Blocks, Block>>>(DIn, DOut, N);
  HIP_CHECK(hipGetLastError());
  std::vector<float> Out(Blocks);
  HIP_CHECK(hipMemcpy(Out.data(), DOut, Blocks * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DIn));
  HIP_CHECK(hipFree(DOut));

  int Wrong = 0;
  for (int b = 0; b < Blocks; ++b) {
    double Want = 0.0;
    for (int i = b * Block; i < N && i < (b + 1) * Block; ++i)
      Want += In[i];
    if (!harness::closeEnough(Out[b], Want, 1e-4))
      ++Wrong;
  }
  char Detail[160];
  std::snprintf(Detail, sizeof Detail, "%d of %d block sums off (%d-lane kernel)", Wrong, Blocks, Lanes);
  return harness::report("rocm-warp-size-constexpr/fixed", Wrong == 0, Detail);
}
