// Ports of tile-based hash tables and work queues replace 'tile.ballot(p)' by the wavefront's
// '__ballot(p)'. With tiles of 16 or 32 lanes on a 64-lane wavefront, the mask holds the lanes of
// every tile of the wavefront, and '__ffsll(mask) - 1' is a wavefront lane used as a tile rank.
// The tile's size is known in a template's instantiations; the ballot is reported where it is
// written, once, with the tile as a note.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='lane_queue\.h' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='lane_queue\.h' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='lane_queue\.h' \
// RUN:   -config="{CheckOptions: {RocmTargets: 'gfx1100'}}" %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WAVE32 --allow-empty

#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <cstdint>
#include "lane_queue.h"

namespace cg = cooperative_groups;

// Header case: the queue's member mask, read by '__ffsll', in the instantiation below with a tile
// of 16 lanes.
// CHECK: lane_queue.h:16:12: warning: '__ballot' votes across the whole wavefront in code that works on tiles of 16 lanes; AMD GPUs run 64-lane wavefronts, so the mask also holds the other tiles' lanes, numbered by wavefront lane rather than tile rank: keep the tile's bits (shift the mask right by the tile's first lane and cut it to 16 bits), as 'tile.ballot' does [rocm-warp-size-assumption]
// CHECK: lane_queue.h:20:9: note: the tile of 16 lanes

template <int Lanes> struct Table { static constexpr int tile = Lanes; };

// Template case: the kernel's tile takes its size from the table type.
template <typename T> __global__ void drain(const int *keys, int n, int *out) {
  auto tile = cg::tiled_partition<T::tile>(cg::this_thread_block());
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  bool todo = i < n;
  // CHECK: :[[@LINE+1]]:18: warning: '__ballot' votes across the whole wavefront in code that works on tiles of 16 lanes
  auto pending = __ballot(todo);
  // CHECK: tile-votes.hip:[[#TILE:]]:8: note: the tile of 16 lanes
  while (pending) {
    int rank = __ffsll(pending) - 1;
    int key = tile.shfl(todo ? keys[i] : 0, rank);
    if (tile.thread_rank() == rank) {
      todo = false;
      out[i] = key;
    }
    // CHECK: :[[@LINE+1]]:15: warning: '__ballot' votes across the whole wavefront in code that works on tiles of 16 lanes
    pending = __ballot(todo);
    // CHECK: tile-votes.hip:[[#TILE]]:8: note: the tile of 16 lanes
  }
  LaneQueue<int, decltype(tile)> q(i, i < n, tile);
  while (!q.empty()) {
    out[i] += q.front();
    q.pop();
  }
}

// A function given the tile that returns the wavefront's vote as the tile's.
template <typename V, typename TileT> __device__ uint64_t tileBallot(V pred, const TileT &t) {
  // CHECK: :[[@LINE+2]]:16: warning: '__ballot64' votes across the whole wavefront in code that works on tiles of 32 lanes
  // CHECK: :[[@LINE-2]]:91: note: the tile of 32 lanes
  uint64_t r = __ballot64(pred);
  return static_cast<uint64_t>(r);
}

// A project's tile class whose ballot is the wavefront's (the class itself is the tile).
template <unsigned Size> struct Part : cg::thread_block_tile<Size> {
  __device__ Part(const cg::thread_block_tile<Size> &t) : cg::thread_block_tile<Size>(t) {}
  // CHECK: :[[@LINE+1]]:51: warning: '__ballot' votes across the whole wavefront in code that works on tiles of 32 lanes
  __device__ static uint64_t vote(int p) { return __ballot(p); }
};
// CHECK: :[[@LINE-5]]:33: note: the tile of 32 lanes

// Macro case: written in a macro's body, reported nowhere (IgnoreMacros); given to a macro as its
// argument, reported at the argument.
#define FIRST_LANE(m) (__ffsll(m) - 1)
#define VOTE_OF(p) __ballot(p)
template <typename TileT> __device__ int firstVoter(const TileT &t, bool p) {
  int viaMacro = __ffsll(VOTE_OF(p)) - 1;
  // CHECK: :[[@LINE+2]]:21: warning: '__ballot' votes across the whole wavefront in code that works on tiles of 32 lanes
  // CHECK: :[[@LINE-3]]:66: note: the tile of 32 lanes
  return FIRST_LANE(__ballot(p)) + viaMacro;
}

// Negative: a tile as wide as the wavefront; the wavefront's vote is the tile's.
template <typename T> __global__ void wide(int *out) {
  auto tile = cg::tiled_partition<T::tile>(cg::this_thread_block());
  auto m = __ballot(out[threadIdx.x] > 0);
  out[0] = __ffsll(m) + tile.thread_rank();
}

// Negative: the tile's bits are taken out of the wavefront's mask before they are read.
template <typename TileT> __device__ int ownBits(const TileT &t, bool p) {
  unsigned long long m = __ballot(p);
  unsigned long long mine = m >> (threadIdx.x & 32u);
  return __popcll(mine & 0xffffffffull);
}

// Negative: only whether any lane voted is read (the loop runs until both tiles are done).
template <typename TileT> __device__ bool anyLeft(const TileT &t, bool p) { return __ballot(p) != 0; }

// Negative: no tile reaches this template; its vote is the wavefront's by design.
template <typename V> __device__ int waveLeader(V p) { return __ffsll(__ballot(p)) - 1; }

// Negative: the vote only masks a shuffle's lanes (no bit of it is counted).
template <typename TileT> __device__ int maskOnly(const TileT &t, int v) {
  unsigned long long m = __ballot(v > 0);
  return __shfl_xor_sync(m, v, 1, 16);
}

// Negative: a concrete function given 'thread_block_tile<32>' is rocm-fixed-tile-size's finding.
__device__ int countIn(const cg::thread_block_tile<32> &t, bool p) { return __popcll(__ballot(p)); }

// Negative: code only the CUDA build compiles.
template <typename TileT> __device__ int cudaOnly(const TileT &t, bool p) {
#if defined(__CUDA_ARCH__) && !defined(__HIP_PLATFORM_AMD__)
  return __ffsll(__ballot(p)) - 1;
#else
  return 0;
#endif
}

// Never instantiated here (a header-only library linted alone): the tile's size is left to the
// template's arguments. Reported unless the code keeps the tile's bits; the tile is an object the
// template uses as one ('.thread_rank()', '.shfl(...)').
template <typename Group> struct OpenQueue {
  // CHECK: :[[@LINE+3]]:12: warning: '__ballot' votes across the whole wavefront in code that works on tiles of a size the template leaves open; AMD GPUs run 64-lane wavefronts, so unless each tile has 64 lanes the mask also holds other tiles' lanes, numbered by wavefront lane rather than tile rank: use the tile's ballot, or keep the tile's bits [rocm-warp-size-assumption]
  // CHECK: :[[@LINE+7]]:9: note: the tile
  __device__ int take(bool on) {
    bits = __ballot(on);
    int first = __ffsll(bits) - 1;
    return group.thread_rank() == first;
  }
  unsigned long long bits;
  Group group;
};

template <typename Group> __device__ int openRank(const Group &g, bool p) {
  // CHECK: :[[@LINE+2]]:16: warning: '__ballot' votes across the whole wavefront in code that works on tiles of a size
  // CHECK: :[[@LINE-2]]:64: note: the tile
  auto votes = __ballot(p);
  return g.shfl(p, __ffsll(votes) - 1);
}

// Negative: the object is never used as a tile; a wavefront's vote by design.
template <typename Ctx> __device__ int openLeader(const Ctx &c, bool p) { return __ffsll(__ballot(p)) + c.value(); }

// Negative: the open tile's own bits are taken out before they are counted.
template <typename Group> __device__ int openOwnBits(const Group &g, bool p) {
  unsigned long long m = __ballot(p) >> (threadIdx.x & 32u);
  return __popcll(m) + g.thread_rank();
}

__global__ void useAll(int *o, uint64_t *w) {
  auto t32 = cg::tiled_partition<32>(cg::this_thread_block());
  auto t16 = cg::tiled_partition<16>(cg::this_thread_block());
  w[0] = tileBallot(o[1] > 0, t32);
  w[1] = Part<32>::vote(o[2] > 0);
  o[2] = firstVoter(t32, o[3] > 0) + ownBits(t32, o[4] > 0) + anyLeft(t16, o[5] > 0) + waveLeader(o[6] > 0);
  o[3] = maskOnly(t16, o[7]) + countIn(t32, o[8] > 0) + cudaOnly(t16, o[9] > 0);
}

void launch(const int *k, int n, int *o) {
  drain<Table<16>><<<1, 64>>>(k, n, o);
  wide<Table<64>><<<1, 64>>>(o);
}

// Only wave32 targets selected (RDNA): the finding's premise, a 64-lane wavefront, does not hold.
// WAVE32-NOT: votes across the whole wavefront
