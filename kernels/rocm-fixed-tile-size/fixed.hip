// rocm-fixed-tile-size sample, ported: a block sum with cooperative-groups tiles of 32.
//
// Every lane count comes from the tile: the slot of a tile is threadIdx.x / Tile.size(), so a
// tile of 32 is one logical warp on NVIDIA, on 64-lane wavefronts (two tiles per wavefront) and on
// wave32 RDNA parts alike. (HIP 5.2 has no meta_group_rank(); newer HIP and CUDA do.)
//
// Launches checked by tools/kernel-validate.py against the AMD code objects:
// kernel-launch: blockSum block=256 dynamic-lds=0
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

#include "common/harness.h"

#include <vector>

namespace cg = cooperative_groups;

constexpr int Threads = 256;

__global__ void blockSum(const float *In, float *Out, int N) {
  __shared__ float Partial[Threads / 32];
  cg::thread_block Block = cg::this_thread_block();
  cg::thread_block_tile<32> Tile = cg::tiled_partition<32>(Block);
  if (threadIdx.x < Threads / 32)
    Partial[threadIdx.x] = 0.0f;
  Block.sync();
  int I = blockIdx.x * Threads + threadIdx.x;
  float V = I < N ? In[I] : 0.0f;
  for (int Offset = Tile.size() / 2; Offset > 0; Offset /= 2)
    V += Tile.shfl_down(V, Offset);
  if (Tile.thread_rank() == 0)
    Partial[threadIdx.x / Tile.size()] = V;
  Block.sync();
  if (threadIdx.x == 0) {
    float S = 0.0f;
    for (int W = 0; W < Threads / 32; ++W)
      S += Partial[W];
    Out[blockIdx.x] = S;
  }
}

int main() {
  constexpr int N = 1 << 20, Blocks = N / Threads;
  std::vector<float> In(N);
  harness::Rng Rng(20261130);
  for (float &V : In)
    V = float(Rng.below(8));

  float *DIn = nullptr, *DOut = nullptr;
  HIP_CHECK(hipMalloc(&DIn, N * sizeof(float)));
  HIP_CHECK(hipMalloc(&DOut, Blocks * sizeof(float)));
  HIP_CHECK(hipMemcpy(DIn, In.data(), N * sizeof(float), hipMemcpyHostToDevice));
  blockSum<<<Blocks, Threads>>>(DIn, DOut, N);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<float> Out(Blocks);
  HIP_CHECK(hipMemcpy(Out.data(), DOut, Blocks * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(DIn));
  HIP_CHECK(hipFree(DOut));

  int Bad = 0;
  for (int B = 0; B < Blocks; ++B) {
    double Want = 0.0;
    for (int T = 0; T < Threads; ++T)
      Want += In[B * Threads + T];
    Bad += !harness::closeEnough(Out[B], Want, 1e-6);
  }
  char Detail[128];
  std::snprintf(Detail, sizeof Detail, "%d of %d block sums wrong", Bad, Blocks);
  return harness::report("rocm-fixed-tile-size/fixed", Bad == 0, Detail);
}
