// wave64 sample (rocm-warp-size-assumption): a correct *logical-32* program. It groups threads in
// 32-lane tiles on purpose and passes width 32 to every shuffle, so each shuffle stays inside its
// 32-lane segment: on a 64-lane wavefront (CDNA) each wavefront holds two independent tiles, on
// 32-lane hardware (RDNA, NVIDIA) a warp is one tile, and the results are the same. It must pass in
// both modes of kernels/run-gpu.sh (32 lanes and --wave64) and on AMD; lint should stay quiet.
//  1. tileScan: inclusive prefix sums of 32-element segments (shuffle up by 1..16 within the tile),
//     and each segment's total broadcast from lane 31 of the tile.
//  2. blockSum: each tile reduces with a butterfly from 16 (width 32), tile leaders store their
//     sums, and the first tile ('threadIdx.x < 32', a whole tile on any hardware) adds them up.
//
// Launches checked by tools/kernel-validate.py against the AMD code objects:
// kernel-launch: tileScan block=256 dynamic-lds=0
// kernel-launch: blockSum block=512 dynamic-lds=0
#include <hip/hip_runtime.h>

#include "common/harness.h"

#include <vector>

constexpr int kTile = 32;
constexpr int kMaxTilesPerBlock = 1024 / kTile;

// Scan[i] = In[seg][0..lane], Total[seg] = the segment's sum; one 32-thread tile per segment.
__global__ void tileScan(const int *In, int *Scan, int *Total, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % kTile;
  int v = i < n ? In[i] : 0;
  for (int delta = 1; delta < kTile; delta *= 2) {
    const int up = __shfl_up(v, delta, kTile);
    if (lane >= delta)
      v += up;
  }
  if (i < n)
    Scan[i] = v;
  const int total = __shfl(v, kTile - 1, kTile);
  if (lane == 0 && i < n)
    Total[i / kTile] = total;
}

__device__ int tileSum(int v) {
  for (int mask = kTile / 2; mask > 0; mask /= 2)
    v += __shfl_xor(v, mask, kTile);
  return v;
}

// Out[block] = the sum of the block's elements.
__global__ void blockSum(const int *In, int n, long long *Out) {
  __shared__ int tileSums[kMaxTilesPerBlock];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int tile = threadIdx.x / kTile;
  const int lane = threadIdx.x % kTile;
  int v = tileSum(i < n ? In[i] : 0);
  if (lane == 0)
    tileSums[tile] = v;
  __syncthreads();
  if (threadIdx.x < kTile) {
    const int tiles = blockDim.x / kTile;
    v = lane < tiles ? tileSums[lane] : 0;
    v = tileSum(v);
    if (lane == 0)
      Out[blockIdx.x] = v;
  }
}

// Mean kernel time of a launch sequence over 20 runs, after a warm-up run (lazy module loading).
template <class F> float timedMs(F Launch) {
  constexpr int Runs = 20;
  Launch();
  HIP_CHECK(hipDeviceSynchronize());
  hipEvent_t Start, Stop;
  HIP_CHECK(hipEventCreate(&Start));
  HIP_CHECK(hipEventCreate(&Stop));
  HIP_CHECK(hipEventRecord(Start, 0));
  for (int R = 0; R < Runs; ++R)
    Launch();
  HIP_CHECK(hipEventRecord(Stop, 0));
  HIP_CHECK(hipEventSynchronize(Stop));
  float Ms = 0.0f;
  HIP_CHECK(hipEventElapsedTime(&Ms, Start, Stop));
  HIP_CHECK(hipEventDestroy(Start));
  HIP_CHECK(hipEventDestroy(Stop));
  return Ms / Runs;
}

int main() {
  constexpr int N = 1 << 20, ScanBlock = 256, SumBlock = 512;
  harness::Rng Rng(20261130);
  std::vector<int> In(N);
  for (int &v : In)
    v = Rng.below(1000) - 500;

  const int SumBlocks = N / SumBlock;
  int *DIn = nullptr, *DScan = nullptr, *DTotal = nullptr;
  long long *DSum = nullptr;
  HIP_CHECK(hipMalloc(&DIn, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&DScan, N * sizeof(int)));
  HIP_CHECK(hipMalloc(&DTotal, N / kTile * sizeof(int)));
  HIP_CHECK(hipMalloc(&DSum, SumBlocks * sizeof(long long)));
  HIP_CHECK(hipMemcpy(DIn, In.data(), N * sizeof(int), hipMemcpyHostToDevice));
  const float KernelMs = timedMs([&] {
    hipLaunchKernelGGL(tileScan, dim3(N / ScanBlock), dim3(ScanBlock), 0, 0, DIn, DScan, DTotal, N);
    HIP_CHECK(hipGetLastError());
    hipLaunchKernelGGL(blockSum, dim3(SumBlocks), dim3(SumBlock), 0, 0, DIn, N, DSum);
    HIP_CHECK(hipGetLastError());
  });
  std::vector<int> Scan(N), Total(N / kTile);
  std::vector<long long> Sum(SumBlocks);
  HIP_CHECK(hipMemcpy(Scan.data(), DScan, N * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(Total.data(), DTotal, N / kTile * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(Sum.data(), DSum, SumBlocks * sizeof(long long), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DIn));
  HIP_CHECK(hipFree(DScan));
  HIP_CHECK(hipFree(DTotal));
  HIP_CHECK(hipFree(DSum));

  // Integer sums: exact.
  int BadScan = 0, BadTotal = 0, BadSum = 0;
  for (int s = 0; s < N / kTile; ++s) {
    int Acc = 0;
    for (int l = 0; l < kTile; ++l) {
      Acc += In[s * kTile + l];
      BadScan += Scan[s * kTile + l] != Acc;
    }
    BadTotal += Total[s] != Acc;
  }
  for (int b = 0; b < SumBlocks; ++b) {
    long long Acc = 0;
    for (int k = 0; k < SumBlock; ++k)
      Acc += In[b * SumBlock + k];
    BadSum += Sum[b] != Acc;
  }
  char Detail[200];
  std::snprintf(Detail, sizeof Detail, "%d of %d scan values, %d of %d segment totals, %d of %d block sums off; kernels %.3f ms",
                BadScan, N, BadTotal, N / kTile, BadSum, SumBlocks, KernelMs);
  return harness::report("wave64-logical32/fixed", BadScan + BadTotal + BadSum == 0, Detail);
}
