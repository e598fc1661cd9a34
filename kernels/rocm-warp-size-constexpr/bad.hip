// rocm-warp-size-constexpr sample, as it was written before ROCm 7: per-block sums where the kernel
// uses warpSize as a compile-time constant (the size of the per-warp buffer, the width handed to the
// warp reduction as a template argument) and the host reads warpSize to shape the launch.
// It compiles and runs with HIP before 7.0, where warpSize is constexpr; ROCm 7 (like CUDA) makes
// warpSize a device-side value and rejects the three marked lines.
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <vector>

// The sum of v over the first Lanes lanes of the warp, in lane 0.
template <int Lanes> __device__ float warpSum(float v) {
  for (int offset = Lanes / 2; offset > 0; offset /= 2)
    v += __shfl_down(v, offset, Lanes);
  return v;
}

// out[b] = in[b * blockDim.x] + ... + in[(b + 1) * blockDim.x - 1]
__global__ void blockSums(const float *in, float *out, int n) {
  __shared__ float warpTotals[1024 / warpSize]; // ROCm 7: not a constant expression
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  v = warpSum<warpSize>(v); // ROCm 7: not a constant expression
  const int lane = threadIdx.x % warpSize;
  const int warp = threadIdx.x / warpSize;
  if (lane == 0)
    warpTotals[warp] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float total = 0.0f;
    for (int w = 0; w < int(blockDim.x) / warpSize; ++w)
      total += warpTotals[w];
    out[blockIdx.x] = total;
  }
}

int main() {
  constexpr int N = 1 << 20;
  const int Block = 4 * warpSize; // four warps per block; ROCm 7: no warpSize on the host
  const int Blocks = (N + Block - 1) / Block;

  harness::Rng Rng(20261130);
  std::vector<float> In(N);
  for (float &v : In)
    v = Rng.uniform(-1.0f, 1.0f);

  float *DIn = nullptr, *DOut = nullptr;
  HIP_CHECK(hipMalloc(&DIn, N * sizeof(float)));
  HIP_CHECK(hipMalloc(&DOut, Blocks * sizeof(float)));
  HIP_CHECK(hipMemcpy(DIn, In.data(), N * sizeof(float), hipMemcpyHostToDevice));
  blockSums<<<Blocks, Block>>>(DIn, DOut, N);
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
  std::snprintf(Detail, sizeof Detail, "%d of %d block sums off (block %d)", Wrong, Blocks, Block);
  return harness::report("rocm-warp-size-constexpr/bad", Wrong == 0, Detail);
}
