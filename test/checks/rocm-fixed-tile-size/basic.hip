// Positive cases. Tiles live in device functions, which both passes of a HIP file parse: the host
// and the device pass give the same findings (rocm-lint reports each once).
// RUN: %clang_tidy -checks='-*,rocm-fixed-tile-size' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-fixed-tile-size' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='note:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

// One partial sum per 32-lane tile, but the slot is chosen by the hardware warp: on a 64-lane
// wavefront tiles 0 and 1 both write slot 0, and half of the slots stay unwritten.
__global__ void blockSum(const float *In, float *Out) {
  __shared__ float Partial[1024 / 32];
  cg::thread_block Block = cg::this_thread_block();
  auto Tile = cg::tiled_partition<32>(Block);
  float V = cg::reduce(Tile, In[threadIdx.x], cg::plus<float>());
  if (Tile.thread_rank() == 0)
    Partial[threadIdx.x / warpSize] = V;
  Block.sync();
  if (threadIdx.x == 0)
    Out[blockIdx.x] = Partial[0] + Partial[1];
}
// CHECK: :[[@LINE-8]]:15: warning: tile of 32 threads is half of the 64-lane wavefront of gfx90a (MI210/MI250/MI250X), but 'blockSum' also counts lanes with 'warpSize' (64 there), as if the tile were the whole warp; use the tile's size() and meta_group_rank() for per-tile indices and offsets, or keep every lane count at 32 [rocm-fixed-tile-size]
// CHECK: :[[@LINE-6]]:27: note: 'warpSize' used here

// Offsets from warpSize on a 32-lane tile: the first step shuffles by 32 and reads the lane's own
// value back, doubling it.
__device__ float tileReduce(cg::thread_block_tile<32> Tile, float V) {
  for (int Offset = warpSize / 2; Offset > 0; Offset /= 2)
    V += Tile.shfl_down(V, Offset);
  return V;
}
// CHECK: :[[@LINE-5]]:29: warning: tile of 32 threads is half of the 64-lane wavefront of gfx90a (MI210/MI250/MI250X), but 'tileReduce' also counts lanes with 'warpSize'
// CHECK: :[[@LINE-5]]:21: note: 'warpSize' used here

// A ballot spans the whole wavefront: bit 'thread_rank()' of it is not this tile's lane on wave64.
__global__ void vote(const int *Flags, unsigned long long *Masks) {
  cg::thread_block_tile<32> Tile = cg::tiled_partition<32>(cg::this_thread_block());
  unsigned long long M = __ballot(Flags[threadIdx.x]);
  if (Tile.thread_rank() == 0)
    Masks[Tile.meta_group_rank()] = M;
}
// CHECK: :[[@LINE-5]]:36: warning: tile of 32 threads is half of the 64-lane wavefront of gfx90a (MI210/MI250/MI250X), but 'vote' also calls '__ballot', which spans the whole wavefront (two tiles at once), as if the tile were the whole warp; use the tile's own operations, or a tile of the wavefront size [rocm-fixed-tile-size]
// CHECK: :[[@LINE-5]]:26: note: '__ballot' called here

// '__lane_id()' numbers the lanes of the wavefront (0..63), not of the tile: only tile 0's leader
// passes the test on wave64.
__global__ void leaders(const float *In, float *Out) {
  auto Tile = cg::tiled_partition<32>(cg::this_thread_block());
  float V = cg::reduce(Tile, In[threadIdx.x], cg::plus<float>());
  if (__lane_id() == 0)
    Out[Tile.meta_group_rank()] = V;
}
// CHECK: :[[@LINE-5]]:15: warning: tile of 32 threads is half of the 64-lane wavefront of gfx90a (MI210/MI250/MI250X), but 'leaders' also calls '__lane_id'
// CHECK: :[[@LINE-4]]:7: note: '__lane_id' called here

// Sizes HIP rejects on every AMD GPU.
__global__ void tooWide(float *Out) {
  cg::thread_block Block = cg::this_thread_block();
  auto Big = cg::tiled_partition<128>(Block);
  // CHECK: :[[@LINE-1]]:14: warning: tile of 128 threads is larger than the 64-lane wavefront of any AMD GPU, and HIP's tiles cannot span wavefronts; HIP rejects it at compile time ('Tile size is either not a power of 2 or greater than the wavefront size'); use tiles of at most 64 and combine their results through shared memory [rocm-fixed-tile-size]
  auto Odd = cg::tiled_partition<24>(Block);
  // CHECK: :[[@LINE-1]]:14: warning: tile size 24 is not a power of two, which HIP's cooperative groups require; HIP rejects it at compile time ('Tile size is either not a power of 2 or greater than the wavefront size'); use a power of two up to the wavefront size [rocm-fixed-tile-size]
  cg::thread_group Dyn = cg::tiled_partition(Block, 256);
  // CHECK: :[[@LINE-1]]:26: warning: tile of 256 threads is larger than the 64-lane wavefront of any AMD GPU, and HIP's tiles cannot span wavefronts; HIP's tiled_partition asserts 'invalid tile size' when the kernel runs; use tiles of at most 64
  Out[threadIdx.x] = Big.thread_rank() + Odd.thread_rank() + Dyn.thread_rank();
}
