// Portable cooperative-groups code that must stay quiet, each with the reason.
// RUN: %clang_tidy -checks='-*,rocm-fixed-tile-size' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-fixed-tile-size' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// With wave32 targets only, a tile of 32 is the whole wavefront.
// RUN: %clang_tidy -checks='-*,rocm-fixed-tile-size' -config="{CheckOptions: {rocm-fixed-tile-size.Targets: 'gfx1030;gfx1100'}}" %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not='warning:' --implicit-check-not='error:'
// CHECK-NOT: warning:

#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

// Logical 32-lane code: every count is 32 or comes from the tile itself, so on a 64-lane
// wavefront each half is one tile and the results are the same.
__device__ float tileSum(cg::thread_block_tile<32> &Tile, float V) {
  for (int Offset = 16; Offset > 0; Offset /= 2)
    V += Tile.shfl_xor(V, Offset);
  return V;
}

__global__ void rowSums(const float *In, float *Out, int Cols) {
  cg::thread_block Block = cg::this_thread_block();
  cg::thread_block_tile<32> Tile = cg::tiled_partition<32>(Block);
  int Row = blockIdx.x * Tile.meta_group_size() + Tile.meta_group_rank();
  float S = 0.0f;
  for (int C = Tile.thread_rank(); C < Cols; C += Tile.size())
    S += In[Row * Cols + C];
  S = tileSum(Tile, S);
  if (Tile.thread_rank() == 0)
    Out[Row] = S;
}

// Partial sums sized and indexed by 32 together with a tile of 32: one slot per tile.
__global__ void blockSum32(const float *In, float *Out) {
  __shared__ float Partial[256 / 32];
  auto Tile = cg::tiled_partition<32>(cg::this_thread_block());
  float V = cg::reduce(Tile, In[threadIdx.x], cg::plus<float>());
  if (Tile.thread_rank() == 0)
    Partial[threadIdx.x / 32] = V;
  __syncthreads();
  if (threadIdx.x == 0)
    Out[blockIdx.x] = Partial[0] + Partial[7];
}

// A tile of 64 chosen for wave64 targets under a target switch; 32 elsewhere.
__global__ void perTarget(const float *In, float *Out) {
#if defined(__GFX8__) || defined(__GFX9__)
  auto Tile = cg::tiled_partition<64>(cg::this_thread_block());
#else
  auto Tile = cg::tiled_partition<32>(cg::this_thread_block());
#endif
  Out[threadIdx.x] = cg::reduce(Tile, In[threadIdx.x], cg::plus<float>());
}

// Tiles below the wavefront, and a tile of 64 with the default (wave64) targets.
__global__ void small(float *Out) {
  cg::thread_block Block = cg::this_thread_block();
  auto T16 = cg::tiled_partition<16>(Block);
  auto T4 = cg::tiled_partition<4>(Block);
  cg::thread_group G8 = cg::tiled_partition(Block, 8);
  Out[threadIdx.x] = T16.thread_rank() + T4.thread_rank() + G8.thread_rank();
}

// warpSize in another function than the tile's: the functions do not share lane counts.
__device__ int hardwareLane() { return threadIdx.x % warpSize; }
__global__ void separate(const float *In, float *Out) {
  auto Tile = cg::tiled_partition<32>(cg::this_thread_block());
  Out[threadIdx.x] = cg::reduce(Tile, In[threadIdx.x], cg::plus<float>());
}

// CUDA-only code (the HIP build never compiles it).
#if !defined(__HIP_PLATFORM_AMD__) && !defined(__HIP__)
__global__ void cudaOnly(float *Out) {
  auto Tile = cg::tiled_partition<32>(cg::this_thread_block());
  Out[threadIdx.x / warpSize] = Tile.thread_rank();
}
#endif

// A tile of an unknown size (a runtime argument): nothing to say.
__global__ void dynamicTile(float *Out, unsigned N) {
  cg::thread_group G = cg::tiled_partition(cg::this_thread_block(), N);
  Out[threadIdx.x] = G.thread_rank();
}

// Host code with a variable named like a tile: not cooperative groups.
struct thread_block_tile_config { int Size = 32; };
int hostTile() { return thread_block_tile_config{}.Size; }
