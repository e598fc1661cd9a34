// A template that hands a value of a type it does not know to a 32-bit bit function or to a
// project function taking 'unsigned int': the template's own parse cannot tell whether a 64-bit
// lane mask is cut there. Its instantiations can: a tile class whose 'ballot' returns the whole
// wavefront's mask loses lanes 32-63 in '__popc(tile.ballot(p))', and 'ffs32(m)' picks the
// 32-bit overload. Reported once, at the template's line, for the instantiations that narrow.
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='tile_vote\.h' %s -- %hip_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %clang_tidy -checks='-*,rocm-warp-size-assumption' -header-filter='tile_vote\.h' %s -- %hip_device_flags -I %S/Inputs 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='warning:' --implicit-check-not='error:'

#include <hip/hip_runtime.h>
#include "tile_vote.h"

// Header case: the template in the header is instantiated below; the finding is in the header.
// CHECK: tile_vote.h:12:10: warning: 64-bit lane mask passed to 32-bit '__popc'
// CHECK: tile_vote.h:12:10: note: call '__popcll'

__device__ unsigned ffs32(unsigned x) { return __ffs(x); }

// A tile whose vote keeps only its own 32 lanes: a 32-bit count is right for it.
struct HalfTile {
  __device__ unsigned ballot(int p) const { return unsigned(__ballot(p) >> (threadIdx.x & 32)); }
};

template <typename Tile> __device__ int countOf(const Tile &t, int p) {
  // CHECK: :[[@LINE+2]]:10: warning: 64-bit lane mask passed to 32-bit '__popc'
  // CHECK: :[[@LINE+1]]:10: note: call '__popcll'
  return __popc(t.ballot(p));
}

template <typename Tile> __device__ int firstOf(const Tile &t, int p) {
  auto work = t.ballot(p);
  // CHECK: :[[@LINE+1]]:16: warning: lane mask narrowed to the 32-bit type 'unsigned int'
  return ffs32(work) - 1;
}

// A member template of a class template: each class instantiation has its own.
template <typename Tile> struct Bucket {
  Tile tile;
  template <typename Eq> __device__ int find(int key, Eq eq) const {
    auto found = tile.ballot(eq(key));
    // CHECK: :[[@LINE+1]]:18: warning: lane mask narrowed to the 32-bit type 'unsigned int'
    return ffs32(found) - 1;
  }
};
struct SameKey {
  __device__ bool operator()(int k) const { return k == int(threadIdx.x); }
};

// Quiet: the 64-bit functions keep every lane, whatever the tile.
template <typename Tile> __device__ int wideCountOf(const Tile &t, int p) {
  auto work = t.ballot(p);
  return __popcll(work) + __ffsll(work);
}

// Quiet: only instantiated with the tile whose vote is 32 bits wide.
template <typename Tile> __device__ int halfCountOf(const Tile &t, int p) { return __popc(t.ballot(p)); }

// Macro case: a macro that writes the count and its argument is the macro's own business.
#define COUNT_VOTES(t, p) __popc((t).ballot(p))
template <typename Tile> __device__ int macroCountOf(const Tile &t, int p) { return COUNT_VOTES(t, p); }

__global__ void tiles(const int *in, int *out) {
  WaveTile w;
  HalfTile h;
  int p = in[threadIdx.x];
  out[0] = countOf(w, p) + countOf(h, p);
  out[1] = firstOf(w, p) + firstOf(h, p);
  out[2] = wideCountOf(w, p) + halfCountOf(h, p);
  out[3] = macroCountOf(w, p) + headerCount(w, p);
  out[4] = Bucket<WaveTile>{w}.find(p, SameKey{});
}
