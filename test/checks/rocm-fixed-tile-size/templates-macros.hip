// Tile sizes through templates and macros: a template is reported at its one spelling with the
// value of each instantiation that makes it a hazard.
// RUN: %clang_tidy -checks='-*,rocm-fixed-tile-size' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-fixed-tile-size' -config="{CheckOptions: {rocm-fixed-tile-size.Targets: 'gfx90a;gfx1030'}}" %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,WAVE32 --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

#define WARP 32
#define TILE(B) cg::tiled_partition<WARP>(B)

// A warp-named macro of 32 is a tile of 32; the slot comes from the hardware width.
__global__ void viaMacro(const float *In, float *Out) {
  auto Tile = TILE(cg::this_thread_block());
  float V = cg::reduce(Tile, In[threadIdx.x], cg::plus<float>());
  if (Tile.thread_rank() == 0)
    Out[threadIdx.x / warpSize] = V;
}
// CHECK: :[[@LINE-5]]:15: warning: tile of 32 threads is half of the 64-lane wavefront of gfx90a (MI210/MI250/MI250X), but 'viaMacro' also counts lanes with 'warpSize'
// CHECK: :[[@LINE-3]]:23: note: 'warpSize' used here

// Instantiated with 16, 32 and 64: whether 64 reaches a wave32 target is the callers' choice (they
// often pick the width per target), so the wave32 rule leaves template arguments alone.
template <unsigned Width> __global__ void widths(const float *In, float *Out) {
  auto Tile = cg::tiled_partition<Width>(cg::this_thread_block());
  Out[threadIdx.x] = cg::reduce(Tile, In[threadIdx.x], cg::plus<float>());
}
template __global__ void widths<16>(const float *, float *);
template __global__ void widths<32>(const float *, float *);
template __global__ void widths<64>(const float *, float *);

// A project-wide macro of 64, not chosen per target: the RDNA build fails.
#define WIDE_TILE 64
__global__ void wide(const float *In, float *Out) {
  auto Tile = cg::tiled_partition<WIDE_TILE>(cg::this_thread_block());
  Out[threadIdx.x] = cg::reduce(Tile, In[threadIdx.x], cg::plus<float>());
}
// WAVE32: :[[@LINE-3]]:15: warning: tile of 64 threads is larger than the 32-lane wavefront of gfx1030 (RX 6800/RX 6900 XT), where HIP rejects it at compile time ('Tile size is either not a power of 2 or greater than the wavefront size'); use a tile of 32, or choose the size per target under '#if defined(__GFX9__)' [rocm-fixed-tile-size]

// The width chosen per target through a macro defined in a target switch (a real pattern:
// HeCBench's groupnorm and attention), and a template deducing it from the tile: quiet.
#if defined(__GFX8__) || defined(__GFX9__)
#define TARGET_WARP 64
#else
#define TARGET_WARP 32
#endif
template <unsigned W> __device__ float tileSum(cg::thread_block_tile<W> &Tile, float V) {
  for (unsigned Offset = W / 2; Offset > 0; Offset /= 2)
    V += Tile.shfl_xor(V, Offset);
  return V;
}
__global__ void perTargetMacro(const float *In, float *Out) {
  cg::thread_block_tile<TARGET_WARP> Tile = cg::tiled_partition<TARGET_WARP>(cg::this_thread_block());
  Out[threadIdx.x] = tileSum(Tile, In[threadIdx.x]);
}

// A template whose instantiation with 96 is rejected everywhere.
template <unsigned Width> __device__ unsigned rankIn() {
  cg::thread_block_tile<Width> Tile = cg::tiled_partition<Width>(cg::this_thread_block());
  return Tile.thread_rank();
}
// CHECK: :[[@LINE-3]]:39: warning: tile size 96 is not a power of two
__global__ void useRank(unsigned *Out) { Out[threadIdx.x] = rankIn<96>() + rankIn<8>(); }
