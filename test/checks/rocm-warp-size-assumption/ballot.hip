// Ballot and lane-mask results narrowed to 32 bits (item 5); the 64-bit functions are offered in notes.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' %s -- %hip_device_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>

__device__ unsigned ballot32(int p) {
  // CHECK: :[[@LINE+1]]:10: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer [rocm-warp-size-assumption]
  return __ballot(p);
}

__global__ void count(const float *in, int *out) {
  int p = in[threadIdx.x] > 0.0f;
  // CHECK: :[[@LINE+1]]:16: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer [rocm-warp-size-assumption]
  unsigned m = __ballot(p);
  // CHECK: :[[@LINE+1]]:27: warning: result of '__activemask' narrowed to the 32-bit type 'int'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer [rocm-warp-size-assumption]
  unsigned active = (int)(__activemask());
  // CHECK: :[[@LINE+1]]:15: warning: result of '__lanemask_lt' narrowed to the 32-bit type 'int'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer [rocm-warp-size-assumption]
  int below = __lanemask_lt();
  unsigned long long votes = __ballot_sync(~0ull, p);
  // CHECK: :[[@LINE+1]]:15: warning: 64-bit lane mask passed to 32-bit '__popc'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: use '__popcll' [rocm-warp-size-assumption]
  int total = __popc(votes);
  // CHECK: :[[@LINE+1]]:14: warning: 64-bit lane mask passed to 32-bit '__popc'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: use '__popcll' [rocm-warp-size-assumption]
  int rank = __popc(votes & __lanemask_lt());
  // CHECK: :[[@LINE+1]]:16: warning: 64-bit lane mask passed to 32-bit '__ffs'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: use '__ffsll' [rocm-warp-size-assumption]
  int leader = __ffs(__ballot(p)) - 1;
  // No fix-it for __clz and __brev: their results depend on the width, so the code around them changes too.
  // CHECK: :[[@LINE+1]]:14: warning: 64-bit lane mask passed to 32-bit '__clz'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: use '__clzll' [rocm-warp-size-assumption]
  int last = __clz(votes);
  // A copy of a ballot is a ballot.
  unsigned long long copy = votes;
  // CHECK: :[[@LINE+1]]:19: warning: lane mask narrowed to the 32-bit type 'unsigned int'; AMD GPUs run 64-lane wavefronts, so lanes 32-63 are lost: keep it in a 64-bit integer [rocm-warp-size-assumption]
  unsigned low = (copy);

  // Negative cases.
  // 64-bit storage and 64-bit functions are right.
  unsigned long long ok = __ballot(p);
  int n = __popcll(ok) + __ffsll(ok) + __clzll(ok);
  // Testing for any vote is a boolean conversion, which keeps every lane.
  if (__ballot(p))
    n += 1;
  bool anyVote = __ballot(p);
  // A 32-bit value that is not a lane mask passed to __popc is ordinary bit counting.
  unsigned bits = in[0] > 1.0f ? 7u : 3u;
  n += __popc(bits);
  // A 64-bit value that is not a lane mask is not this check's business.
  unsigned long long big = 1ull << 40;
  n += __popc(big);
  // Already reported where it was narrowed: counting the 32-bit copy is not reported again.
  n += __popc(m);
  out[threadIdx.x] = n + total + rank + leader + last + (int)low + (int)active + below + anyVote;
}

// Only threads below the block's warp count vote ('NT / 32' is at most 32: a block has at most 1024
// threads), all of them lanes 0-31 of the first wavefront: the vote has no bits above 31. Quiet,
// also through a helper's 'tid' parameter. A bound of 64 lets lanes 32-63 vote: reported.
template <int NT> __device__ unsigned firstWarpVote(int tid, const int *flags) {
  const int NumWarps = NT / 32;
  unsigned bits = 0;
  if (tid < NumWarps) {
    unsigned ctaBits = __ballot(flags[tid] != 0);
    bits = ctaBits;
  }
  return bits;
}
__global__ void warpCountVote(const int *flags, unsigned *out) {
  out[0] = firstWarpVote<256>(threadIdx.x, flags);
  if (threadIdx.x < 64) {
    unsigned wide = __ballot(flags[threadIdx.x] != 0);
    // CHECK: :[[@LINE-1]]:21: warning: result of '__ballot' narrowed to the 32-bit type 'unsigned int'
    out[1] = wide;
  }
}

// Every launch in the unit gives the kernel blocks of 32 threads (a local set from a macro, as
// tile-list repacking kernels do): lanes 32-63 never run, so the vote's upper half is always zero
// and the 32-bit copy is whole. Quiet. The same body launched with 64 threads is reported.
#define TILE_ATOMS 32
typedef unsigned int TileMask;
__global__ void repackTiles(const int *tiles, int *out) {
  TileMask b = __ballot(tiles[threadIdx.x] != 0);
  if (threadIdx.x == 0)
    out[blockIdx.x] = __popc(b);
}
__global__ void repackTilesWide(const int *tiles, int *out) {
  TileMask b = __ballot(tiles[threadIdx.x] != 0);
  // CHECK: :[[@LINE-1]]:16: warning: result of '__ballot' narrowed to the 32-bit type 'TileMask' (aka 'unsigned int')
  if (threadIdx.x == 0)
    out[blockIdx.x] = __popc(b);
}
void launchRepack(const int *tiles, int *out, int n, hipStream_t stream) {
  int nthread = TILE_ATOMS * 1;
  int nblock = (n - 1) / nthread + 1;
  repackTiles<<<nblock, nthread, 0, stream>>>(tiles, out);
  repackTilesWide<<<nblock, 2 * nthread, 0, stream>>>(tiles, out);
}

// Reported: the block is one 'WARP_SIZE' of 32, picked for NVIDIA (through another macro, as
// tuning headers do). One warp per block was meant: with the constant set right for AMD the block
// has 64 threads and the 32-bit copy loses lanes 32-63.
#define WARP_SIZE 32
#define DECODE_BLOCK WARP_SIZE
__global__ void decodeActive(const int *in, unsigned *out) {
  unsigned int mask = __activemask();
  // CHECK: :[[@LINE-1]]:23: warning: result of '__activemask' narrowed to the 32-bit type 'unsigned int'
  out[threadIdx.x] = mask & (unsigned)in[threadIdx.x];
}
void launchDecode(const int *in, unsigned *out, hipStream_t stream) {
  const dim3 block{DECODE_BLOCK};
  decodeActive<<<dim3(64), block, 0, stream>>>(in, out);
}
